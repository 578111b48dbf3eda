import {
  createBrowserRouter,
  Navigate,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
  useParams,
} from 'react-router';
import { HOME_PATH } from '../shared/navigation/home-paths';
import { ActivityFrame, ChildPageFrame, ParentsFrame, TabBackgroundFrame } from './layout/Frames';
import type { RouteHandle } from './layout/route-handle';
import { TabsLayout } from './layout/TabsLayout';
import { lazyPage } from './navigation/lazy-page';
import { RootLayout } from './RootLayout';
import { ROUTE_NAMESPACES } from './route-locales';
import { type AppRouteDef, appRoutes, demoRouteNames, type RouteFrame } from './route-table';
import { NotFoundScreen } from './screens/NotFoundScreen';
import { RouteErrorScreen } from './screens/RouteErrorScreen';
import { Splash } from './screens/Splash';

type PageLoader = Parameters<typeof lazyPage>[0];

/** The screen of every route of the table (router.test.ts checks none is missing). */
export const pages: Record<string, PageLoader> = {
  '/library': () => import('../features/library/pages/LibraryPage'),
  '/library/read/:bookId/:processId': () => import('../features/library/reader/ReaderPage'),
  '/library/cn_read/:bookId/:processId': () => import('../features/library/reader/ReaderPage'),
  '/library/explain/:bookId/:processId': () => import('../features/library/reader/ReaderPage'),
  '/library/detail/:bookId/:level/:week/:day': () => import('./book-detail-route'),
  '/bookshelf/:type': () => import('../features/library/pages/BookshelfPage'),
  '/library/repeat/:bookId/:processId': () => import('../features/practice/PracticePage'),
  '/library/speak/:bookId': () => import('../features/practice/PracticePage'),
  '/library/finished/:type/:bookId/:uuid?': () => import('../features/practice/FinishedPage'),
  '/library/finished2/:type/:bookId/:uuid?': () => import('../features/practice/FinishedPage'),
  '/library/finished4/:type/:bookId/:uuid?': () => import('../features/practice/FinishedPage'),
  '/library/pk/:type/:bookId/:rankId': () => import('../features/works/PkPage'),
  '/works/home/:userId?': () => import('../features/works/WorksHomePage'),
  '/works/list': () => import('../features/works/WorksListPage'),
  '/library/production/:bookId/:rankId': () => import('../features/practice/ProductionPage'),
  '/library/productionFinished/:bookId/:rankId': () =>
    import('../features/practice/ProductionFinishedPage'),
  '/learning': () => import('../features/study-plan/pages/LearningPage'),
  '/planning': () => import('../features/study-plan/pages/PlanningPage'),
  '/planning/daily/:level/:week/:day': () => import('../features/study-plan/pages/DailyPage'),
  '/learning/partContent/:processId': () => import('../features/study-plan/pages/CoursePage'),
  '/learning/video/:processId': () => import('../features/study-plan/pages/VideoPage'),
  '/learning/book/:bookId': () => import('../features/study-plan/pages/LearningBookPage'),
  '/learning/finish/:level/:world/:stage/:subPath/:subStage': () =>
    import('../features/study-plan/pages/FinishPage'),
  '/words': () => import('../features/words/pages/WordsPage'),
  '/words/preview/:bookId': () => import('../features/words/pages/WordsPreviewPage'),
  '/words/detail/:bookId': () => import('../features/words/pages/WordsDetailPage'),
  '/words/recite/:bookId': () => import('../features/words/pages/WordsRecitePage'),
  '/parents/center': () => import('../features/parents/pages/ParentsCenterPage'),
  '/parents/deleteAccount': () => import('../features/parents/pages/DeleteAccountPage'),
  '/parents/points': () => import('../features/points/pages/PointsHomePage'),
  '/parents/points/pointDetails': () => import('../features/points/pages/PointDetailsPage'),
  '/parents/points/pointGoods/:itemId/:skuId?': () =>
    import('../features/points/pages/PointGoodsPage'),
  '/parents/points/posters': () => import('../features/points/pages/PostersPage'),
  '/parents/points/invite': () => import('../features/points/pages/InvitePage'),
  '/act/lotteryWheel/:lotteryId': () => import('../features/lottery/pages/LotteryWheelPage'),
  '/act/lotteryPrizes': () => import('../features/lottery/pages/LotteryPrizesPage'),
  '/parents/store': () => import('../features/store/pages/StorePage'),
  '/parents/store/sales': () => import('../features/store/pages/SalesPage'),
  '/parents/store/orderResult/:orderId': () => import('../features/store/pages/OrderResultPage'),
  '/parents/store/problem': () => import('../features/store/pages/StoreProblemPage'),
  '/parents/store/xiaoduVip/buy': () => import('../features/store/pages/XiaoduVipBuyPage'),
  '/parents/store/xiaoduVip/result': () => import('../features/store/pages/XiaoduVipResultPage'),
  '/parents/giftCard': () => import('../features/gift-cards/pages/GiftCardPage'),
  '/parents/store/activation': () => import('../features/gift-cards/pages/ActivationPage'),
  '/parents/giftList': () => import('../features/gift-cards/pages/GiftListPage'),
  '/parents/store/upgradeLifeVip': () => import('../features/promotions/LifelongPage'),
  '/parents/store/upgradeLifeVip2': () => import('../features/promotions/LifelongPage'),
  '/act/upgradeLifeVip/freeRead': () => import('../features/promotions/LifelongPage'),
  '/act/upgradeLifeVip/:token': () => import('../features/promotions/LifelongPage'),
  '/parents/giftList/giftGoods/:itemId/:skuId?': () =>
    import('../features/gift-cards/pages/GiftGoodsPage'),
  '/mission/growth': () => import('../features/missions/pages/GrowthPage'),
  '/mission/zero': () => import('../features/missions/pages/CampPage'),
  '/mission/freeRead': () => import('../features/missions/pages/CampPage'),
  '/mission/freeLearn2': () => import('../features/missions/pages/CampPage'),
  '/mission/trainingCamp': () => import('../features/missions/pages/CampPage'),
  '/mission/joinCamp': () => import('../features/missions/pages/CampPage'),
  '/library/tasteTest/:bookId': () => import('../features/shell/pages/TasteTestPage'),
  '/levelExplain': () => import('../features/shell/pages/LevelExplainPage'),
  '/evaluating': () => import('../features/reports/pages/EvaluatingPage'),
  '/evaluating/finished/:level': () => import('../features/reports/pages/EvaluatingFinishedPage'),
  '/parents/reportList': () => import('../features/reports/pages/ReportListPage'),
  '/parents/bookReport/:bookId': () => import('../features/reports/pages/BookReportPage'),
  '/parents/unitReport/:id': () => import('../features/reports/pages/UnitReportPage'),
  '/parents/UnitReport2': () => import('../features/reports/pages/UnitReportPage'),
  '/parents/message': () => import('../features/reports/pages/MessagePage'),
  '/parents/starDetail': () => import('../features/reports/pages/StarDetailPage'),
  '/parents/feedback': () => import('../features/reports/pages/FeedbackPage'),
  '/parents/aboutUs': () => import('../features/reports/pages/AboutUsPage'),
  '/learning/redo/report/:reportId/course/:courseId': () => import('./redo-route'),
  '/learning/redo/report/:reportId/words/:typeId': () => import('./redo-route'),
  '/learning/redo/report/:reportId/pronounce/:courseType': () => import('./redo-route'),
  '/learning/redoPreview/report/:reportId/course/:courseId': () => import('./redo-route'),
  '/learning/lookOver/report/:reportId/course/:courseId': () => import('./redo-route'),
};

