import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { useSession } from '../session/session';
import { canAskForPush, enablePush, vapidKeyBytes } from './enable-push';
import { readPushNotice, safeAppPath } from './push-notification';

const KEY =
  'BF1FZsJcOiER1ygoxzDU6PjH6cQU6fu0EF5wxK41QIKr75pymsohFnTF23uAUIaHjFH1qeGiCTZkJsmvp8P-lTw';
let fetchMock: ReturnType<typeof stubApi>['fetchMock'];
const subscribe = vi.fn();
const requestPermission = vi.fn<() => Promise<NotificationPermission>>();
let permission: NotificationPermission = 'default';

beforeEach(() => {
  permission = 'default';
  subscribe.mockReset();
  requestPermission.mockReset();
  fetchMock = stubApi({}).fetchMock;
  vi.stubGlobal('PushManager', class {});
  const FakeNotification = class {};
  Object.defineProperty(FakeNotification, 'permission', { get: () => permission });
  Object.assign(FakeNotification, { requestPermission });
  vi.stubGlobal('Notification', FakeNotification);
  const registration = {
    pushManager: { getSubscription: async () => null, subscribe },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  useSession.getState().setLogin('token-123', 7);
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('turning notifications on in a browser: permission, PushManager.subscribe with the VAPID key, register', () => {
  it('asks, subscribes with the server’s key and registers the subscription with the server', async () => {
    requestPermission.mockImplementation(async () => {
      permission = 'granted';
      return 'granted';
    });
    subscribe.mockResolvedValue({
      toJSON: () => ({
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'abcdefghijklmnopqrstuv' },
      }),
    });
    fetchMock = stubApi({
      pushConfig: () => ({ vapid_public_key: KEY }),
      pushSubscribe: () => ({ id: 1, subscriptions: 1 }),
    }).fetchMock;
    expect(canAskForPush()).toBe(true);
    expect(await enablePush()).toBe('subscribed');
    expect(subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(KEY),
    });
    expect(vapidKeyBytes(KEY)).toHaveLength(65);
    const [configUrl] = fetchMock.mock.calls[0] ?? [];
    expect(String(configUrl)).toContain('/api/v1/configs/push');
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(String(url)).toContain('/api/v1/push/subscribe');
    expect(JSON.parse(String(init?.body))).toEqual({
      kind: 'web',
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'abcdefghijklmnopqrstuv' },
    });
  });

  it('a refusal subscribes nothing; once blocked the popup no longer has the capability', async () => {
    requestPermission.mockImplementation(async () => {
      permission = 'denied';
      return 'denied';
    });
    expect(await enablePush()).toBe('denied');
    expect(subscribe).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(canAskForPush()).toBe(false);
  });

  it('no Push API (an old browser): unsupported, never asked', async () => {
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    expect(canAskForPush()).toBe(false);
    expect(await enablePush()).toBe('unsupported');
    expect(requestPermission).not.toHaveBeenCalled();
  });
});

describe('what the service worker shows and opens', () => {
  it.each([
    [
      'a reminder',
      '{"title":"该读绘本啦","body":"b","url":"/learning"}',
      { title: '该读绘本啦', body: 'b', url: '/learning' },
    ],
    [
      'another origin is refused',
      '{"title":"x","url":"https://evil.example/"}',
      { title: 'x', body: '', url: '/' },
    ],
    [
      'a protocol-relative URL is refused',
      '{"title":"x","url":"//evil.example/"}',
      { title: 'x', body: '', url: '/' },
    ],
    ['plain text', 'hello', { title: 'PicBook', body: 'hello', url: '/' }],
    ['nothing', null, { title: 'PicBook', body: '', url: '/' }],
  ])('%s', (_, text, notice) => expect(readPushNotice(text)).toEqual(notice));
  it('keeps in-app paths with a query', () => {
    expect(safeAppPath('/parents/reportList?from=push')).toBe('/parents/reportList?from=push');
    expect(safeAppPath('javascript:alert(1)')).toBe('/');
  });
});
