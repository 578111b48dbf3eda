import '../app/locales';
import { ensureLanguage } from '../shared/i18n';
import '../../../../scripts/test/console-guard';
import { routes } from '@picbook/contracts/routes';

// English is a chunk of its own in the app (decision 072); tests switch languages directly.
await ensureLanguage('en');

// Tracking batches flush on a timer during any test that tracks; without a server they would
// reach for happy-dom's origin and print ECONNREFUSED traces. They are answered here instead
// (a test that stubs fetch itself still sees them).
const realFetch = globalThis.fetch;
globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
  String(input instanceof Request ? input.url : input).endsWith(routes.pingback.path)
    ? Promise.resolve(new Response(null, { status: 204 }))
    : realFetch(input, init)) as typeof fetch;
