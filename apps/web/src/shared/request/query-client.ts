import { QueryClient } from '@tanstack/react-query';
import { useSession } from '../session/session';

/** The app's one query cache. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already toasts and reports; queries do not retry business errors.
    queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
  },
});

// What a query answered belongs to the user who asked (locks, progress): a different token
// (login, logout, switch account) starts from an empty cache.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token) queryClient.clear();
});
