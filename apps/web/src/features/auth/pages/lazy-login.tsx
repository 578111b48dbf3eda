import { lazy } from 'react';
import { withNamespaces } from '../../../shared/i18n';

/**
 * The login screen and the first child setup load when shown: a logged-in child opening
 * /library downloads neither (shell budget, decision 072). Each waits for its strings too
 * (decision 106).
 */
export const LoginScreen = lazy(() =>
  import('./LoginScreen').then((m) => ({ default: m.LoginScreen })),
);
export const ChildSetupFlow = lazy(() =>
  withNamespaces(['child'], import('../../child')).then((m) => ({
    default: m.ChildSetupFlow,
  })),
);
