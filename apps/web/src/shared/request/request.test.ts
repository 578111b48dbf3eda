import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingEvents } from '../analytics/pingback';
import { i18n } from '../i18n';
import { useSession } from '../session/session';
import { useToasts } from '../toast/toast-store';
import { api, fillPath } from './api';
import { buildUrl, OFFLINE_READ_TIMEOUT_MS, REQUEST_TIMEOUT_MS, request } from './request';
import { RequestError } from './request-error';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  void i18n.changeLanguage('zh-CN');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  useToasts.setState({ toasts: [] });
  useSession.getState().setLogin('token-123', 7);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

const lastToast = () => useToasts.getState().toasts.at(-1);

describe('request layer: the spec §8 catalogue', () => {
  it('resolves data of a code-0 envelope and sends access_token, child_id and uuid', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 0, msg: 'ok', data: { t: 5 } }));
    await expect(request({ method: 'GET', path: '/api/serverinfo' })).resolves.toEqual({ t: 5 });
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = init?.headers as Record<string, string>;
    expect(headers.access_token).toBe('token-123');
    expect(headers.child_id).toBe('7');
    expect(headers.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('treats code 200 as success too', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 200, msg: 'ok', data: 1 }));
    await expect(request({ method: 'GET', path: '/x' })).resolves.toBe(1);
  });

  it('status 0 → "network error, retry later #0"', async () => {
    fetchMock.mockResolvedValueOnce({ status: 0, headers: new Headers() } as Response);
    const error = await failure(request({ method: 'GET', path: '/x' }));
    expect(error.message).toBe('网络错误，请稍后重试 #0');
    expect(error.code).toBe(0);
  });

  it('401 logs the user out and shows "please log in"', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 10008, msg: '请先登录', data: null }, 401));
    const error = await failure(request({ method: 'GET', path: '/api/v1/user' }));
    expect(error.status).toBe(401);
    expect(error.message).toBe('请登录');
    expect(useSession.getState().token).toBeNull();
    expect(lastToast()).toMatchObject({ kind: 'info', message: '请登录' });
  });

  it.each([402, 404, 500, 502, 503])(
    'status %i → "service busy, retry later #status"',
    async (status) => {
      fetchMock.mockResolvedValueOnce(json({ code: 10000, msg: 'internal' }, status));
      const error = await failure(request({ method: 'GET', path: '/x' }));
      expect(error.message).toBe(`服务繁忙，请稍后重试 #${status}`);
      expect(error.code).toBe(status);
      expect(lastToast()).toMatchObject({
        kind: 'error',
        message: `服务繁忙，请稍后重试 #${status}`,
      });
    },
  );

  it('a business code with a msg shows that msg (e.g. 400 / 10001)', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ code: 10001, msg: '参数错误：mobile 必填', data: null }, 400),
    );
    const error = await failure(request({ method: 'POST', path: '/x', body: {} }));
    expect(error).toMatchObject({ code: 10001, message: '参数错误：mobile 必填' });
  });

  it('code not 0/200 without msg → "system busy, retry later #code"', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 12345, msg: '', data: null }));
    const error = await failure(request({ method: 'GET', path: '/x' }));
    expect(error.message).toBe('系统繁忙，请稍后重试 #12345');
  });

  it('fetch failure → "network error, check connection #-1"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(request({ method: 'GET', path: '/x' }));
    expect(error).toMatchObject({ code: -1, message: '网络错误，请检查网络连接 #-1' });
  });

  it('times out after 30 s with code 408 "network timeout, check network"', async () => {
    vi.useFakeTimers();
    // The 30 s also fire the tracking flush (every 2 s), which posts through fetch too.
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'ok', data: null }));
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = failure(request({ method: 'GET', path: '/x' }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(error).toMatchObject({ code: 408, message: '网络超时，请检查网络' });
  });

  it.each([
    [10400, '不能这样做'],
    [10024, '记录不存在或已删除'],
    [10104, '奖励已领取'],
  ])('business answer %i is an info toast, not an error (§8)', async (code, msg) => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code, msg, data: null }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await failure(request({ method: 'POST', path: '/api/v1/rank/1/like' }));
    expect(lastToast()).toMatchObject({ kind: 'info', message: msg });
  });

  it('silent requests show no toast but are still reported', async () => {
    fetchMock.mockResolvedValueOnce(json({}, 500));
    const before = pendingEvents().length;
    await failure(request({ method: 'GET', path: '/quiet', silent: true }));
    expect(useToasts.getState().toasts).toHaveLength(0);
    const reported = pendingEvents().slice(before);
    expect(reported).toContainEqual(
      expect.objectContaining({
        event: 'request_error',
        level: 'error',
        detail: expect.objectContaining({ path: '/quiet', status: 500 }),
      }),
    );
  });

  it('reports errors below 500 at warning level', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 10104, msg: '奖励已领取' }));
    const before = pendingEvents().length;
    await failure(request({ method: 'GET', path: '/warn' }));
    expect(pendingEvents().slice(before)).toContainEqual(
      expect.objectContaining({ event: 'request_error', level: 'warn' }),
    );
  });

  it('shows messages in English when that locale is chosen', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    const error = await failure(request({ method: 'GET', path: '/x' }));
    expect(error.message).toBe('Network error, check connection #-1');
  });
});

