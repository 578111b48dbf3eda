import '@fontsource/fredoka/latin-500.css';
import '@fontsource/fredoka/latin-600.css';
import './shared/ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/locales';
import { App } from './app/App';
import { i18n } from './shared/i18n';
import { registerOfflineWorker } from './shared/offline/offline-books';

document.documentElement.lang = i18n.language;

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerOfflineWorker();
