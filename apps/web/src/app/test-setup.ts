// Vitest setup (vitest.config.ts, after src/test/setup.ts): every area's strings, which only the
// composition root knows (app/locales.ts), so src/test/ stays below the features.
import { ensureLanguage } from '../shared/i18n';
import { loadAllNamespaces } from './locales';

// English is a chunk of its own in the app (decision 072); tests switch languages directly.
await ensureLanguage('en');
// Each area's Chinese strings load with its routes in the app (decision 106); tests render any
// screen directly, so all are registered up front.
await loadAllNamespaces();
