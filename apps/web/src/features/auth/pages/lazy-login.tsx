import { lazy } from 'react';

/**
 * The login screen and the first child setup load when shown: a logged-in child opening
 * /library downloads neither (shell budget, decision 072).
 */
export const LoginScreen = lazy(() =>
  import('./LoginScreen').then((m) => ({ default: m.LoginScreen })),
);
export const ChildSetupFlow = lazy(() =>
  import('../../child/ChildSetupFlow').then((m) => ({ default: m.ChildSetupFlow })),
);
