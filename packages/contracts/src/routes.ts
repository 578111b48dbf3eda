/**
 * Method, path and auth mode of every endpoint, free of zod so that the web bundle can use it.
 * `endpoints.ts` adds the schemas on top of this table.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: anyone, anyone (user resolved when a token is sent), a logged-in
 * user, or a logged-in operator (header ops_token; never a family's token).
 */
export type AuthMode = 'none' | 'optional' | 'user' | 'operator';

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
  // Points mall (learning-content §7) and the address book it shares with gift cards.
  pointsDetail: { method: 'GET', path: '/api/v1/points_mall/points/detail', auth: 'user' },
  dailySign: { method: 'POST', path: '/api/v1/points_mall/missions/daily_sign', auth: 'user' },
  dailySignDetail: {
    method: 'GET',
    path: '/api/v1/points_mall/missions/daily_sign',
    auth: 'user',
  },
  pointsMissions: { method: 'GET', path: '/api/v1/points_mall/missions', auth: 'user' },
  receivePoints: { method: 'POST', path: '/api/v1/points_mall/points/receive', auth: 'user' },
  pointsRecord: { method: 'GET', path: '/api/v1/points_mall/points/record', auth: 'user' },
  goodsList: { method: 'GET', path: '/api/v1/points_mall/goods/list', auth: 'user' },
  goodsDetail: { method: 'GET', path: '/api/v1/points_mall/goods/detail', auth: 'user' },
  exchangeGoods: { method: 'POST', path: '/api/v1/points_mall/goods/exchange', auth: 'user' },
  orderDetail: { method: 'GET', path: '/api/v1/points_mall/order/detail', auth: 'user' },
  orderList: { method: 'GET', path: '/api/v1/points_mall/order/list', auth: 'user' },
  cancelOrder: { method: 'POST', path: '/api/v1/points_mall/order/cancel', auth: 'user' },
  areaList: { method: 'GET', path: '/api/v1/points_mall/area/list', auth: 'user' },
  addressList: { method: 'GET', path: '/api/v1/points_mall/address/list', auth: 'user' },
  saveAddress: { method: 'POST', path: '/api/v1/points_mall/address/save', auth: 'user' },
  deleteAddress: { method: 'POST', path: '/api/v1/points_mall/address/delete', auth: 'user' },
  invitees: { method: 'GET', path: '/api/v1/points_mall/invitation/invitees', auth: 'user' },
  inviteRanks: { method: 'GET', path: '/api/v1/points_mall/invitation/ranks', auth: 'user' },
  // Lucky wheel (learning-content §7 lottery).
  lotteryInfo: { method: 'GET', path: '/api/v1/lottery', auth: 'user' },
  lotteryDraw: { method: 'POST', path: '/api/v1/lottery', auth: 'user' },
  lotteryGetReward: { method: 'POST', path: '/api/v1/lottery/get_reward', auth: 'user' },
  lotteryApplyChance: { method: 'POST', path: '/api/v1/lottery/apply_chance', auth: 'user' },
  lotteryAwards: { method: 'GET', path: '/api/v1/lottery/awards', auth: 'user' },
  // Gift cards, lifelong-VIP promotions, invitations (learning-content §7; decisions 051–053).
  giftCards: { method: 'GET', path: '/api/v1/gift_card', auth: 'user' },
  giftCardActivations: { method: 'GET', path: '/api/v1/gift_card/activations', auth: 'user' },
  giftCardActivate: { method: 'POST', path: '/api/v1/gift_card/active', auth: 'user' },
  giftCardCheck: { method: 'GET', path: '/api/v1/gift_card/check', auth: 'user' },
  giftCardRedeem: { method: 'POST', path: '/api/v1/gift_card/redeem', auth: 'user' },
  giftPrizes: { method: 'GET', path: '/api/v1/gift_card/prizes', auth: 'user' },
  giftPrize: { method: 'GET', path: '/api/v1/gift_card/prizes/:skuId/:itemId', auth: 'user' },
  giftPrizeAddress: { method: 'POST', path: '/api/v1/gift_card/prizes/address', auth: 'user' },
  lifelongStatus: { method: 'GET', path: '/api/v1/act/lifelong/status', auth: 'user' },
  lifelongTransform: { method: 'POST', path: '/api/v1/act/lifelong/transform', auth: 'user' },
  lifelongLink: { method: 'GET', path: '/api/v1/act/lifelong/link/:token', auth: 'optional' },
  lifelongLinkClaim: { method: 'POST', path: '/api/v1/act/lifelong/link/:token', auth: 'user' },
  bringsNew: { method: 'GET', path: '/api/v1/promo/brings_new', auth: 'user' },
  genQrcode: { method: 'GET', path: '/api/v1/gen_qrcode', auth: 'user' },
  goods: { method: 'GET', path: '/api/v1/goods', auth: 'optional' },
  createOrder: { method: 'POST', path: '/api/v1/order', auth: 'user' },
  order: { method: 'GET', path: '/api/v1/order/:id', auth: 'user' },
  orders: { method: 'GET', path: '/api/v1/orders', auth: 'user' },
  cancelStoreOrder: { method: 'POST', path: '/api/v1/order/:id/cancel', auth: 'user' },
  appleReceipt: { method: 'POST', path: '/api/v1/order/:id/apple', auth: 'user' },
  huaweiReceipt: { method: 'POST', path: '/api/v1/order/:id/huawei', auth: 'user' },
  restorePurchases: { method: 'POST', path: '/api/v1/order/restore', auth: 'user' },
  // Operators (not families): the one audited way to change what operators change (decision 044).
  opsLogin: { method: 'POST', path: '/api/ops/login', auth: 'none' },
  opsLogout: { method: 'POST', path: '/api/ops/logout', auth: 'operator' },
  opsMe: { method: 'GET', path: '/api/ops/me', auth: 'operator' },
  opsRunAction: { method: 'POST', path: '/api/ops/actions/:name', auth: 'operator' },
  opsAudit: { method: 'GET', path: '/api/ops/audit', auth: 'operator' },
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
  // Missions, footprints and camps (learning-content §7; decisions 054, 055).
  missionHints: { method: 'GET', path: '/api/v1/user/missions/hints', auth: 'user' },
  missions: { method: 'GET', path: '/api/v1/user/missions', auth: 'user' },
  collectMission: { method: 'POST', path: '/api/v1/user/missions/:id', auth: 'user' },
  footprints: { method: 'GET', path: '/api/v1/user/footprints', auth: 'user' },
  campFreeLearn: { method: 'GET', path: '/api/v1/user/missions/freelearn', auth: 'user' },
  campFreeLearnCalendar: {
    method: 'GET',
    path: '/api/v1/user/missions/freelearn/calendar',
    auth: 'user',
  },
  campFreeLearnSuggest: {
    method: 'GET',
    path: '/api/v1/user/missions/freelearn/suggest',
    auth: 'user',
  },
  campFreeRead: { method: 'GET', path: '/api/v1/user/missions/freeread', auth: 'user' },
  campFreeReadCalendar: {
    method: 'GET',
    path: '/api/v1/user/missions/freeread/calendar',
    auth: 'user',
  },
  campFreeReadSuggest: {
    method: 'GET',
    path: '/api/v1/user/missions/freeread/suggest',
    auth: 'user',
  },
  campFreeLearn2: { method: 'GET', path: '/api/v1/user/missions/freelearn2', auth: 'user' },
  campFreeLearn2Calendar: {
    method: 'GET',
    path: '/api/v1/user/missions/freelearn2/calendar',
    auth: 'user',
  },
  campFreeLearn2Suggest: {
    method: 'GET',
    path: '/api/v1/user/missions/freelearn2/suggest',
    auth: 'user',
  },
  campTraining: { method: 'GET', path: '/api/v1/user/missions/training', auth: 'user' },
  campTrainingCalendar: {
    method: 'GET',
    path: '/api/v1/user/missions/training/calendar',
    auth: 'user',
  },
  campTrainingSuggest: {
    method: 'GET',
    path: '/api/v1/user/missions/training/suggest',
    auth: 'user',
  },
  campFreeLearnJoin: { method: 'POST', path: '/api/v1/user/missions/freelearn/join', auth: 'user' },
  campFreeReadJoin: { method: 'POST', path: '/api/v1/user/missions/freeread/join', auth: 'user' },
  campFreeLearn2Level: {
    method: 'POST',
    path: '/api/v1.1/user/missions/freelearn2/level',
    auth: 'user',
  },
  campTrainingLevel: {
    method: 'POST',
    path: '/api/v1.1/user/missions/training/level',
    auth: 'user',
  },
  // Kob, the daily reading challenge (decision 056).
  kob: { method: 'GET', path: '/api/v1/kob', auth: 'user' },
  kobChallenge: { method: 'POST', path: '/api/v1/kob/challenge', auth: 'user' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
