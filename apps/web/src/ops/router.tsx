import { createBrowserRouter, Navigate } from 'react-router';
import { OpsLayout } from './OpsLayout';
import { LoginPage } from './pages/LoginPage';
import { OpsLoading } from './ui';

type Page = () => Promise<{ default: React.ComponentType }>;
const lazy = (load: Page) => async () => ({ Component: (await load()).default });

/** The console's route tree, all under /ops; each area's screen is its own chunk. */
export function createOpsRouter() {
  return createBrowserRouter([
    { path: '/ops/login', element: <LoginPage /> },
    {
      path: '/ops',
      element: <OpsLayout />,
      children: [
        {
          // On the first visit, until the area's lazy chunk has loaded, the page under the menu
          // says so (this is React Router's HydrateFallback: without one it warns on every render).
          hydrateFallbackElement: <OpsLoading />,
          children: [
            { index: true, element: <Navigate to="/ops/support" replace /> },
            { path: 'catalogue', lazy: lazy(() => import('./pages/CataloguePage')) },
            { path: 'commerce', lazy: lazy(() => import('./pages/CommercePage')) },
            { path: 'engagement', lazy: lazy(() => import('./pages/EngagementPage')) },
            { path: 'support', lazy: lazy(() => import('./pages/SupportPage')) },
            { path: 'audit', lazy: lazy(() => import('./pages/AuditPage')) },
            { path: 'actions', lazy: lazy(() => import('./pages/ActionsPage')) },
          ],
        },
      ],
    },
    { path: '*', element: <Navigate to="/ops" replace /> },
  ]);
}
