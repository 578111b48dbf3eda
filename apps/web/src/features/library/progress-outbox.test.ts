import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStartup } from '../../shared/startup/startup-store';
import { apiError, type StubAnswer, stubApi } from '../../test/api-stub';
import { buildUserInfo } from '../../test/factories';
import { flushProgress, sendProgress, useProgressOutbox } from './progress-outbox';
import { buildReading } from './test-kit';

const reading = buildReading({ process: '003', page: 3, mode: 'read', finished: false });
/** The server's answer to the next saves: once-only answers first, then the standing one. */
let answer: StubAnswer<'saveProcess'> = () => reading;
const once: Array<StubAnswer<'saveProcess'>> = [];
let fetchMock: ReturnType<typeof stubApi>['fetchMock'];
const ok = () => {
  answer = () => reading;
};
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    body: JSON.parse(String(init?.body)),
  }));
const offline = () => {
  answer = () => Promise.reject(new TypeError('Failed to fetch'));
};

beforeEach(() => {
  localStorage.clear();
  useProgressOutbox.setState({ pending: 0 });
  useStartup.setState({ user: buildUserInfo({ id: 7 }) });
  once.length = 0;
  ok();
  fetchMock = stubApi({ saveProcess: (request) => (once.shift() ?? answer)(request) }).fetchMock;
});
afterEach(() => vi.unstubAllGlobals());

describe('reading progress without a network', () => {
  it('keeps steps made offline, the furthest page per book and mode, finished once finished', async () => {
    offline();
    for (const [process, finished] of [
      ['002', false],
      ['004', false],
      ['003', false],
      ['005', true],
    ] as const) {
      await expect(
        sendProgress({ bookId: 1101, type: 'read', process, finished }),
      ).rejects.toMatchObject({ status: 0 });
    }
    await expect(
      sendProgress({ bookId: 1102, type: 'cn_read', process: '002', finished: false }),
    ).rejects.toMatchObject({ status: 0 });
    expect(useProgressOutbox.getState().pending).toBe(2);

    // Back online: both are sent, once each, and nothing waits any more.
    fetchMock.mockClear();
    ok();
    await flushProgress();
    expect(sent()).toEqual([
      {
        url: expect.stringContaining('/api/v1/user/process/1101'),
        body: { process: '005', type: 'read', finished: 1 },
      },
      {
        url: expect.stringContaining('/api/v1/user/process/1102'),
        body: { process: '002', type: 'cn_read', finished: 0 },
      },
    ]);
    expect(useProgressOutbox.getState().pending).toBe(0);
    await flushProgress();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a server refusal is not kept (sending it again would not help); another user’s steps wait', async () => {
    once.push(() => apiError(10024, '绘本不存在'));
    await expect(
      sendProgress({ bookId: 9999, type: 'read', process: '002', finished: false }),
    ).rejects.toMatchObject({ code: 10024 });
    expect(useProgressOutbox.getState().pending).toBe(0);

    offline();
    await expect(
      sendProgress({ bookId: 1101, type: 'read', process: '002', finished: false }),
    ).rejects.toBeTruthy();
    useStartup.setState({ user: buildUserInfo({ id: 8 }) });
    fetchMock.mockClear();
    ok();
    await flushProgress();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useProgressOutbox.getState().pending).toBe(1);
  });
});
