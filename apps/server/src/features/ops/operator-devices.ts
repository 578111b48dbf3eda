import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Known devices (decision 085): after a successful operator login the browser gets an HttpOnly
 * cookie naming a random device id, signed for that username with a key derived from the
 * server's signing secret (MEDIA_URL_KEY). A login carrying it is limited per device instead of
 * per username, so failures from elsewhere cannot lock the operator out of their own machine.
 * It is no credential: the password and the code are checked alike.
 */
export const OPS_DEVICE_COOKIE = 'picbook_ops_device';
/** The cookie is sent to the login only. */
const COOKIE_PATH = '/api/ops/login';
/** A device is remembered for 180 days after its last successful login. */
const DEVICE_MAX_AGE_S = 180 * 24 * 3600;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/** The device cookie's HMAC key: its own key derived from the server's signing secret. */
export function deviceKey(serverKey: string): Buffer {
  return createHmac('sha256', serverKey).update('picbook ops device cookie v1').digest();
}

const sign = (key: Buffer, username: string, deviceId: string) =>
  createHmac('sha256', key).update(`${deviceId}\n${username}`).digest('base64url');

/** A fresh device id (128 random bits). */
export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

/** The cookie's value in a Cookie header, if any. */
export function deviceCookieValue(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === OPS_DEVICE_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The device id when `value` was signed for this username; null for anything else. */
export function knownDevice(
  key: Buffer,
  username: string,
  value: string | undefined,
): string | null {
  const [deviceId, mac, ...rest] = (value ?? '').split('.');
  if (!deviceId || !mac || rest.length > 0 || !DEVICE_ID.test(deviceId)) return null;
  const want = Buffer.from(sign(key, username, deviceId));
  const got = Buffer.from(mac);
  return got.length === want.length && timingSafeEqual(got, want) ? deviceId : null;
}

/** The cookie value that names this device for this username. */
export function signedDevice(key: Buffer, username: string, deviceId: string): string {
  return `${deviceId}.${sign(key, username, deviceId)}`;
}

/** The Set-Cookie header that remembers the device (`value` from signedDevice). */
export function deviceCookie(value: string, secure: boolean): string {
  return [
    `${OPS_DEVICE_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${DEVICE_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
