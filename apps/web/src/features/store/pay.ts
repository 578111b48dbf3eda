import type { TCreateOrderResult, TOrder, TPayMethod } from '@picbook/contracts';
import { callNative, hasNativeBridge } from '../../shared/bridge/bridge';
import { appEnv } from '../../shared/platform/env';
import { uuidV4 } from '../../shared/platform/uuid';
import { api } from '../../shared/request/api';

/** A new purchase attempt's key; a double tap sends the same one (the server answers one order). */
export const newAttemptKey = () => uuidV4().replaceAll('-', '');

/**
 * How the page shows a web payment: a QR code on computers and Xiaodu screens (pay with the
 * phone), the provider's page in a phone's browser or app shell.
 */
export function payClient(): 'qr' | 'h5' {
  const env = appEnv();
  if (env.isXiaodu) return 'qr';
  return env.isApp || env.os !== 'other' ? 'h5' : 'qr';
}

export async function startOrder(input: {
  productId: string;
  method: TPayMethod;
  key: string;
  client?: 'qr' | 'h5';
  promo?: string | undefined;
}): Promise<TCreateOrderResult> {
  return api('createOrder', {
    body: {
      product_id: input.productId,
      pay_method: input.method,
      idempotency_key: input.key,
      client: input.client ?? payClient(),
      ...(input.promo ? { promo: input.promo } : {}),
    },
  });
}

/**
 * An in-app purchase in the native shell (StoreKit / Huawei IAP), then its receipt to our server.
 * Resolves with the verified order, or null when the family cancelled in the store sheet.
 */
export async function payInApp(created: TCreateOrderResult): Promise<TOrder | null> {
  const pay = created.pay;
  if (pay.kind !== 'iap' || !hasNativeBridge()) return null;
  const result = await callNative('purchase', {
    provider: pay.provider,
    product_id: pay.product_id,
    app_account_token: pay.app_account_token,
    order_id: created.order.id,
  });
  if (result.code !== 0) return null;
  const data = result.data ?? {};
  if (pay.provider === 'apple' && typeof data.signed_transaction === 'string') {
    return api('appleReceipt', {
      params: { id: created.order.id },
      body: { signed_transaction: data.signed_transaction },
    });
  }
  if (pay.provider === 'huawei' && typeof data.purchase_token === 'string') {
    return api('huaweiReceipt', {
      params: { id: created.order.id },
      body: { purchase_token: data.purchase_token, product_id: pay.product_id },
    });
  }
  return null;
}

/** Restore purchases (iOS shell): StoreKit's transactions go to the server. */
export async function restorePurchases() {
  const result = await callNative('restorePurchases');
  const list = result.data?.signed_transactions;
  const signed = Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  return api('restorePurchases', { body: { signed_transactions: signed.slice(0, 50) } });
}
