import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushChannel } from './types';

export interface WebPushConfig {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services may use (VAPID "sub"). */
  subject: string;
  /** Tests only: the https agent (a local push service with its own certificate). */
  agent?: Agent;
}

/**
 * Web Push (RFC 8030 with VAPID, RFC 8292) through the `web-push` library: the payload is
 * encrypted for the subscription's keys and posted to its endpoint. The native shells' tokens go
 * to JPush (jpush.ts, `pushChannelByKind`; decision 104).
 */
export function createWebPushChannel(
  config: WebPushConfig,
  send: typeof webpush.sendNotification = webpush.sendNotification,
): PushChannel {
  const vapidDetails = {
    subject: config.subject,
    publicKey: config.publicKey,
    privateKey: config.privateKey,
  };
  return {
    name: 'web-push',
    vapidPublicKey: config.publicKey,
    async send(target, message) {
      if (target.kind !== 'web' || !target.p256dh || !target.auth) {
        return { status: 'failed', error: 'web push: not a browser subscription' };
      }
      try {
        await send(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails,
            TTL: 6 * 3600,
            timeout: 10_000,
            urgency: 'normal',
            ...(config.agent ? { agent: config.agent } : {}),
          },
        );
        return { status: 'delivered' };
      } catch (error) {
        const statusCode = (error as { statusCode?: number }).statusCode;
        const text = error instanceof Error ? error.message : String(error);
        if (statusCode === 404 || statusCode === 410) {
          return { status: 'gone', error: `${statusCode} ${text}` };
        }
        return { status: 'failed', error: statusCode ? `${statusCode} ${text}` : text };
      }
    },
  };
}
