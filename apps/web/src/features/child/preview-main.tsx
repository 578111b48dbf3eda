/**
 * Development-only harness for `vite` dev: open /src/features/child/preview.html (API proxied to
 * API_PORT). Loads the real configs, logs in a fresh guest so saving works end to end, and mounts
 * ChildSetupPreview. Nothing in the app imports this file, so it is not part of the build.
 */
import '@fontsource/fredoka/latin-500.css';
import '@fontsource/fredoka/latin-600.css';
import '../../shared/ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '../../shared/i18n';
import { applyRootFont } from '../../shared/platform/root-font';
import { api } from '../../shared/request/api';
import { useSession } from '../../shared/session/session';
import { useStartup } from '../../shared/startup/startup-store';
import { Toaster } from '../../shared/toast/Toaster';
import { buildConfigs, buildUserInfo } from '../../test/factories';
import ChildSetupPreview from './ChildSetupPreview';
import { childZh } from './locales';

// The app registers each area's strings (app/locales.ts); this harness shows only the child's.
i18n.addResourceBundle('zh-CN', 'child', childZh, true, true);

async function boot() {
  const applyFont = () => applyRootFont('child');
  applyFont();
  window.addEventListener('resize', applyFont);

  const configs = await api('configs', undefined, { silent: true }).catch(() => null);
  useStartup.setState({ configs: buildConfigs(configs ?? {}), configsState: 'done' });
  try {
    const login = await api(
      'guestLogin',
      { body: { device_id: `child-preview-${Date.now()}` } },
      { silent: true },
    );
    useSession.getState().setLogin(login.access_token, null);
    useSession.getState().setChildId(null);
    useStartup.setState({ user: login.user, userState: 'done' });
  } catch {
    useStartup.setState({ user: buildUserInfo(), userState: 'done' });
  }

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from preview.html');
  createRoot(root).render(
    <StrictMode>
      <ChildSetupPreview />
      <Toaster />
    </StrictMode>,
  );
}

void boot();
