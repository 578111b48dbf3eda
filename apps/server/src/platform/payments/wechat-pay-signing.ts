import {
  createCipheriv,
  createDecipheriv,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { PaymentVerificationError } from './types';

/**
 * The three primitives of WeChat Pay API v3 (pay.weixin.qq.com/doc/v3 "签名生成", "签名验证",
 * "证书和回调报文解密"), used by the real adapter and by the development sandbox that plays the
 * provider's side. There is no official Node SDK; tests check these against the community
 * library wechatpay-axios-plugin (decision 035).
 */

export const WECHATPAY_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** Notifications and responses older or newer than this are refused (replays). */
export const WECHATPAY_MAX_SKEW_S = 300;

const lines = (...parts: string[]) => `${parts.join('\n')}\n`;

export const nonceStr = () => randomBytes(16).toString('hex').toUpperCase();

export function signRsa(message: string, privateKey: KeyObject | string): string {
  return createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
}

function verifyRsa(message: string, signature: string, publicKey: KeyObject | string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** The Authorization header of a merchant request (method, path with query, body). */
export function authorization(input: {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject | string;
  method: string;
  /** Path and query exactly as sent, e.g. /v3/pay/transactions/native. */
  url: string;
  body: string;
  timestamp?: number;
  nonce?: string;
}): string {
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  const nonce = input.nonce ?? nonceStr();
  const message = lines(input.method, input.url, String(timestamp), nonce, input.body);
  const signature = signRsa(message, input.privateKey);
  return `${WECHATPAY_SCHEMA} mchid="${input.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${input.serialNo}"`;
}

/** Parses an Authorization header into its fields (the sandbox checks merchants with it). */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${WECHATPAY_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(WECHATPAY_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    fields[match[1] as string] = match[2] as string;
  }
  return fields;
}

/** Whether a merchant request carries a valid signature by this merchant key. */
export function verifyMerchantRequest(input: {
  header: string | undefined;
  method: string;
  url: string;
  body: string;
  publicKey: KeyObject | string;
  now: Date;
}): Record<string, string> | null {
  const fields = parseAuthorization(input.header);
  if (!fields?.signature || !fields.timestamp || !fields.nonce_str) return null;
  if (Math.abs(input.now.getTime() / 1000 - Number(fields.timestamp)) > WECHATPAY_MAX_SKEW_S) {
    return null;
  }
  const message = lines(input.method, input.url, fields.timestamp, fields.nonce_str, input.body);
  return verifyRsa(message, fields.signature, input.publicKey) ? fields : null;
}

/** Headers WeChat Pay signs its responses and notifications with (a plain header record). */
export type WechatpaySignedHeaders = Record<
  'wechatpay-serial' | 'wechatpay-signature' | 'wechatpay-timestamp' | 'wechatpay-nonce',
  string
>;

/** Signs a body as the platform does (used by the sandbox and by tests). */
export function platformHeaders(input: {
  body: string;
  serial: string;
  privateKey: KeyObject | string;
  timestamp?: number;
  nonce?: string;
}): WechatpaySignedHeaders {
  const timestamp = String(input.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = input.nonce ?? nonceStr();
  return {
    'wechatpay-serial': input.serial,
    'wechatpay-signature': signRsa(lines(timestamp, nonce, input.body), input.privateKey),
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
  };
}

/**
 * Checks a response or notification: signed by a platform key we know (by serial / public key
 * id), over `timestamp\nnonce\nbody\n` exactly as received, and not older than 5 minutes.
 * WeChat Pay sends deliberately wrong "WECHATPAY/SIGNTEST/" signatures to test merchants; they
 * fail here like any forgery.
 */
export function verifyPlatformSignature(input: {
  headers: Record<string, string | undefined>;
  body: string;
  platformKeys: ReadonlyMap<string, KeyObject | string>;
  now: Date;
}): void {
  const serial = input.headers['wechatpay-serial'];
  const signature = input.headers['wechatpay-signature'];
  const timestamp = input.headers['wechatpay-timestamp'];
  const nonce = input.headers['wechatpay-nonce'];
  if (!serial || !signature || !timestamp || !nonce) {
    throw new PaymentVerificationError('wechatpay: signature headers missing');
  }
  const key = input.platformKeys.get(serial);
  if (!key) throw new PaymentVerificationError(`wechatpay: unknown platform key ${serial}`);
  const sentAt = Number(timestamp);
  if (
    !Number.isFinite(sentAt) ||
    Math.abs(input.now.getTime() / 1000 - sentAt) > WECHATPAY_MAX_SKEW_S
  ) {
    throw new PaymentVerificationError('wechatpay: timestamp outside 5 minutes');
  }
  if (!verifyRsa(lines(timestamp, nonce, input.body), signature, key)) {
    throw new PaymentVerificationError('wechatpay: bad signature');
  }
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

/** Decrypts a notification's resource (AEAD_AES_256_GCM with the APIv3 key). */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') {
    throw new PaymentVerificationError(`wechatpay: algorithm ${resource.algorithm}`);
  }
  try {
    const data = Buffer.from(resource.ciphertext, 'base64');
    const tag = data.subarray(data.length - 16);
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key), resource.nonce, {
      authTagLength: 16,
    });
    decipher.setAuthTag(tag);
    decipher.setAAD(Buffer.from(resource.associated_data ?? ''));
    return Buffer.concat([
      decipher.update(data.subarray(0, data.length - 16)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new PaymentVerificationError('wechatpay: resource does not decrypt');
  }
}

/** Encrypts a resource as the platform does (sandbox and tests). */
export function encryptResource(
  apiV3Key: string,
  plaintext: string,
  associatedData: string,
  originalType: string,
): EncryptedResource {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), nonce, {
    authTagLength: 16,
  });
  cipher.setAAD(Buffer.from(associatedData));
  const data = Buffer.concat([
    cipher.update(plaintext, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: associatedData,
    nonce,
    original_type: originalType,
  };
}
