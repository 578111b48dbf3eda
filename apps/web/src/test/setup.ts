import { loadAllNamespaces } from '../app/locales';
import { ensureLanguage } from '../shared/i18n';
import '../../../../scripts/test/console-guard';
import { routes } from '@picbook/contracts/routes';

// English is a chunk of its own in the app (decision 072); tests switch languages directly.
await ensureLanguage('en');
// Each area's Chinese strings load with its routes in the app (decision 106); tests render any
// screen directly, so all are registered up front.
await loadAllNamespaces();

// Tracking batches flush on a timer during any test that tracks; without a server they would
// reach for happy-dom's origin and print ECONNREFUSED traces. They are answered here instead
// (a test that stubs fetch itself still sees them).
const realFetch = globalThis.fetch;
globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
  String(input instanceof Request ? input.url : input).endsWith(routes.pingback.path)
    ? Promise.resolve(new Response(null, { status: 204 }))
    : realFetch(input, init)) as typeof fetch;

// A browser turns what is assigned to select.value into a string; happy-dom compares it as given,
// so Preact's `select.value = 222` (a number from `<select value={region}>`) chose nothing here
// while it chooses "222" in a browser (decision 080).
const selectValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value');
const setSelectValue = selectValue?.set;
if (selectValue && setSelectValue) {
  Object.defineProperty(HTMLSelectElement.prototype, 'value', {
    ...selectValue,
    set(this: HTMLSelectElement, value: unknown) {
      setSelectValue.call(this, String(value));
    },
  });
}
