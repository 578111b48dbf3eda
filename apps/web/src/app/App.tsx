import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from '../shared/request/query-client';
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
