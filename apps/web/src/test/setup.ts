// The areas' strings are loaded by src/app/test-setup.ts (the composition root knows them).
import '../../../../scripts/test/console-guard';
import { routes } from '@picbook/contracts/routes';
import { afterEach } from 'vitest';
import { takeStubProblems } from './api-stub';

// Tracking batches flush on a timer during any test that tracks; without a server they would
// reach for happy-dom's origin and print ECONNREFUSED traces. They are answered here instead
// (a test that stubs fetch itself still sees them).
const realFetch = globalThis.fetch;
globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
  String(input instanceof Request ? input.url : input).endsWith(routes.pingback.path)
    ? Promise.resolve(new Response(null, { status: 204 }))
    : realFetch(input, init)) as typeof fetch;

// A stubbed answer the server could never send fails its test (src/test/api-stub.ts), even when
// the screen took the failed request for a network error.
afterEach(() => {
  const problems = takeStubProblems();
  if (problems.length > 0) throw new Error(problems.join('\n\n'));
});

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
