import { describe, expect, it } from 'vitest';
import { openPushTarget, type TapClients } from './push-notification';

const ORIGIN = 'https://picbook.example';

/** Windows the worker sees; records what the tap did to them. */
function fakeClients(
  windows: Array<{ url: string; focusFails?: boolean; navigateFails?: boolean }>,
) {
  const did: string[] = [];
  const clients: TapClients = {
    async matchAll() {
      return windows.map((w) => ({
        url: w.url,
        focus: async () => {
          if (w.focusFails) throw new Error('InvalidAccessError');
          did.push(`focus ${w.url}`);
        },
        navigate: async (to: string) => {
          if (w.navigateFails) throw new TypeError('not controlled');
          did.push(`navigate ${w.url} → ${to}`);
        },
      }));
    },
    async openWindow(url) {
      did.push(`open ${url}`);
    },
  };
  return { clients, did };
}

describe('a tap on a push (notificationclick)', () => {
  it.each([
    ['no window open: a new one', [], '/learning', [`open ${ORIGIN}/learning`]],
    [
      'an app window: focused and navigated',
      [{ url: `${ORIGIN}/library` }],
      '/parents/reportList',
      [`focus ${ORIGIN}/library`, `navigate ${ORIGIN}/library → ${ORIGIN}/parents/reportList`],
    ],
    [
      'another origin’s window is not used',
      [{ url: 'https://elsewhere.example/' }],
      '/learning',
      [`open ${ORIGIN}/learning`],
    ],
    [
      'focus refused: still navigated',
      [{ url: `${ORIGIN}/library`, focusFails: true }],
      '/learning',
      [`navigate ${ORIGIN}/library → ${ORIGIN}/learning`],
    ],
    [
      'navigation refused: a new window',
      [{ url: `${ORIGIN}/library`, navigateFails: true }],
      '/learning',
      [`focus ${ORIGIN}/library`, `open ${ORIGIN}/learning`],
    ],
    [
      'a foreign URL in the push opens the home page',
      [],
      'https://evil.example/x',
      [`open ${ORIGIN}/`],
    ],
  ])('%s', async (_name, windows, path, expected) => {
    const { clients, did } = fakeClients(windows);
    await openPushTarget(clients, ORIGIN, path);
    expect(did).toEqual(expected);
  });
});
