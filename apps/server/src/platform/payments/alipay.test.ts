import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipayTime, createAlipayProvider } from './alipay';
import { PaymentProviderError, PaymentVerificationError } from './types';

/**
 * Alipay through the official SDK against a local gateway that speaks Alipay's protocol: requests
 * must carry our RSA2 signature, answers are signed with a made-up "Alipay" key the adapter
 * knows. No real keys anywhere.
 */
const pem = (k: ReturnType<typeof generateKeyPairSync>['privateKey'], type: 'pkcs8' | 'spki') =>
  k.export({ type, format: 'pem' }).toString();
const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
const APP_ID = '2021000000000001';

/** Alipay's canonical string: sorted key=value pairs joined by &, sign (and sign_type) left out. */
function canonical(params: Record<string, string>, dropSignType: boolean): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && !(dropSignType && k === 'sign_type') && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}
const rsa2 = (text: string, key: typeof alipay.privateKey) =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');

interface GatewayCall {
  params: Record<string, string>;
  validSignature: boolean;
}
const calls: GatewayCall[] = [];
let respond: (method: string, biz: Record<string, unknown>) => object = () => ({});
let signAnswers = true;
let server: http.Server;
let gateway = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      Object.assign(params, Object.fromEntries(new URLSearchParams(raw)));
      // Requests sign every parameter but sign; notifications leave sign_type out too.
      const validSignature = createVerify('RSA-SHA256')
        .update(canonical(params, false), 'utf8')
        .verify(app.publicKey, params.sign ?? '', 'base64');
      calls.push({ params, validSignature });
      const method = params.method ?? '';
      const key = `${method.replaceAll('.', '_')}_response`;
      const inner = validSignature
        ? respond(method, JSON.parse(params.biz_content ?? '{}'))
        : { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' };
      const json = JSON.stringify(inner);
      const sign = signAnswers ? rsa2(json, alipay.privateKey) : rsa2(json, app.privateKey);
      res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      res.end(`{"${key}":${json},"sign":"${sign}"}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const provider = () =>
  createAlipayProvider({
    appId: APP_ID,
    privateKey: pem(app.privateKey, 'pkcs8'),
    alipayPublicKey: pem(alipay.publicKey, 'spki'),
    notifyUrl: 'https://picbook.example.com/api/v1/pay/notify/alipay',
    gateway,
  });

const request = {
  orderNo: 'PB261121000000000777',
  description: '绘本岛会员·1个月',
  amount: 2500,
  currency: 'CNY' as const,
  expireAt: new Date('2026-11-21T02:30:00Z'),
  returnUrl: 'https://picbook.example.com/parents/store/orderResult/PB261121000000000777',
  clientIp: '10.0.0.1',
};

describe('Alipay (alipay-sdk) against a local gateway', () => {
  it('precreate: a signed request, a QR code from a signed answer', async () => {
    respond = () => ({
      code: '10000',
      msg: 'Success',
      out_trade_no: request.orderNo,
      qr_code: 'https://qr.alipay.com/bax1',
    });
    const action = await provider().createPayment({ ...request, client: 'qr' });
    expect(action).toEqual({
      kind: 'qr',
      code_url: 'https://qr.alipay.com/bax1',
      cashier_url: null,
    });
    const call = calls.at(-1);
    expect(call?.validSignature).toBe(true);
    expect(call?.params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.precreate',
      sign_type: 'RSA2',
    });
    expect(JSON.parse(call?.params.biz_content ?? '{}')).toEqual({
      out_trade_no: request.orderNo,
      total_amount: '25.00',
      subject: '绘本岛会员·1个月',
      time_expire: '2026-11-21 10:30:00',
    });
  });

  it('an answer not signed by Alipay is refused', async () => {
    signAnswers = false;
    try {
      await expect(provider().createPayment({ ...request, client: 'qr' })).rejects.toBeInstanceOf(
        PaymentProviderError,
      );
    } finally {
      signAnswers = true;
    }
  });

  it('page pay: a link to the gateway carrying our RSA2 signature and the return address', async () => {
    const action = await provider().createPayment({ ...request, client: 'page' });
    if (action.kind !== 'redirect') throw new Error('expected a redirect');
    const url = new URL(action.url);
    const params = Object.fromEntries(url.searchParams);
    expect(params.method).toBe('alipay.trade.page.pay');
    expect(params.return_url).toBe(request.returnUrl);
    expect(JSON.parse(params.biz_content ?? '{}').product_code).toBe('FAST_INSTANT_TRADE_PAY');
    expect(
      createVerify('RSA-SHA256')
        .update(canonical(params, false), 'utf8')
        .verify(app.publicKey, params.sign ?? '', 'base64'),
    ).toBe(true);
  });

  it('query, refund and close', async () => {
    respond = (method) =>
      method === 'alipay.trade.query'
        ? {
            code: '10000',
            msg: 'Success',
            out_trade_no: request.orderNo,
            trade_no: '2026112122001',
            trade_status: 'TRADE_SUCCESS',
            total_amount: '25.00',
            gmt_payment: '2026-11-21 10:05:00',
          }
        : method === 'alipay.trade.refund'
          ? {
              code: '10000',
              msg: 'Success',
              trade_no: '2026112122001',
              fund_change: 'Y',
              refund_fee: '25.00',
            }
          : { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' };
    const pay = provider();
    expect(await pay.queryPayment(request.orderNo)).toMatchObject({
      providerTxnId: '2026112122001',
      amount: 2500,
      paidAt: new Date('2026-11-21T02:05:00Z'),
    });
    expect(
      await pay.refund({
        orderNo: request.orderNo,
        refundNo: 'R1',
        amount: 2500,
        total: 2500,
        reason: '退款',
      }),
    ).toEqual({ refundId: '2026112122001:R1', status: 'succeeded' });
    expect(JSON.parse(calls.at(-1)?.params.biz_content ?? '{}')).toMatchObject({
      refund_amount: '25.00',
      out_request_no: 'R1',
    });
    await expect(pay.close(request.orderNo)).resolves.toBeUndefined();
    respond = () => ({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SYSTEM_ERROR' });
    await expect(pay.close(request.orderNo)).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('Alipay notifications', () => {
  const notification = (fields: Record<string, string>, key = alipay.privateKey) => {
    const params = {
      notify_time: '2026-11-21 10:05:01',
      notify_type: 'trade_status_sync',
      notify_id: 'n1',
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      app_id: APP_ID,
      ...fields,
    };
    const sign = rsa2(canonical(params, true), key);
    return new URLSearchParams({ ...params, sign }).toString();
  };
  const paid = {
    out_trade_no: request.orderNo,
    trade_no: '2026112122001',
    trade_status: 'TRADE_SUCCESS',
    total_amount: '25.00',
    gmt_payment: '2026-11-21 10:05:00',
    subject: '绘本岛会员·1个月 (100% 好评)',
  };

  it('a signed payment notification is a payment (values used exactly as sent)', async () => {
    expect(
      await provider().parseNotification({ headers: {}, body: notification(paid) }),
    ).toMatchObject({
      type: 'paid',
      payment: {
        orderNo: request.orderNo,
        providerTxnId: '2026112122001',
        amount: 2500,
        currency: 'CNY',
      },
    });
  });

  it.each([
    ['signed by another key', notification(paid, app.privateKey)],
    ['a changed amount', notification(paid).replace('total_amount=25.00', 'total_amount=0.01')],
    ['no signature', new URLSearchParams(paid).toString()],
    ['for another application', notification({ ...paid, app_id: '2021000000000999' })],
  ])('refuses %s', async (_, body) => {
    await expect(provider().parseNotification({ headers: {}, body })).rejects.toBeInstanceOf(
      PaymentVerificationError,
    );
  });

  it('a waiting trade is ignored; a refund is a refund', async () => {
    expect(
      await provider().parseNotification({
        headers: {},
        body: notification({ ...paid, trade_status: 'WAIT_BUYER_PAY' }),
      }),
    ).toMatchObject({ type: 'ignored' });
    expect(
      await provider().parseNotification({
        headers: {},
        body: notification({
          ...paid,
          refund_fee: '25.00',
          gmt_refund: '2026-11-22 09:00:00',
          out_biz_no: 'R1',
          trade_status: 'TRADE_CLOSED',
        }),
      }),
    ).toMatchObject({ type: 'refunded', refundId: 'R1', amount: 2500 });
  });

  it('writes China times', () => {
    expect(alipayTime(new Date('2026-11-21T16:30:00Z'))).toBe('2026-11-22 00:30:00');
  });
});