function toRoute(def: AppRouteDef): RouteObject {
  const load = pages[def.path];
  if (!load) throw new Error(`no screen for the route ${def.path}`);
  return {
    path: def.path,
    handle: { title: def.title } satisfies RouteHandle,
    lazy: lazyPage(load, ROUTE_NAMESPACES[def.path]),
  };
}

const frames: Record<RouteFrame, RouteObject['element']> = {
  tabs: <TabsLayout />,
  tabBackground: <TabBackgroundFrame />,
  child: <ChildPageFrame />,
  parents: <ParentsFrame />,
  activity: <ActivityFrame />,
};

const frameId = (frame: RouteFrame) => `frame-${frame}`;

function framed(routes: AppRouteDef[]): RouteObject[] {
  return (Object.keys(frames) as RouteFrame[]).map((frame) => ({
    id: frameId(frame),
    element: frames[frame],
    children: routes.filter((r) => r.frame === frame).map(toRoute),
  }));
}

function WorksRedirect() {
  const { userId } = useParams();
  return <Navigate to={userId ? `/works/home/${userId}` : '/works/home'} replace />;
}

/** Demo and test routes: non-production builds or the Alpha edition only (spec §2). */
function demoRoutes(): RouteObject[] {
  if (import.meta.env.PROD && import.meta.env.VITE_EDITION !== 'alpha') return [];
  return [
    {
      element: <ChildPageFrame />,
      children: demoRouteNames.map((name) => ({
        path: `/demo/${name}`,
        handle: { title: 'demo' } satisfies RouteHandle,
        lazy: lazyPage(() => import('../features/dev/pages/DemoPage'), ['recorder', 'speech']),
      })),
    },
  ];
}

