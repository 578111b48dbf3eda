import type { KeyObject } from 'node:crypto';
import {
  type HttpFetch,
  type NotificationEvent,
  PaymentProviderError,
  PaymentVerificationError,
  type PayRequest,
  type RefundRequest,
  type RefundResult,
  type VerifiedPayment,
  type WebPaymentProvider,
} from './types';
import {
  authorization,
  decryptResource,
  type EncryptedResource,
  verifyPlatformSignature,
} from './wechat-pay-signing';

export const WECHATPAY_BASE_URL = 'https://api.mch.weixin.qq.com';

export interface WechatPayCredentials {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate (Authorization serial_no). */
  serialNo: string;
  privateKey: KeyObject | string;
  apiV3Key: string;
  /** Platform keys by serial: the WeChat Pay public key (PUB_KEY_ID_…) or platform certificates. */
  platformKeys: ReadonlyMap<string, KeyObject | string>;
}

export interface WechatPayOptions {
  credentials: WechatPayCredentials | (() => Promise<WechatPayCredentials>);
  notifyUrl: string;
  baseUrl?: string;
  fetch?: HttpFetch;
  now?: () => Date;
  isSandbox?: boolean;
  timeoutMs?: number;
}

/** RFC 3339 in China time, as WeChat Pay writes times: 2026-11-21T10:30:00+08:00. */
export function wechatTime(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 19)}+08:00`;
}

interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

/**
 * WeChat Pay API v3 (decision 035): Native (QR) and H5 payments, signed requests, responses and
 * notifications checked against the platform key, notification resources decrypted with the
 * APIv3 key, query, refund and close. The development sandbox is this same adapter talking to a
 * local WeChat Pay (sandbox.ts) instead of api.mch.weixin.qq.com.
 */
export function createWechatPayProvider(options: WechatPayOptions): WebPaymentProvider {
  const baseUrl = options.baseUrl ?? WECHATPAY_BASE_URL;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  let loaded: Promise<WechatPayCredentials> | null = null;
  const credentials = () => {
    const source = options.credentials;
    loaded ??= typeof source === 'function' ? source() : Promise.resolve(source);
    return loaded;
  };

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
  ): Promise<T | null> {
    const creds = await credentials();
    const body = payload ? JSON.stringify(payload) : '';
    let res: Response;
    try {
      res = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'picbook-server',
          authorization: authorization({
            mchId: creds.mchId,
            serialNo: creds.serialNo,
            privateKey: creds.privateKey,
            method,
            url: path,
            body,
            timestamp: Math.floor(now().getTime() / 1000),
          }),
        },
        ...(payload ? { body } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`wechatpay ${path}: ${(error as Error).message}`);
    }
    const text = await res.text();
    if (res.status === 204) return null;
    // Every answer of WeChat Pay is signed; an unsigned one did not come from it.
    verifyPlatformSignature({
      headers: headerRecord(res.headers),
      body: text,
      platformKeys: creds.platformKeys,
      now: now(),
    });
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (res.status === 404 && json.code === 'ORDER_NOT_EXIST') return null;
    if (!res.ok) {
      throw new PaymentProviderError(
        `wechatpay ${path}: ${res.status} ${String(json.message ?? '')}`,
        String(json.code ?? res.status),
      );
    }
    return json as T;
  }

  function toPayment(t: Transaction, creds: WechatPayCredentials): VerifiedPayment | null {
    if (t.trade_state !== 'SUCCESS') return null;
    if (t.mchid !== creds.mchId || t.appid !== creds.appId) {
      throw new PaymentVerificationError('wechatpay: transaction of another merchant or app');
    }
    if (!t.out_trade_no || !t.transaction_id || typeof t.amount?.total !== 'number') {
      throw new PaymentVerificationError('wechatpay: transaction fields missing');
    }
    return {
      method: 'wechat',
      orderNo: t.out_trade_no,
      providerTxnId: t.transaction_id,
      amount: t.amount.total,
      currency: t.amount.currency ?? 'CNY',
      paidAt: t.success_time ? new Date(t.success_time) : now(),
      detail: { payer_total: t.amount.payer_total ?? null, trade_state: t.trade_state },
    };
  }

  return {
    method: 'wechat',
    isSandbox: options.isSandbox ?? false,
    ack: {
      ok: { status: 204, contentType: 'application/json', body: '' },
      fail: {
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'FAIL', message: '失败' }),
      },
    },

    async createPayment(request: PayRequest) {
      const creds = await credentials();
      const common = {
        appid: creds.appId,
        mchid: creds.mchId,
        description: request.description.slice(0, 127),
        out_trade_no: request.orderNo,
        time_expire: wechatTime(request.expireAt),
        notify_url: options.notifyUrl,
        amount: { total: request.amount, currency: request.currency },
      };
      if (request.client === 'h5') {
        const answer = await call<{ h5_url?: string }>('POST', '/v3/pay/transactions/h5', {
          ...common,
          scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } },
        });
        if (!answer?.h5_url) throw new PaymentProviderError('wechatpay h5: no h5_url');
        const back = encodeURIComponent(request.returnUrl);
        return { kind: 'redirect', url: `${answer.h5_url}&redirect_url=${back}` };
      }
      const answer = await call<{ code_url?: string }>(
        'POST',
        '/v3/pay/transactions/native',
        common,
      );
      if (!answer?.code_url) throw new PaymentProviderError('wechatpay native: no code_url');
      // The sandbox's code is a link to its cashier page, which the browser may open directly.
      const cashier = options.isSandbox ? new URL(answer.code_url).pathname : null;
      return { kind: 'qr', code_url: answer.code_url, cashier_url: cashier };
    },

    async parseNotification({ headers, body }): Promise<NotificationEvent> {
      const creds = await credentials();
      verifyPlatformSignature({ headers, body, platformKeys: creds.platformKeys, now: now() });
      let notice: { event_type?: string; resource?: EncryptedResource };
      try {
        notice = JSON.parse(body);
      } catch {
        throw new PaymentVerificationError('wechatpay: notification is not JSON');
      }
      if (!notice.resource) throw new PaymentVerificationError('wechatpay: no resource');
      const plain = JSON.parse(decryptResource(creds.apiV3Key, notice.resource)) as Transaction & {
        out_refund_no?: string;
        refund_id?: string;
        refund_status?: string;
        amount?: { refund?: number };
      };
      if (notice.event_type === 'TRANSACTION.SUCCESS') {
        const payment = toPayment(plain, creds);
        if (payment) return { type: 'paid', payment };
      }
      if (notice.event_type?.startsWith('REFUND.') && plain.out_trade_no && plain.refund_id) {
        return {
          type: 'refunded',
          orderNo: plain.out_trade_no,
          refundId: plain.refund_id,
          amount: plain.amount?.refund ?? 0,
          status: plain.refund_status ?? notice.event_type,
        };
      }
      return {
        type: 'ignored',
        orderNo: plain.out_trade_no ?? null,
        reason: `event ${notice.event_type ?? '?'} ${plain.trade_state ?? ''}`.trim(),
      };
    },

    async queryPayment(orderNo) {
      const creds = await credentials();
      const t = await call<Transaction>(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${creds.mchId}`,
      );
      return t ? toPayment(t, creds) : null;
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const answer = await call<{ refund_id?: string; status?: string }>(
        'POST',
        '/v3/refund/domestic/refunds',
        {
          out_trade_no: request.orderNo,
          out_refund_no: request.refundNo,
          reason: request.reason.slice(0, 80),
          notify_url: options.notifyUrl,
          amount: { refund: request.amount, total: request.total, currency: 'CNY' },
        },
      );
      if (!answer?.refund_id || (answer.status !== 'SUCCESS' && answer.status !== 'PROCESSING')) {
        throw new PaymentProviderError(`wechatpay refund: status ${answer?.status ?? '?'}`);
      }
      return {
        refundId: answer.refund_id,
        status: answer.status === 'SUCCESS' ? 'succeeded' : 'processing',
      };
    },

    async close(orderNo) {
      const creds = await credentials();
      await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, {
        mchid: creds.mchId,
      });
    },
  };
}

function headerRecord(headers: Headers): Record<string, string | undefined> {
  const record: Record<string, string | undefined> = {};
  headers.forEach((value, key) => {
    record[key.toLowerCase()] = value;
  });
  return record;
}
