import { QueryClient } from '@tanstack/react-query';
import { isOffline } from '../platform/network';
import { useSession } from '../session/session';

/** The app's one query cache. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The request layer already toasts and reports; queries do not retry business errors, and
      // offline not at all: what the device keeps answers at once, the rest says so at once.
      retry: (failures) => failures < 1 && !isOffline(),
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Offline a query still asks once: the service worker answers what the device keeps (a
      // saved book, the last lists) instead of the query pausing on a skeleton (decision 096).
      networkMode: 'offlineFirst',
    },
  },
});

// What a query answered belongs to the user who asked (locks, progress): a different token
// (login, logout, switch account) starts from an empty cache.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token) queryClient.clear();
});
