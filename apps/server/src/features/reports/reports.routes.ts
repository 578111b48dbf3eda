import { endpoints } from '@picbook/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { defineRoute } from '../../platform/http/define-route';
import {
  courseReport,
  redoPronounce,
  redoReport,
  reportRedo,
  reportRedoItems,
} from './course-reports';
import {
  bookReport,
  myAward,
  readReport,
  readReports,
  reportCards,
  userStars,
} from './learning-reports';
import {
  clickMessage,
  listMessages,
  parentSpace,
  saveLearnSetting,
  sendFeedback,
} from './parent-space';
import { finishGrading, gradeQuiz, gradeWords } from './placement';
import { makePoster } from './posters';
import { recordStudyTime } from './study-time';

/** The public origin (PUBLIC_URL), else the one the family reached us at: the posters' QR. */
const originOf = (deps: AppDeps, request: FastifyRequest) =>
  deps.config.payments.publicUrl ?? `${request.protocol}://${request.host}`;

/** Placement test, reports and redo, posters, parent space (issue 14; decisions 062–064). */
export function registerReportRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.gradeWords, ({ deps, query }) => gradeWords(deps, query));
  defineRoute(app, endpoints.gradeQuiz, ({ deps, query }) => gradeQuiz(deps, query));
  defineRoute(app, endpoints.grading, ({ deps, userId, body }) =>
    finishGrading(deps, userId, body),
  );
  defineRoute(app, endpoints.report, ({ deps, userId, query }) =>
    courseReport(deps, userId, query.report_id),
  );
  defineRoute(app, endpoints.reportRedo, ({ deps, userId, query }) =>
    reportRedo(deps, userId, query),
  );
  defineRoute(app, endpoints.reportRedoCoreWords, ({ deps, userId, query }) =>
    reportRedoItems(deps, userId, query, 'words'),
  );
  defineRoute(app, endpoints.reportRedoPronounce, ({ deps, userId, query }) =>
    reportRedoItems(deps, userId, query, 'pronounce'),
  );
  defineRoute(app, endpoints.submitRedoPronounce, ({ deps, userId, body, request }) =>
    redoPronounce(deps, request.log, userId, body),
  );
  defineRoute(app, endpoints.submitReportRedo, ({ deps, userId, body, request }) =>
    redoReport(deps, request.log, userId, body),
  );
  defineRoute(app, endpoints.reportCards, ({ deps, userId, query }) =>
    reportCards(deps, userId, query.level),
  );
  defineRoute(app, endpoints.bookReport, ({ deps, userId, params }) =>
    bookReport(deps, userId, params.id),
  );
  defineRoute(app, endpoints.readReports, ({ deps, userId }) => readReports(deps, userId));
  defineRoute(app, endpoints.readReport, ({ deps, userId, query }) =>
    readReport(deps, userId, query.uuid),
  );
  defineRoute(app, endpoints.userStars, ({ deps, userId, query }) =>
    userStars(deps, userId, query.level),
  );
  defineRoute(app, endpoints.myAward, ({ deps, userId, query }) => myAward(deps, userId, query));
  for (const endpoint of [endpoints.poster, endpoints.posterV2]) {
    defineRoute(app, endpoint, ({ deps, userId, body, request }) =>
      makePoster(deps, userId, body, originOf(deps, request)),
    );
  }
  defineRoute(app, endpoints.parentSpace, ({ deps, userId }) => parentSpace(deps, userId));
  defineRoute(app, endpoints.learnSetting, ({ deps, userId, body }) =>
    saveLearnSetting(deps, userId, body),
  );
  defineRoute(app, endpoints.studyTime, ({ deps, userId, body }) =>
    recordStudyTime(deps, userId, body),
  );
  defineRoute(app, endpoints.parentMessages, ({ deps, userId, query }) =>
    listMessages(deps, userId, query),
  );
  defineRoute(app, endpoints.clickMessage, ({ deps, userId, body }) =>
    clickMessage(deps, userId, body.id),
  );
  defineRoute(app, endpoints.feedback, ({ deps, userId, body }) =>
    sendFeedback(deps, userId, body),
  );
}