function routeObjects(routes: AppRouteDef[]): RouteObject[] {
  return [
    // A work shared with the family (decision 092): public, outside the app's startup and login.
    {
      path: '/s/:token',
      hydrateFallbackElement: <Splash />,
      errorElement: <RouteErrorScreen />,
      lazy: lazyPage(() => import('../features/works/SharedWorkPage'), ['works']),
    },
    {
      element: <RootLayout />,
      // Pages load lazily: until the first one has, the splash shows (and the router does not
      // warn about a missing HydrateFallback).
      hydrateFallbackElement: <Splash />,
      errorElement: <RouteErrorScreen />,
      children: [
        {
          errorElement: <RouteErrorScreen />,
          children: [
            { path: '/', element: <Navigate to={HOME_PATH} replace /> },
            { path: '/index.html', element: <Navigate to={HOME_PATH} replace /> },
            { path: '/library/works/:userId?', element: <WorksRedirect /> },
            ...framed(routes),
            ...demoRoutes(),
            { path: '*', element: <NotFoundScreen /> },
          ],
        },
      ],
    },
  ];
}

/** The first segment of an address ('library' for /library/read/1603/001). */
const areaOf = (path: string) => path.split('/')[1] ?? '';

/**
 * The router starts with the routes of the opening address's area (its first segment: /library
 * and the ~17 addresses under it) and learns the others on the first navigation that leaves it
 * (React Router's patchRoutesOnNavigation). Ranking and matching ~95 routes was the longest task
 * of a first load on a phone's main thread (decision 106); an address of the opening area never
 * waits, an address elsewhere is matched against the whole table as before.
 */
export function appRouterInit(openingPath: string): {
  routes: RouteObject[];
  patchRoutesOnNavigation: PatchRoutesOnNavigationFunction;
} {
  const area = areaOf(openingPath);
  let later: AppRouteDef[] | null = appRoutes.filter((r) => areaOf(r.path) !== area);
  const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = ({ path, patch }) => {
    if (!later || areaOf(path) === area) return;
    const rest = later;
    later = null;
    for (const frame of Object.keys(frames) as RouteFrame[]) {
      const children = rest.filter((r) => r.frame === frame).map(toRoute);
      if (children.length > 0) patch(frameId(frame), children);
    }
  };
  return {
    routes: routeObjects(appRoutes.filter((r) => areaOf(r.path) === area)),
    patchRoutesOnNavigation,
  };
}

export function createAppRouter(openingPath = window.location.pathname) {
  const { routes, patchRoutesOnNavigation } = appRouterInit(openingPath);
  return createBrowserRouter(routes, { patchRoutesOnNavigation });
}
