import '@fontsource/fredoka/latin-500.css';
import '@fontsource/fredoka/latin-600.css';
import './shared/ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/locales';
import { App, prepareRouter, whenFirstScreenReady } from './app/App';
import { isPortraitPath } from './app/route-table';
import { primeUprightQuery } from './app/screens/RotateHint';
import { startEarlyData } from './app/startup/early-data';
import { ensureLanguage, i18n } from './shared/i18n';
import { registerOfflineWorker } from './shared/offline/offline-books';
import { applyRootFont } from './shared/platform/root-font';

document.documentElement.lang = i18n.language;
// The root font of the opening address, while the page is only the static splash (a cheap
// layout); RootLayout keeps it right for later addresses and sizes.
applyRootFont(isPortraitPath(window.location.pathname) ? 'parents' : 'child');
// The rotate hint's query too, now rather than in the middle of the first render.
primeUprightQuery();
// Configs, user info and the opening route's data go out now, beside the route's code.
startEarlyData(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
const render = () => {
  // index.html's static splash, painted before the scripts arrived.
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};
// English (chosen with ?lang=en and remembered) is fetched before the first paint; Chinese is here.
// The router is made in a task of its own, after the one that ran the modules, and the first render
// in another: a phone's main thread answers in between (decision 083). The first render waits for
// the opening screen's code and startup data (index.html's splash shows meanwhile), so it draws
// that screen rather than the app's splash first (decision 111).
const renderSoon = () =>
  setTimeout(() => {
    prepareRouter();
    void whenFirstScreenReady().then(() => setTimeout(render, 0));
  }, 0);
ensureLanguage(i18n.language).then(renderSoon, renderSoon);

registerOfflineWorker();
