import { processPage } from '@picbook/domain';
import { bookQuery, prefetchLibrary } from '../../features/library/library-data';
import { useActivityData } from '../../features/shell/activity-store';
import { bootListsAsked } from '../../shared/request/boot-fetch';
import { queryClient } from '../../shared/request/query-client';
import { useSession } from '../../shared/session/session';
import { useStartup } from '../../shared/startup/startup-store';

/** The data a route's first screen waits for, known from the address alone. */
export type RouteData =
  | { kind: 'library' }
  | { kind: 'book'; bookId: number; page: number }
  | { kind: 'none' };

const READER_PATH = /^\/library\/(?:read|cn_read|explain)\/(\d+)\/([^/]+)\/?$/;

/** Which data the first screen of `pathname` needs (the library tab, a book in the reader). */
export function routeDataFor(pathname: string): RouteData {
  if (pathname === '/' || pathname === '/index.html' || /^\/library\/?$/.test(pathname)) {
    return { kind: 'library' };
  }
  const reader = READER_PATH.exec(pathname);
  if (reader?.[1] && reader[2]) {
    return { kind: 'book', bookId: Number(reader[1]), page: processPage(reader[2]) };
  }
  return { kind: 'none' };
}

/**
 * Starts the startup requests (configs, user info) and the opening route's data at once, from
 * main.tsx, instead of after the router has loaded the route's code and the startup gate has
 * rendered (a waterfall of two round trips and a render on a slow phone; decision 081). The
 * stores and the query cache keep the answers; the screens find them there (or in flight).
 */
export function startEarlyData(pathname: string): void {
  const startup = useStartup.getState();
  if (startup.configsState === 'initial') void startup.loadConfigs();
  if (!useSession.getState().token) return;
  const route = routeDataFor(pathname);
  // A book needs only the token: it loads beside the user info (index.html's boot script has
  // asked for it and its opening picture already; the voice waits for that picture's paint,
  // decision 084).
  if (route.kind === 'book') void queryClient.prefetchQuery(bookQuery(route.bookId));
  if (startup.userState === 'initial') {
    void startup.loadUser().then(async () => {
      const user = useStartup.getState().user;
      if (!user || user.children.length === 0) return;
      if (route.kind === 'library') {
        // index.html's boot script asks for these lists as soon as the user info is in; wait
        // for it to have asked, so the requests below adopt its answers (decision 111).
        await bootListsAsked();
        void prefetchLibrary(user.level);
        // The home screen's popup points wait for the activity data (ShellBehaviours).
        void useActivityData.getState().refresh();
      }
    });
  }
}
