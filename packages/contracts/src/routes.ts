/**
 * Method, path and auth mode of every endpoint, free of zod so that the web bundle can use it.
 * `endpoints.ts` adds the schemas on top of this table.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call an endpoint: anyone, anyone (user resolved when a token is sent), or a logged-in user. */
export type AuthMode = 'none' | 'optional' | 'user';

export interface RouteDef {
  method: HttpMethod;
  /** Fastify-style path; `:name` segments are path parameters. */
  path: string;
  auth: AuthMode;
}

export const routes = {
  serverInfo: { method: 'GET', path: '/api/serverinfo', auth: 'none' },
  uuid: { method: 'GET', path: '/api/v1/uuid', auth: 'none' },
  pingback: { method: 'POST', path: '/api/v1/pingback', auth: 'optional' },
  configs: { method: 'GET', path: '/api/v1/configs', auth: 'none' },
  promotion: { method: 'GET', path: '/api/v1/configs/promotion', auth: 'optional' },
  smsAreas: { method: 'GET', path: '/api/v1/configs/sms_areas', auth: 'none' },
  loginOptions: { method: 'GET', path: '/api/v1/configs/login', auth: 'none' },
  guestLogin: { method: 'POST', path: '/api/v1/guest_login', auth: 'none' },
  sms: { method: 'GET', path: '/api/v1/sms', auth: 'optional' },
  login: { method: 'POST', path: '/api/v1.1/login', auth: 'optional' },
  passwordLogin: { method: 'POST', path: '/api/v1/login', auth: 'optional' },
  register: { method: 'POST', path: '/api/v1/register', auth: 'optional' },
  bindThirdParty: { method: 'POST', path: '/api/v1.1/user/bind_3rd', auth: 'user' },
  logout: { method: 'POST', path: '/api/v1/user/logout', auth: 'user' },
  userInfo: { method: 'GET', path: '/api/v1/user', auth: 'user' },
  saveChild: { method: 'POST', path: '/api/v1/child', auth: 'user' },
  userAvatar: { method: 'POST', path: '/api/v1/user/avatar', auth: 'user' },
  userNotifications: { method: 'POST', path: '/api/v1/user/notifications', auth: 'user' },
  userCode: { method: 'GET', path: '/api/v1/user/code', auth: 'user' },
  getStorages: { method: 'GET', path: '/api/v1/user/storages', auth: 'user' },
  saveStorages: { method: 'POST', path: '/api/v1/user/storages', auth: 'user' },
  cancelAccount: { method: 'POST', path: '/api/v1/user/cancel', auth: 'user' },
  levelBooks: { method: 'GET', path: '/api/v1.2/learning/level/:level', auth: 'optional' },
  book: { method: 'GET', path: '/api/v1.1/books/:id', auth: 'optional' },
  bookSummary: { method: 'GET', path: '/api/v1/books/:id/summary', auth: 'optional' },
  unlockBook: { method: 'POST', path: '/api/v1/books/:id/unlock', auth: 'user' },
  interactiveAreas: {
    method: 'GET',
    path: '/api/v1/books/:id/interactive_areas',
    auth: 'optional',
  },
  saveProcess: { method: 'POST', path: '/api/v1/user/process/:id', auth: 'user' },
  bookshelf: { method: 'GET', path: '/api/v1/bookshelf/:type', auth: 'user' },
  favoriteBook: { method: 'POST', path: '/api/v1/books/:id/favorite', auth: 'user' },
  speech: { method: 'POST', path: '/api/v1/speech', auth: 'user' },
  audio: { method: 'POST', path: '/api/v1/audio', auth: 'user' },
  libraryReward: { method: 'GET', path: '/api/v1/library/reward/:bookId', auth: 'user' },
  finishBook: { method: 'GET', path: '/api/v1/books/:id/finish', auth: 'user' },
  shareReward: { method: 'POST', path: '/api/v1/books/:id/share/reward', auth: 'user' },
  getPublicWorks: { method: 'GET', path: '/api/v1/user/public_works', auth: 'user' },
  setPublicWorks: { method: 'POST', path: '/api/v1/user/public_works', auth: 'user' },
  likeWork: { method: 'POST', path: '/api/v1/rank/:id/like', auth: 'user' },
  unlikeWork: { method: 'POST', path: '/api/v1/rank/:id/unlike', auth: 'user' },
  rankDetail: { method: 'GET', path: '/api/v1/rank/:id', auth: 'optional' },
  bookRanks: { method: 'GET', path: '/api/v1.2/books/:id/ranks', auth: 'optional' },
  myRank: { method: 'GET', path: '/api/v1.2/books/:id/myrank', auth: 'user' },
  bookPk: { method: 'GET', path: '/api/v1.2/books/:id/pk', auth: 'user' },
  userOverview: { method: 'GET', path: '/api/v1/user/overview/:id', auth: 'optional' },
  userWorks: { method: 'GET', path: '/api/v1/user/works/:id', auth: 'optional' },
  deleteWork: { method: 'DELETE', path: '/api/v1/user/works/:id', auth: 'user' },
  studyPlan: { method: 'GET', path: '/api/v1/study_plan', auth: 'optional' },
  studyPlanStage: { method: 'GET', path: '/api/v1/study_plan/stage', auth: 'optional' },
  studyPlanReward: { method: 'POST', path: '/api/v1/study_plan/reward/receive', auth: 'user' },
  studyPlanRandId: { method: 'GET', path: '/api/v1/study_plan/get_randid', auth: 'optional' },
  learningBook: { method: 'GET', path: '/api/v1.1/learning/book/:id', auth: 'optional' },
  learningTestContent: {
    method: 'GET',
    path: '/api/v1/learning/book/:id/test_content',
    auth: 'optional',
  },
  learningProcess: { method: 'GET', path: '/api/v1/learning/process/:id', auth: 'optional' },
  submitCourse: { method: 'POST', path: '/api/v1.2/learning/course', auth: 'user' },
  stageInfo: { method: 'GET', path: '/api/v1/learning/stage_info', auth: 'optional' },
  stageFinishInfo: { method: 'GET', path: '/api/v1.1/learning/stage_finish_info', auth: 'user' },
  courseReward: { method: 'GET', path: '/api/v1/learning/reward/:id', auth: 'user' },
  userLevel: { method: 'GET', path: '/api/v1/user/level/:id', auth: 'user' },
  setUserLevel: { method: 'POST', path: '/api/v1/user/level/:id', auth: 'user' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
