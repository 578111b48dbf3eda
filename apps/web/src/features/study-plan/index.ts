/**
 * The study plan's progress and courses, for the reports' redo screen (the course player itself is
 * passed to it by app/redo-route.tsx, so this entry stays light).
 */
export type { CoursePlayerProps } from './player/CoursePlayer';
export { refreshProgress, type SubmitInput, useCourse } from './study-plan-queries';
