import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from '../shared/request/query-client';
import { createAppRouter } from './router';

/** Made with the first render, not when the module loads (main.tsx renders in a task of its own). */
let router: ReturnType<typeof createAppRouter> | null = null;

export function App() {
  router ??= createAppRouter();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
