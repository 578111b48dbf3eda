import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { routes } from './routes';

/** GET /api/v1/configs/push: the VAPID public key browsers subscribe with (null: no Web Push). */
export const ZPushConfig = z.object({ vapid_public_key: z.string().nullable() });
export type TPushConfig = z.infer<typeof ZPushConfig>;

/**
 * POST /api/v1/push/subscribe: a browser's PushSubscription (endpoint and keys) or the native
 * shell's push token from the bridge's push authorisation (kind native, the token as endpoint).
 */
export const ZPushSubscribe = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('web'),
    endpoint: z
      .string()
      .max(1000)
      .regex(/^https:\/\/[^\s]+$/, 'endpoint 须为 https 地址'),
    keys: z.object({
      p256dh: z.string().regex(/^[A-Za-z0-9_=-]{40,200}$/, 'keys.p256dh 格式不正确'),
      auth: z.string().regex(/^[A-Za-z0-9_=-]{8,100}$/, 'keys.auth 格式不正确'),
    }),
  }),
  z.object({
    kind: z.literal('native'),
    endpoint: z.string().regex(/^[\w:.\-/+=]{8,512}$/, 'token 格式不正确'),
    platform: z.enum(['ios', 'android', 'harmony']).default('android'),
  }),
]);
export type TPushSubscribe = z.infer<typeof ZPushSubscribe>;

export const ZPushSubscribed = z.object({ id: z.number().int(), subscriptions: z.number().int() });

/** POST /api/v1/push/unsubscribe: this endpoint (or token) of this family stops receiving. */
export const ZPushUnsubscribe = z.object({ endpoint: z.string().min(1).max(1000) });
export const ZPushUnsubscribed = z.object({ removed: z.number().int() });

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const pushEndpoints = {
  pushConfig: {
    ...routes.pushConfig,
    summary: 'The VAPID public key browsers subscribe to Web Push with (null: none configured)',
    tags: ['push'],
    response: ZPushConfig,
  },
  pushSubscribe: {
    ...routes.pushSubscribe,
    summary:
      'Register this device for reminders: a Web Push subscription or the native shell’s push token',
    tags: ['push'],
    body: ZPushSubscribe,
    response: ZPushSubscribed,
  },
  pushUnsubscribe: {
    ...routes.pushUnsubscribe,
    summary: 'Stop reminders on this device (its Web Push endpoint or native token)',
    tags: ['push'],
    body: ZPushUnsubscribe,
    response: ZPushUnsubscribed,
  },
} as const satisfies AreaEndpoints;
