import { AlipaySdk } from 'alipay-sdk';
import {
  fenOf,
  type NotificationEvent,
  PaymentProviderError,
  PaymentVerificationError,
  type PayRequest,
  type RefundRequest,
  type RefundResult,
  type VerifiedPayment,
  type WebPaymentProvider,
  yuanOf,
} from './types';

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

export interface AlipayOptions {
  appId: string;
  /** Our application private key (PKCS#8 or PKCS#1 PEM). */
  privateKey: string;
  /** Alipay's public key for this application (PEM), to check responses and notifications. */
  alipayPublicKey: string;
  notifyUrl: string;
  gateway?: string;
  now?: () => Date;
  timeoutMs?: number;
}

/** Alipay writes times as "yyyy-MM-dd HH:mm:ss" in China time. */
export function alipayTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

const fromAlipayTime = (text: string | undefined, fallback: Date) =>
  text ? new Date(`${text.replace(' ', 'T')}+08:00`) : fallback;

interface AlipayAnswer {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  [key: string]: unknown;
}

/**
 * Alipay with the official SDK (alipay-sdk, decision 035): RSA2-signed requests, page / WAP pay
 * links and precreate QR codes, responses checked against Alipay's public key, notifications
 * verified with checkNotifySignV2 (values as received), query, refund and close.
 */
export function createAlipayProvider(options: AlipayOptions): WebPaymentProvider {
  const sdk = new AlipaySdk({
    appId: options.appId,
    privateKey: options.privateKey,
    alipayPublicKey: options.alipayPublicKey,
    gateway: options.gateway ?? ALIPAY_GATEWAY,
    signType: 'RSA2',
    camelcase: false,
    timeout: options.timeoutMs ?? 10_000,
    keyType: options.privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
  });
  const now = options.now ?? (() => new Date());

  async function exec(method: string, bizContent: Record<string, unknown>, extra = {}) {
    let answer: AlipayAnswer;
    try {
      answer = (await sdk.exec(
        method,
        { ...extra, bizContent },
        { validateSign: true },
      )) as AlipayAnswer;
    } catch (error) {
      throw new PaymentProviderError(`alipay ${method}: ${(error as Error).message}`);
    }
    return answer;
  }

  const failure = (method: string, answer: AlipayAnswer) =>
    new PaymentProviderError(
      `alipay ${method}: ${answer.code} ${answer.sub_code ?? ''} ${answer.sub_msg ?? answer.msg ?? ''}`.trim(),
      answer.sub_code ?? answer.code,
    );

  function paymentOf(fields: Record<string, unknown>): VerifiedPayment | null {
    const status = String(fields.trade_status ?? '');
    if (status !== 'TRADE_SUCCESS' && status !== 'TRADE_FINISHED') return null;
    const amount = fenOf(String(fields.total_amount ?? ''));
    if (amount === null || !fields.out_trade_no || !fields.trade_no) {
      throw new PaymentVerificationError('alipay: payment fields missing');
    }
    return {
      method: 'alipay',
      orderNo: String(fields.out_trade_no),
      providerTxnId: String(fields.trade_no),
      amount,
      currency: 'CNY',
      paidAt: fromAlipayTime(fields.gmt_payment as string | undefined, now()),
      detail: { trade_status: status, buyer_pay_amount: fields.buyer_pay_amount ?? null },
    };
  }

  return {
    method: 'alipay',
    isSandbox: false,
    ack: {
      ok: { status: 200, contentType: 'text/plain', body: 'success' },
      fail: { status: 200, contentType: 'text/plain', body: 'failure' },
    },

    async createPayment(request: PayRequest) {
      const biz = {
        out_trade_no: request.orderNo,
        total_amount: yuanOf(request.amount),
        subject: request.description.slice(0, 256),
        time_expire: alipayTime(request.expireAt),
      };
      if (request.client === 'qr') {
        const answer = await exec('alipay.trade.precreate', biz, { notify_url: options.notifyUrl });
        if (answer.code !== '10000' || typeof answer.qr_code !== 'string') {
          throw failure('alipay.trade.precreate', answer);
        }
        return { kind: 'qr', code_url: answer.qr_code, cashier_url: null };
      }
      const isPhone = request.client === 'h5';
      const url = sdk.pageExecute(
        isPhone ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay',
        'GET',
        {
          notify_url: options.notifyUrl,
          return_url: request.returnUrl,
          bizContent: {
            ...biz,
            product_code: isPhone ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
            ...(isPhone ? { quit_url: request.returnUrl } : {}),
          },
        },
      );
      return { kind: 'redirect', url };
    },

    async parseNotification({ body }): Promise<NotificationEvent> {
      const fields = Object.fromEntries(new URLSearchParams(body));
      if (!fields.sign || !sdk.checkNotifySignV2(fields)) {
        throw new PaymentVerificationError('alipay: bad notification signature');
      }
      if (fields.app_id !== options.appId) {
        throw new PaymentVerificationError('alipay: notification for another application');
      }
      // A refund is notified on the trade with its refund fields; it is not a new payment.
      if (fields.gmt_refund || fields.refund_fee) {
        return {
          type: 'refunded',
          orderNo: fields.out_trade_no ?? '',
          refundId: fields.out_biz_no ?? fields.trade_no ?? '',
          amount: fenOf(fields.refund_fee ?? '0') ?? 0,
          status: fields.trade_status ?? 'REFUND',
        };
      }
      const payment = paymentOf(fields);
      if (payment) return { type: 'paid', payment };
      return {
        type: 'ignored',
        orderNo: fields.out_trade_no ?? null,
        reason: `trade_status ${fields.trade_status ?? '?'}`,
      };
    },

    async queryPayment(orderNo) {
      const answer = await exec('alipay.trade.query', { out_trade_no: orderNo });
      if (answer.code === '40004' && answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
      if (answer.code !== '10000') throw failure('alipay.trade.query', answer);
      return paymentOf(answer);
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const answer = await exec('alipay.trade.refund', {
        out_trade_no: request.orderNo,
        refund_amount: yuanOf(request.amount),
        out_request_no: request.refundNo,
        refund_reason: request.reason.slice(0, 256),
      });
      if (answer.code !== '10000') throw failure('alipay.trade.refund', answer);
      return {
        refundId: `${String(answer.trade_no ?? request.orderNo)}:${request.refundNo}`,
        // fund_change N means Alipay had refunded this request number before: done either way.
        status: 'succeeded',
      };
    },

    async close(orderNo) {
      const answer = await exec('alipay.trade.close', { out_trade_no: orderNo });
      if (answer.code !== '10000' && answer.sub_code !== 'ACQ.TRADE_NOT_EXIST') {
        throw failure('alipay.trade.close', answer);
      }
    },
  };
}
