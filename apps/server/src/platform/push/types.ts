/** What a push says and which screen a tap opens (an in-app path such as /parents/reportList). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

/** Where a push goes: a Web Push subscription or the native shell's token (decision 100). */
export interface PushTarget {
  kind: 'web' | 'native';
  /** The Web Push endpoint URL, or the native push token. */
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
  userId: number;
}

/**
 * What one delivery came to: delivered; gone (the push service answered 404/410: the
 * subscription expired and is removed); failed (worth another try later).
 */
export type PushOutcome =
  | { status: 'delivered' }
  | { status: 'gone'; error: string }
  | { status: 'failed'; error: string };

/** The one push channel: the development outbox or Web Push with VAPID keys. */
export interface PushChannel {
  readonly name: string;
  /** The VAPID public key browsers subscribe with (base64url), or null when none is configured. */
  readonly vapidPublicKey: string | null;
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}
