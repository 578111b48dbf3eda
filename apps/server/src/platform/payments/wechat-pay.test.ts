import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// The community WeChat Pay library, used here only as an independent implementation to check ours.
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { createFakeFetch, jsonResponse } from '../oauth/fake-fetch';
import { PaymentProviderError, PaymentVerificationError } from './types';
import { createWechatPayProvider, wechatTime } from './wechat-pay';
import {
  authorization,
  decryptResource,
  encryptResource,
  parseAuthorization,
  platformHeaders,
  verifyPlatformSignature,
} from './wechat-pay-signing';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const platform = rsa();
const PLATFORM_SERIAL = 'PUB_KEY_ID_0114232134912410000000000000';
const API_V3_KEY = randomBytes(16).toString('hex');
const NOW = new Date('2026-11-21T02:00:00Z');
const ts = Math.floor(NOW.getTime() / 1000);
const keys = new Map([[PLATFORM_SERIAL, platform.publicKey]]);

describe('WeChat Pay v3 signing, checked against wechatpay-axios-plugin', () => {
  it('our Authorization verifies with the library and carries the merchant fields', () => {
    const body = JSON.stringify({ appid: 'wx1', out_trade_no: 'PB1' });
    const header = authorization({
      mchId: '1900000109',
      serialNo: 'ABC123',
      privateKey: merchant.privateKey,
      method: 'POST',
      url: '/v3/pay/transactions/native',
      body,
      timestamp: ts,
      nonce: 'NONCE1',
    });
    const fields = parseAuthorization(header);
    expect(fields).toMatchObject({ mchid: '1900000109', serial_no: 'ABC123', nonce_str: 'NONCE1' });
    const message = Formatter.request('POST', '/v3/pay/transactions/native', ts, 'NONCE1', body);
    expect(Rsa.verify(message, fields?.signature ?? '', merchant.publicKey)).toBe(true);
  });

  it('a response signed by the library verifies with ours; a changed body does not', () => {
    const body = '{"code_url":"weixin://wxpay/bizpayurl?pr=abc"}';
    const signature = Rsa.sign(Formatter.response(ts, 'N2', body), platform.privateKey);
    const headers = {
      'wechatpay-serial': PLATFORM_SERIAL,
      'wechatpay-signature': signature,
      'wechatpay-timestamp': String(ts),
      'wechatpay-nonce': 'N2',
    };
    expect(() =>
      verifyPlatformSignature({ headers, body, platformKeys: keys, now: NOW }),
    ).not.toThrow();
    expect(() =>
      verifyPlatformSignature({ headers, body: `${body} `, platformKeys: keys, now: NOW }),
    ).toThrow(PaymentVerificationError);
  });

  it.each([
    [
      'a probe signature (WECHATPAY/SIGNTEST/)',
      { 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' },
    ],
    ['an unknown key serial', { 'wechatpay-serial': 'PUB_KEY_ID_OTHER' }],
    ['a timestamp 6 minutes old', { 'wechatpay-timestamp': String(ts - 360) }],
    ['no signature', { 'wechatpay-signature': undefined }],
  ])('refuses %s', (_, change) => {
    const body = '{}';
    const headers = {
      ...platformHeaders({
        body,
        serial: PLATFORM_SERIAL,
        privateKey: platform.privateKey,
        timestamp: ts,
      }),
      ...change,
    };
    expect(() => verifyPlatformSignature({ headers, body, platformKeys: keys, now: NOW })).toThrow(
      PaymentVerificationError,
    );
  });

  it('decrypts a resource the library encrypted, and the library decrypts ours', () => {
    const plain = JSON.stringify({ out_trade_no: 'PB261121000000000001', trade_state: 'SUCCESS' });
    const nonce = 'abcdefghijkl';
    const ciphertext = Aes.AesGcm.encrypt(plain, API_V3_KEY, nonce, 'transaction');
    expect(
      decryptResource(API_V3_KEY, {
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext,
        nonce,
        associated_data: 'transaction',
      }),
    ).toBe(plain);
    const ours = encryptResource(API_V3_KEY, plain, 'transaction', 'transaction');
    expect(Aes.AesGcm.decrypt(ours.ciphertext, API_V3_KEY, ours.nonce, 'transaction')).toBe(plain);
  });

  it('a resource with another key or associated data does not decrypt', () => {
    const ours = encryptResource(API_V3_KEY, '{}', 'transaction', 'transaction');
    expect(() => decryptResource(randomBytes(16).toString('hex'), ours)).toThrow(
      PaymentVerificationError,
    );
    expect(() => decryptResource(API_V3_KEY, { ...ours, associated_data: 'refund' })).toThrow(
      PaymentVerificationError,
    );
  });
});

describe('the WeChat Pay adapter against constructed answers', () => {
  const signed = (payload: unknown, status = 200) => {
    const body = payload === null ? '' : JSON.stringify(payload);
    return new Response(status === 204 ? null : body, {
      status,
      headers: {
        'content-type': 'application/json',
        ...platformHeaders({
          body,
          serial: PLATFORM_SERIAL,
          privateKey: platform.privateKey,
          timestamp: ts,
        }),
      },
    });
  };
  const provider = (handler: Parameters<typeof createFakeFetch>[0]) => {
    const fake = createFakeFetch(handler);
    return {
      calls: fake.calls,
      pay: createWechatPayProvider({
        credentials: {
          mchId: '1900000109',
          appId: 'wxapp',
          serialNo: 'MERCHANT-SERIAL',
          privateKey: merchant.privateKey,
          apiV3Key: API_V3_KEY,
          platformKeys: keys,
        },
        notifyUrl: 'https://picbook.example.com/api/v1/pay/notify/wechat',
        fetch: fake.fetch,
        now: () => NOW,
      }),
    };
  };
  const request = {
    orderNo: 'PB261121123456789012',
    description: '绘本岛会员·1个月',
    amount: 2500,
    currency: 'CNY' as const,
    expireAt: new Date(NOW.getTime() + 1_800_000),
    returnUrl: 'https://picbook.example.com/parents/store/orderResult/PB261121123456789012',
    client: 'qr' as const,
    clientIp: '10.0.0.1',
  };

  it('Native payment: the signed request WeChat documents, and its code_url', async () => {
    const { pay, calls } = provider(() => signed({ code_url: 'weixin://wxpay/bizpayurl?pr=x1' }));
    expect(await pay.createPayment(request)).toEqual({
      kind: 'qr',
      code_url: 'weixin://wxpay/bizpayurl?pr=x1',
      cashier_url: null,
    });
    const call = calls[0];
    expect(call?.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/native');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      appid: 'wxapp',
      mchid: '1900000109',
      description: '绘本岛会员·1个月',
      out_trade_no: 'PB261121123456789012',
      time_expire: '2026-11-21T10:30:00+08:00',
      notify_url: 'https://picbook.example.com/api/v1/pay/notify/wechat',
      amount: { total: 2500, currency: 'CNY' },
    });
    const fields = parseAuthorization(call?.headers.get('authorization') ?? '');
    const message = Formatter.request(
      'POST',
      '/v3/pay/transactions/native',
      fields?.timestamp ?? '',
      fields?.nonce_str ?? '',
      call?.body ?? '',
    );
    expect(Rsa.verify(message, fields?.signature ?? '', merchant.publicKey)).toBe(true);
  });

  it('H5 payment: a redirect with our return address', async () => {
    const { pay, calls } = provider(() =>
      signed({ h5_url: 'https://wx.tenpay.com/pay?prepay_id=1' }),
    );
    const action = await pay.createPayment({ ...request, client: 'h5' });
    expect(action).toEqual({
      kind: 'redirect',
      url: `https://wx.tenpay.com/pay?prepay_id=1&redirect_url=${encodeURIComponent(request.returnUrl)}`,
    });
    expect(JSON.parse(calls[0]?.body ?? '{}').scene_info).toEqual({
      payer_client_ip: '10.0.0.1',
      h5_info: { type: 'Wap' },
    });
  });

  it('refuses an unsigned answer, and reports an error answer', async () => {
    await expect(
      provider(() => jsonResponse({ code_url: 'weixin://x' })).pay.createPayment(request),
    ).rejects.toBeInstanceOf(PaymentVerificationError);
    await expect(
      provider(() => signed({ code: 'PARAM_ERROR', message: '参数错误' }, 400)).pay.createPayment(
        request,
      ),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(
      provider(() => {
        throw new Error('ECONNRESET');
      }).pay.createPayment(request),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('query: SUCCESS is a payment, NOTPAY and ORDER_NOT_EXIST are none', async () => {
    const success = {
      appid: 'wxapp',
      mchid: '1900000109',
      out_trade_no: request.orderNo,
      transaction_id: '4200000001',
      trade_state: 'SUCCESS',
      success_time: '2026-11-21T10:05:00+08:00',
      amount: { total: 2500, payer_total: 2500, currency: 'CNY' },
    };
    const { pay, calls } = provider(() => signed(success));
    expect(await pay.queryPayment(request.orderNo)).toMatchObject({
      method: 'wechat',
      orderNo: request.orderNo,
      providerTxnId: '4200000001',
      amount: 2500,
      currency: 'CNY',
      paidAt: new Date('2026-11-21T02:05:00Z'),
    });
    expect(calls[0]?.url).toBe(
      `https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/${request.orderNo}?mchid=1900000109`,
    );
    expect(
      await provider(() => signed({ ...success, trade_state: 'NOTPAY' })).pay.queryPayment('x'),
    ).toBeNull();
    expect(
      await provider(() =>
        signed({ code: 'ORDER_NOT_EXIST', message: '订单不存在' }, 404),
      ).pay.queryPayment('x'),
    ).toBeNull();
    await expect(
      provider(() => signed({ ...success, mchid: '1900000999' })).pay.queryPayment('x'),
    ).rejects.toBeInstanceOf(PaymentVerificationError);
  });

  it('refund and close', async () => {
    const { pay, calls } = provider((call) =>
      call.url.endsWith('/close')
        ? signed(null, 204)
        : signed({ refund_id: '50300001', status: 'PROCESSING' }),
    );
    expect(
      await pay.refund({
        orderNo: request.orderNo,
        refundNo: 'R1',
        amount: 2500,
        total: 2500,
        reason: '家长申请',
      }),
    ).toEqual({ refundId: '50300001', status: 'processing' });
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({
      out_trade_no: request.orderNo,
      out_refund_no: 'R1',
      amount: { refund: 2500, total: 2500, currency: 'CNY' },
    });
    await pay.close(request.orderNo);
    expect(JSON.parse(calls[1]?.body ?? '{}')).toEqual({ mchid: '1900000109' });
  });

  it('a notification: verified, decrypted, read; tampering and other merchants refused', async () => {
    const { pay } = provider(() => signed({}));
    const transaction = {
      appid: 'wxapp',
      mchid: '1900000109',
      out_trade_no: request.orderNo,
      transaction_id: '4200000002',
      trade_state: 'SUCCESS',
      success_time: wechatTime(NOW),
      amount: { total: 2500, payer_total: 2500, currency: 'CNY' },
    };
    const notify = (t: object) => {
      const body = JSON.stringify({
        id: 'n1',
        event_type: 'TRANSACTION.SUCCESS',
        resource_type: 'encrypt-resource',
        resource: encryptResource(API_V3_KEY, JSON.stringify(t), 'transaction', 'transaction'),
      });
      return {
        body,
        headers: platformHeaders({
          body,
          serial: PLATFORM_SERIAL,
          privateKey: platform.privateKey,
          timestamp: ts,
        }),
      };
    };
    const good = notify(transaction);
    expect(await pay.parseNotification(good)).toMatchObject({
      type: 'paid',
      payment: { orderNo: request.orderNo, providerTxnId: '4200000002', amount: 2500 },
    });
    await expect(
      pay.parseNotification({ headers: good.headers, body: good.body.replace('n1', 'n2') }),
    ).rejects.toBeInstanceOf(PaymentVerificationError);
    await expect(
      pay.parseNotification(notify({ ...transaction, appid: 'wxother' })),
    ).rejects.toBeInstanceOf(PaymentVerificationError);
  });
});
