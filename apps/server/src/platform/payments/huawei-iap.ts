import { constants, createPublicKey, type KeyObject, verify } from 'node:crypto';
import { type HttpFetch, PaymentProviderError, PaymentVerificationError } from './types';

export const HUAWEI_TOKEN_URL = 'https://oauth-login.cloud.huawei.com/oauth2/v3/token';
/** The order service of the China site. */
export const HUAWEI_ORDER_URL = 'https://orders-drcn.iap.cloud.huawei.com.cn';

export interface HuaweiIapOptions {
  clientId: string;
  clientSecret: string;
  /** The IAP public key of the app (AppGallery Connect → In-App Purchases), base64 or PEM. */
  publicKey: string;
  orderUrl?: string;
  tokenUrl?: string;
  fetch?: HttpFetch;
  now?: () => Date;
}

/** InAppPurchaseData of a verified purchase (fields we use). */
export interface HuaweiPurchase {
  orderId: string;
  productId: string;
  /** Price × 100 (fen for CNY). */
  price: number;
  currency: string;
  /** 0 purchased, 1 cancelled, 2 refunded (-1 initialised). */
  purchaseState: number;
  /** What the app passed as developerPayload: our order number. */
  developerPayload: string | null;
  purchaseTime: Date;
  purchaseToken: string;
}

export interface HuaweiIap {
  verifyPurchase(input: { purchaseToken: string; productId: string }): Promise<HuaweiPurchase>;
  /** Confirms delivery of a consumable, so Huawei does not refund it as undelivered. */
  confirm(input: { purchaseToken: string; productId: string }): Promise<void>;
}

export function huaweiPublicKey(text: string): KeyObject {
  const body = text.includes('BEGIN PUBLIC KEY')
    ? text
    : `-----BEGIN PUBLIC KEY-----\n${text.replace(/\s+/g, '')}\n-----END PUBLIC KEY-----\n`;
  return createPublicKey(body);
}

/** Huawei signs purchase data with SHA256WithRSA or SHA256WithRSA/PSS. */
export function verifyHuaweiSignature(
  data: string,
  signature: string,
  algorithm: string | undefined,
  key: KeyObject,
): boolean {
  try {
    const isPss = (algorithm ?? '').toUpperCase().endsWith('/PSS');
    return verify(
      'sha256',
      Buffer.from(data, 'utf8'),
      isPss
        ? {
            key,
            padding: constants.RSA_PKCS1_PSS_PADDING,
            saltLength: constants.RSA_PSS_SALTLEN_AUTO,
          }
        : key,
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

/**
 * Huawei IAP purchase-token verification (Order service; decision 035): an app-level access token
 * (client credentials), then tokens/verify, whose purchase data must carry Huawei's signature by
 * the app's IAP public key; consumables are confirmed afterwards. Huawei has no Node SDK.
 */
export function createHuaweiIap(options: HuaweiIapOptions): HuaweiIap {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const orderUrl = options.orderUrl ?? HUAWEI_ORDER_URL;
  const key = huaweiPublicKey(options.publicKey);
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > now().getTime()) return token.value;
    const res = await doFetch(options.tokenUrl ?? HUAWEI_TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }).toString(),
      signal: AbortSignal.timeout(10_000),
    }).catch((error: Error) => {
      throw new PaymentProviderError(`huawei token: ${error.message}`);
    });
    const json = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
    };
    if (!res.ok || !json.access_token) throw new PaymentProviderError('huawei token refused');
    // Renew five minutes early.
    token = {
      value: json.access_token,
      until: now().getTime() + ((json.expires_in ?? 3600) - 300) * 1000,
    };
    return token.value;
  }

  async function orderCall(path: string, payload: object) {
    const access = await accessToken();
    const res = await doFetch(`${orderUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=UTF-8',
        authorization: `Basic ${Buffer.from(`APPAT:${access}`).toString('base64')}`,
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(10_000),
    }).catch((error: Error) => {
      throw new PaymentProviderError(`huawei ${path}: ${error.message}`);
    });
    if (res.status === 401) token = null;
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) throw new PaymentProviderError(`huawei ${path}: HTTP ${res.status}`);
    return json;
  }

  return {
    async verifyPurchase({ purchaseToken, productId }) {
      const json = await orderCall('/applications/purchases/tokens/verify', {
        purchaseToken,
        productId,
      });
      if (json.responseCode !== '0' || typeof json.purchaseTokenData !== 'string') {
        throw new PaymentVerificationError(
          `huawei: token refused (${String(json.responseCode)} ${String(json.responseMessage ?? '')})`,
        );
      }
      const signed = String(json.dataSignature ?? '');
      if (
        !verifyHuaweiSignature(
          json.purchaseTokenData,
          signed,
          json.signatureAlgorithm as string | undefined,
          key,
        )
      ) {
        throw new PaymentVerificationError('huawei: bad purchase data signature');
      }
      const data = JSON.parse(json.purchaseTokenData) as Record<string, unknown>;
      if (typeof data.orderId !== 'string' || typeof data.productId !== 'string') {
        throw new PaymentVerificationError('huawei: purchase data fields missing');
      }
      return {
        orderId: data.orderId,
        productId: data.productId,
        price: Number(data.price ?? 0),
        currency: String(data.currency ?? ''),
        purchaseState: Number(data.purchaseState ?? -1),
        developerPayload: typeof data.developerPayload === 'string' ? data.developerPayload : null,
        purchaseTime: new Date(Number(data.purchaseTime ?? now().getTime())),
        purchaseToken,
      };
    },
    async confirm({ purchaseToken, productId }) {
      const json = await orderCall('/applications/v2/purchases/confirm', {
        purchaseToken,
        productId,
      });
      if (json.responseCode !== '0') {
        throw new PaymentProviderError(`huawei confirm: ${String(json.responseCode)}`);
      }
    },
  };
}
