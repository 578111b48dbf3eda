import type { PushChannel, PushOutcome } from './types';

/** JPush's push call (REST API v3). Apps in JPush's Beijing room use https://bjapi.push.jiguang.cn/v3/push. */
export const JPUSH_API_URL = 'https://api.jpush.cn/v3/push';

export interface JPushConfig {
  appKey: string;
  masterSecret: string;
  /** The push call's address (JPUSH_API_URL; a test's local fake). */
  url: string;
  /** iOS: APNs production (true) or the development sandbox. */
  apnsProduction: boolean;
}

/**
 * JPush errors that mean the registration id will never receive again (the device is gone):
 * 1011 "cannot find user by this audience or has been inactive for more than 255 days".
 * The subscription is removed, as a Web Push 404/410 is.
 */
const GONE_CODES = new Set([1011]);
const TIMEOUT_MS = 10_000;

/**
 * The native shells' push through JPush (极光推送), used by Chinese Android (with the vendor
 * channels it aggregates: Huawei, Xiaomi, OPPO, vivo, Honor) and iOS apps: the shell's bridge
 * action `pushAuthorize` answers JPush's registration id, registered as a native subscription;
 * a push is one POST of the REST API v3 with Basic auth appKey:masterSecret, to that one
 * registration id, the in-app path in `extras.url` (the shell opens it on a tap). Plain fetch:
 * JPush's Node SDK (jpush-async) is built on the deprecated `request` package (decision 104).
 * Web subscriptions are not this channel's: answered failed.
 */
export function createJPushChannel(
  config: JPushConfig,
  fetchImpl: typeof fetch = fetch,
): PushChannel {
  const authorization = `Basic ${Buffer.from(`${config.appKey}:${config.masterSecret}`).toString('base64')}`;
  return {
    name: 'jpush',
    vapidPublicKey: null,
    async send(target, message): Promise<PushOutcome> {
      if (target.kind !== 'native') return { status: 'failed', error: 'jpush: not a native token' };
      const extras = { url: message.url };
      const body = {
        platform: 'all',
        audience: { registration_id: [target.endpoint] },
        notification: {
          android: { title: message.title, alert: message.body, extras },
          ios: {
            alert: { title: message.title, body: message.body },
            sound: 'default',
            extras,
          },
          hmos: { title: message.title, alert: message.body, category: 'MARKETING', extras },
        },
        options: { time_to_live: 6 * 3600, apns_production: config.apnsProduction },
      };
      let res: Response;
      try {
        res = await fetchImpl(config.url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        return { status: 'failed', error: `jpush: ${(error as Error).message}` };
      }
      const text = await res.text().catch(() => '');
      let answer: { msg_id?: string | number; error?: { code?: number; message?: string } } = {};
      try {
        answer = JSON.parse(text);
      } catch {
        // Not JSON (a proxy's page): the status tells.
      }
      const code = typeof answer.error?.code === 'number' ? answer.error.code : null;
      if (res.ok && code === null && answer.msg_id !== undefined) return { status: 'delivered' };
      const error = `jpush ${res.status}${code !== null ? ` ${code}` : ''} ${
        answer.error?.message ?? text.slice(0, 200)
      }`.trim();
      if (code !== null && GONE_CODES.has(code)) return { status: 'gone', error };
      // JPush's trouble (5xx, 1000 internal, 2002 rate limit) is tried again with the job's
      // backoff; a wrong key (1004) or parameter (1003) ends in the dead-letter record with it.
      return { status: 'failed', error };
    },
  };
}

/**
 * The one channel the push worker sends through: browsers' subscriptions to Web Push, the native
 * shells' tokens to their native channel (JPush), or answered failed with the reason when no
 * native channel is configured.
 */
export function pushChannelByKind(web: PushChannel, native: PushChannel | null): PushChannel {
  return {
    name: native ? `${web.name}+${native.name}` : web.name,
    vapidPublicKey: web.vapidPublicKey,
    send(target, message) {
      if (target.kind === 'web') return web.send(target, message);
      if (native) return native.send(target, message);
      return Promise.resolve({
        status: 'failed',
        error: 'native push: no native push service configured (JPUSH_APP_KEY)',
      });
    },
  };
}
