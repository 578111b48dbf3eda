import type { Messages } from '../shared/i18n/zh-CN';

export type RouteTitle = keyof Messages['routes'];

/**
 * Which frame a route sits in: the main tabs (tab rail and background), a page over the tab
 * background, a full-screen child page (landscape), the parents' area (portrait), or an activity
 * (portrait when the app can rotate, like the parents' area, but a child's page: no parental gate).
 */
export type RouteFrame = 'tabs' | 'tabBackground' | 'child' | 'parents' | 'activity';

export interface AppRouteDef {
  path: string;
  title: RouteTitle;
  frame: RouteFrame;
}

/** The whole route table of the spec (shell-and-account §2). Screens arrive feature by feature. */
export const appRoutes: AppRouteDef[] = [
  // Main tabs
  { path: '/library', title: 'library', frame: 'tabs' },
  { path: '/learning', title: 'learning', frame: 'tabs' },
  { path: '/words', title: 'words', frame: 'tabs' },
  // Library
  { path: '/library/read/:bookId/:processId', title: 'read', frame: 'child' },
  { path: '/library/cn_read/:bookId/:processId', title: 'cnRead', frame: 'child' },
  { path: '/library/explain/:bookId/:processId', title: 'explain', frame: 'child' },
  { path: '/library/detail/:bookId/:level/:week/:day', title: 'detail', frame: 'tabBackground' },
  { path: '/library/repeat/:bookId/:processId', title: 'repeat', frame: 'child' },
  { path: '/library/speak/:bookId', title: 'speak', frame: 'child' },
  { path: '/library/pk/:type/:bookId/:rankId', title: 'pk', frame: 'child' },
  { path: '/library/production/:bookId/:rankId', title: 'production', frame: 'child' },
  {
    path: '/library/productionFinished/:bookId/:rankId',
    title: 'productionFinished',
    frame: 'child',
  },
  { path: '/library/finished/:type/:bookId/:uuid?', title: 'finished', frame: 'child' },
  { path: '/library/finished2/:type/:bookId/:uuid?', title: 'finished', frame: 'child' },
  { path: '/library/finished4/:type/:bookId/:uuid?', title: 'finished', frame: 'child' },
  { path: '/library/tasteTest/:bookId', title: 'tasteTest', frame: 'child' },
  // Works
  { path: '/works/home/:userId?', title: 'worksHome', frame: 'child' },
  { path: '/works/list', title: 'worksList', frame: 'child' },
  // Learning
  { path: '/learning/video/:processId', title: 'learningVideo', frame: 'child' },
  { path: '/learning/partContent/:processId', title: 'learningPart', frame: 'child' },
  { path: '/learning/book/:bookId', title: 'learningBook', frame: 'tabBackground' },
  {
    path: '/learning/finish/:level/:world/:stage/:subPath/:subStage',
    title: 'learningFinish',
    frame: 'child',
  },
  {
    path: '/learning/redo/report/:reportId/course/:courseId',
    title: 'learningRedo',
    frame: 'child',
  },
  { path: '/learning/redo/report/:reportId/words/:typeId', title: 'learningRedo', frame: 'child' },
  {
    path: '/learning/redo/report/:reportId/pronounce/:courseType',
    title: 'learningRedo',
    frame: 'child',
  },
  {
    path: '/learning/redoPreview/report/:reportId/course/:courseId',
    title: 'learningRedoPreview',
    frame: 'child',
  },
  {
    path: '/learning/lookOver/report/:reportId/course/:courseId',
    title: 'learningLookOver',
    frame: 'child',
  },
  // Words
  { path: '/words/preview/:bookId', title: 'wordsPreview', frame: 'tabBackground' },
  { path: '/words/detail/:bookId', title: 'wordsDetail', frame: 'child' },
  { path: '/words/recite/:bookId', title: 'wordsRecite', frame: 'child' },
  // Parents
  { path: '/parents/center', title: 'parentsCenter', frame: 'parents' },
  { path: '/parents/giftCard', title: 'giftCard', frame: 'parents' },
  { path: '/parents/message', title: 'message', frame: 'parents' },
  { path: '/parents/reportList', title: 'reportList', frame: 'parents' },
  { path: '/parents/unitReport/:id', title: 'unitReport', frame: 'parents' },
  { path: '/parents/UnitReport2', title: 'unitReport', frame: 'parents' },
  { path: '/parents/bookReport/:bookId', title: 'bookReport', frame: 'parents' },
  { path: '/parents/store', title: 'store', frame: 'parents' },
  { path: '/parents/store/sales', title: 'storeSales', frame: 'parents' },
  { path: '/parents/store/orderResult/:orderId', title: 'orderResult', frame: 'parents' },
  { path: '/parents/store/problem', title: 'storeProblem', frame: 'parents' },
  { path: '/parents/store/xiaoduVip/buy', title: 'xiaoduVipBuy', frame: 'parents' },
  { path: '/parents/store/xiaoduVip/result', title: 'xiaoduVipResult', frame: 'parents' },
  { path: '/parents/store/activation', title: 'activation', frame: 'parents' },
  { path: '/parents/store/upgradeLifeVip', title: 'upgradeLifeVip', frame: 'parents' },
  { path: '/parents/store/upgradeLifeVip2', title: 'upgradeLifeVip', frame: 'parents' },
  { path: '/parents/feedback', title: 'feedback', frame: 'parents' },
  { path: '/parents/aboutUs', title: 'aboutUs', frame: 'parents' },
  { path: '/parents/deleteAccount', title: 'deleteAccount', frame: 'parents' },
  { path: '/parents/starDetail', title: 'starDetail', frame: 'parents' },
  { path: '/parents/points', title: 'points', frame: 'parents' },
  { path: '/parents/points/pointDetails', title: 'pointDetails', frame: 'parents' },
  { path: '/parents/points/pointGoods/:itemId/:skuId?', title: 'pointGoods', frame: 'parents' },
  { path: '/parents/points/posters', title: 'posters', frame: 'parents' },
  { path: '/parents/points/invite', title: 'invite', frame: 'parents' },
  { path: '/parents/giftList', title: 'giftList', frame: 'parents' },
  { path: '/parents/giftList/giftGoods/:itemId/:skuId?', title: 'giftGoods', frame: 'parents' },
  { path: '/levelExplain', title: 'levelExplain', frame: 'parents' },
  // Evaluation
  { path: '/evaluating', title: 'evaluating', frame: 'child' },
  { path: '/evaluating/finished/:level', title: 'evaluatingFinished', frame: 'child' },
  // Missions (joinCamp is the same screen as the camp)
  { path: '/mission/growth', title: 'missionGrowth', frame: 'child' },
  { path: '/mission/zero', title: 'missionZero', frame: 'child' },
  { path: '/mission/freeRead', title: 'missionFreeRead', frame: 'child' },
  { path: '/mission/freeLearn2', title: 'missionFreeLearn', frame: 'child' },
  { path: '/mission/trainingCamp', title: 'trainingCamp', frame: 'child' },
  { path: '/mission/joinCamp', title: 'trainingCamp', frame: 'child' },
  // Activities (portrait like the parents' area)
  { path: '/act/lotteryWheel/:lotteryId', title: 'lotteryWheel', frame: 'activity' },
  { path: '/act/lotteryPrizes', title: 'lotteryPrizes', frame: 'activity' },
  { path: '/act/upgradeLifeVip/freeRead', title: 'upgradeLifeVipFreeRead', frame: 'parents' },
  { path: '/act/upgradeLifeVip/:token', title: 'upgradeLifeVip', frame: 'parents' },
  // Planning and bookshelf
  { path: '/planning', title: 'planning', frame: 'child' },
  { path: '/planning/daily/:level/:week/:day', title: 'planningDaily', frame: 'child' },
  { path: '/bookshelf/:type', title: 'bookshelf', frame: 'child' },
];

/** Demo and test routes: only in non-production builds or the Alpha edition (spec §2). */
export const demoRouteNames = [
  'blank',
  'transition',
  'br',
  'spine',
  'fonts',
  'appBridge',
  'appBridge/video',
  'pin',
  'icon',
  'popups',
  'testAnim',
  'envMatch',
  'recorder',
] as const;

/**
 * Portrait layout for /parents/... and /act/... (spec §2), the level explanation, and a work
 * shared with the family (/s/..., decision 092: opened on a grandparent's phone).
 */
export function isPortraitPath(pathname: string): boolean {
  return (
    pathname.startsWith('/parents/') ||
    pathname.startsWith('/act/') ||
    pathname.startsWith('/s/') ||
    pathname === '/levelExplain'
  );
}
