import './ops.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18n } from '../shared/i18n';
import { opsEn, opsZh } from './locales';
import { createOpsRouter } from './router';

/**
 * The operator console's own entry (ops.html, served at /ops): its own route tree, strings and
 * bundle, so nothing of it is ever loaded by a family's page (decision 066).
 */
i18n.addResourceBundle('zh-CN', 'ops', opsZh, true, true);
i18n.addResourceBundle('en', 'ops', opsEn, true, true);
document.documentElement.lang = i18n.language;

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from ops.html');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createOpsRouter()} />
    </QueryClientProvider>
  </StrictMode>,
);
