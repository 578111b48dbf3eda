import { endpoints } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { claimPlanReward } from './claim-plan-reward';
import {
  bookTestContent,
  courseByProcess,
  courseRewardInfo,
  learningBook,
  randomCourseOfBook,
  stageDetail,
  stageFinishInfo,
  stageInfo,
  userLevel,
} from './course-views';
import { loadPlan, presentPlan } from './plan-view';
import { submitCourse } from './submit-course';

export function registerStudyPlanRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.studyPlan, async ({ deps, userId, query, request }) =>
    presentPlan(await loadPlan(deps, deps.db, userId, query.level, request.log), query.type, deps),
  );
  defineRoute(app, endpoints.studyPlanStage, ({ deps, userId, query, request }) =>
    stageDetail(deps, request.log, userId, query),
  );
  defineRoute(app, endpoints.studyPlanReward, ({ deps, userId, body, request }) =>
    claimPlanReward(deps, request.log, userId, body),
  );
  defineRoute(app, endpoints.studyPlanRandId, ({ deps, userId, query, request }) =>
    randomCourseOfBook(deps, request.log, userId, query.book_id),
  );
  defineRoute(app, endpoints.learningBook, ({ deps, userId, params, request }) =>
    learningBook(deps, request.log, userId, params.id),
  );
  defineRoute(app, endpoints.learningTestContent, ({ deps, userId, params, request }) =>
    bookTestContent(deps, request.log, userId, params.id),
  );
  defineRoute(app, endpoints.learningProcess, ({ deps, userId, params, request }) =>
    courseByProcess(deps, request.log, userId, params.id),
  );
  defineRoute(app, endpoints.submitCourse, ({ deps, userId, body, request }) =>
    submitCourse(deps, request.log, userId, body),
  );
  defineRoute(app, endpoints.stageInfo, ({ deps, userId, query, request }) =>
    stageInfo(deps, request.log, userId, query),
  );
  defineRoute(app, endpoints.stageFinishInfo, ({ deps, userId, query, request }) =>
    stageFinishInfo(deps, request.log, userId, query),
  );
  defineRoute(app, endpoints.courseReward, ({ deps, userId, params, request }) =>
    courseRewardInfo(deps, request.log, userId, params.id),
  );
  defineRoute(app, endpoints.userLevel, ({ deps, userId, params, query, request }) =>
    userLevel(deps, request.log, userId, params.id, query.type, false),
  );
  defineRoute(app, endpoints.setUserLevel, ({ deps, userId, params, body, request }) =>
    userLevel(deps, request.log, userId, params.id, body.type, true),
  );
}
