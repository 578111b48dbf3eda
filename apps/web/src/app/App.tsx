import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from '../shared/request/query-client';
import { useSession } from '../shared/session/session';
import { useStartup } from '../shared/startup/startup-store';
import { createAppRouter } from './router';

/**
 * Made in a task of its own before the first render (main.tsx), not when the module loads:
 * module evaluation, the router (its ~95 routes ranked and matched) and the first render are
 * three shorter tasks on a phone's main thread instead of one or two long ones (decision 083).
 */
let router: ReturnType<typeof createAppRouter> | null = null;

export function prepareRouter(): void {
  router ??= createAppRouter();
}

export function App() {
  router ??= createAppRouter();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

/** How long the first render waits at most for the opening screen's code and startup data. */
export const FIRST_DRAW_WAIT_MS = 1500;

/**
 * Settles when the opening screen can be drawn at once, instead of the splash first (decision
 * 111): the router has the opening page's code, and configs and (with a token) the user info
 * have answered, as index.html's boot script asked for them beside the code. The static splash of
 * index.html shows meanwhile; after `waitMs` it settles anyway and the app draws its own splash,
 * as it did before (a slow network). One render of the first screen instead of two.
 */
export function whenFirstScreenReady(waitMs = FIRST_DRAW_WAIT_MS): Promise<void> {
  prepareRouter();
  const appRouter = router;
  const isReady = () => {
    const { configsState, userState } = useStartup.getState();
    const configsPending = configsState === 'initial' || configsState === 'loading';
    const userPending =
      useSession.getState().token !== null && (userState === 'initial' || userState === 'loading');
    return (appRouter?.state.initialized ?? true) && !configsPending && !userPending;
  };
  if (isReady()) return Promise.resolve();
  return new Promise((resolve) => {
    const stops: Array<() => void> = [];
    const done = () => {
      for (const stop of stops) stop();
      resolve();
    };
    const check = () => {
      if (isReady()) done();
    };
    const timer = setTimeout(done, waitMs);
    stops.push(() => clearTimeout(timer));
    stops.push(useStartup.subscribe(check));
    stops.push(useSession.subscribe(check));
    if (appRouter) stops.push(appRouter.subscribe(check));
  });
}