describe('request helpers', () => {
  it('puts GET payloads in the query string and POST payloads in a JSON body', async () => {
    fetchMock.mockImplementation(async () => json({ code: 0, msg: 'ok', data: null }));
    await api('promotion', { query: { web_ver: '1.2.0', as_phone: 1 } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/configs/promotion?web_ver=1.2.0&as_phone=1');
    await api('guestLogin', { body: { device_id: 'device-123' } });
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/api/v1/guest_login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ device_id: 'device-123' });
  });

  it('sends a FormData body as is: multipart, no JSON content type, same headers and envelope', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 0, msg: 'ok', data: { received: [0] } }));
    const form = new FormData();
    form.append('session_id', 'abcdefgh12345678');
    form.append('audio_bin', new Blob([new Int16Array([1, -1])]), 'audio.pcm');
    await expect(request({ method: 'POST', path: '/api/v1/speech', body: form })).resolves.toEqual({
      received: [0],
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    const headers = init?.headers as Record<string, string>;
    expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain('content-type');
    expect(headers.access_token).toBe('token-123');
    // A multipart request that fails goes through the same catalogue (toast and report).
    fetchMock.mockResolvedValueOnce(json({ code: 10001, msg: '参数错误' }, 400));
    const error = await failure(request({ method: 'POST', path: '/api/v1/speech', body: form }));
    expect(error).toMatchObject({ code: 10001, message: '参数错误' });
    expect(lastToast()).toMatchObject({ kind: 'error', message: '参数错误' });
  });

  it('drops undefined and null query values', () => {
    expect(buildUrl('/a', { x: 1, y: undefined, z: null, w: 'b c' })).toBe('/a?x=1&w=b+c');
  });

  it('fills and encodes path parameters', () => {
    expect(fillPath('/api/v1/books/:id/summary', { id: 'a/b' })).toBe(
      '/api/v1/books/a%2Fb/summary',
    );
    expect(() => fillPath('/api/v1/books/:id', {})).toThrow('missing path parameter id');
  });
});

describe('request layer offline (decision 096)', () => {
  afterEach(() => vi.restoreAllMocks());
  const hang = (_url: unknown, init?: RequestInit) =>
    new Promise<Response>((_, reject) => {
      init?.signal?.addEventListener('abort', () =>
        reject(new DOMException('aborted', 'AbortError')),
      );
    });

  it('a read waits at most 4 s offline (not 30 s), and its failure is not a toast', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'ok', data: null }));
    fetchMock.mockImplementationOnce(hang);
    const pending = failure(request({ method: 'GET', path: '/api/v1/books/1102/summary' }));
    await vi.advanceTimersByTimeAsync(OFFLINE_READ_TIMEOUT_MS);
    const error = await pending;
    expect(OFFLINE_READ_TIMEOUT_MS).toBe(4000);
    expect(error.code).toBe(408);
    expect(useToasts.getState().toasts).toHaveLength(0);
  });

  it('a read the network cannot reach offline fails at once, silently; a write still says so', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect((await failure(request({ method: 'GET', path: '/x' }))).code).toBe(-1);
    expect(useToasts.getState().toasts).toHaveLength(0);
    await failure(request({ method: 'POST', path: '/x', body: {} }));
    expect(lastToast()?.message).toBe('网络错误，请检查网络连接 #-1');
  });

  it('online, the same failure is a toast as before', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await failure(request({ method: 'GET', path: '/x' }));
    expect(lastToast()?.message).toBe('网络错误，请检查网络连接 #-1');
  });
});
