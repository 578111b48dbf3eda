/** Study plan area: the plan, its courses and their media, submitting and rewarding a course. */
export { courseMediaRule } from './course-media';
export { syncStudyPlan } from './import-plan';
export { registerStudyPlanRoutes } from './study-plan.routes';
export { checkSubmitRate, courseRewardRule, scoreItems, settleCourseReward } from './submit-course';
