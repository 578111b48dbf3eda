import { callNative, hasNativeBridge } from '../bridge/bridge';
import { registerWorkerNow } from '../offline/offline-books';
import { appEnv } from '../platform/env';
import { api } from '../request/api';
import { webPushAvailable } from './push-support';

export { canAskForPush, webPushAvailable, webPushGranted } from './push-support';

/**
 * Turning notifications on (issue 42, decision 100): in the app, the shell's push authorisation
 * (bridge action pushAuthorize) and its token registered with the server; in a browser, the
 * Notification permission, a PushManager subscription with the server's VAPID public key, and
 * that subscription registered — both through POST /api/v1/push/subscribe.
 */
export type EnableResult = 'subscribed' | 'denied' | 'unsupported' | 'failed';

/** base64url → the bytes PushManager.subscribe wants as applicationServerKey. */
export function vapidKeyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const WORKER_WAIT_MS = 8000;

async function readyWorker(): Promise<ServiceWorkerRegistration | null> {
  // On a first visit the worker may not be registered yet (it waits for the first screen).
  void registerWorkerNow();
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

async function enableNative(): Promise<EnableResult> {
  const result = await callNative('pushAuthorize', {});
  if (result.code !== 0) return 'denied';
  const token = result.data?.token;
  if (typeof token === 'string' && token) {
    const os = appEnv().os;
    await api('pushSubscribe', {
      body: {
        kind: 'native',
        endpoint: token,
        platform: os === 'ios' ? 'ios' : 'android',
      },
    });
  }
  return 'subscribed';
}

async function enableWeb(): Promise<EnableResult> {
  if (!webPushAvailable()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { vapid_public_key: key } = await api('pushConfig', undefined, { silent: true });
  if (!key) return 'unsupported';
  const registration = await readyWorker();
  if (!registration) return 'failed';
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(key),
    }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return 'failed';
  await api('pushSubscribe', {
    body: {
      kind: 'web',
      endpoint: json.endpoint,
      keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
    },
  });
  return 'subscribed';
}

/** Asks for push on this device and registers it for the logged-in family. */
export async function enablePush(): Promise<EnableResult> {
  try {
    return hasNativeBridge() ? await enableNative() : await enableWeb();
  } catch {
    return 'failed';
  }
}
