import { constants, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFakeFetch, jsonResponse } from '../oauth/fake-fetch';
import { createHuaweiIap } from './huawei-iap';
import { PaymentVerificationError } from './types';

/** Huawei IAP against constructed answers, signed with a key pair made here for the test. */
const iapKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicBase64 = iapKey.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

const purchase = {
  applicationId: 101234567,
  autoRenewing: false,
  orderId: '202611211000001234',
  kind: 0,
  packageName: 'com.picbook.app',
  productId: 'picbook_vip_1m',
  purchaseTime: 1_795_000_000_000,
  purchaseState: 0,
  developerPayload: 'PB261121000000000888',
  purchaseToken: 'token-1',
  consumptionState: 0,
  currency: 'CNY',
  price: 2500,
  country: 'CN',
};

function signData(data: string, pss: boolean, key = iapKey.privateKey) {
  return sign(
    'sha256',
    Buffer.from(data),
    pss ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 } : key,
  ).toString('base64');
}

function huawei(verifyAnswer: (body: Record<string, unknown>) => Response) {
  const fake = createFakeFetch((call) => {
    if (call.url.includes('oauth2/v3/token'))
      return jsonResponse({ access_token: 'AT-1', expires_in: 3600 });
    return verifyAnswer(JSON.parse(call.body ?? '{}'));
  });
  return {
    calls: fake.calls,
    iap: createHuaweiIap({
      clientId: '101234567',
      clientSecret: 'secret',
      publicKey: publicBase64,
      fetch: fake.fetch,
      now: () => new Date('2026-11-21T02:00:00Z'),
    }),
  };
}

const answer = (data: object, pss = true, signer = iapKey.privateKey) => {
  const text = JSON.stringify(data);
  return jsonResponse({
    responseCode: '0',
    purchaseTokenData: text,
    dataSignature: signData(text, pss, signer),
    signatureAlgorithm: pss ? 'SHA256WithRSA/PSS' : 'SHA256WithRSA',
  });
};

describe('Huawei IAP purchase-token verification', () => {
  it.each([true, false])('a signed purchase (PSS %s) reads as the purchase', async (pss) => {
    const { iap, calls } = huawei(() => answer(purchase, pss));
    const got = await iap.verifyPurchase({ purchaseToken: 'token-1', productId: 'picbook_vip_1m' });
    expect(got).toMatchObject({
      orderId: '202611211000001234',
      productId: 'picbook_vip_1m',
      price: 2500,
      currency: 'CNY',
      purchaseState: 0,
      developerPayload: 'PB261121000000000888',
    });
    // Client credentials first, then the order service with the app-level token.
    expect(calls[0]?.body).toContain('grant_type=client_credentials');
    expect(calls[1]?.url).toBe(
      'https://orders-drcn.iap.cloud.huawei.com.cn/applications/purchases/tokens/verify',
    );
    expect(calls[1]?.headers.get('authorization')).toBe(
      `Basic ${Buffer.from('APPAT:AT-1').toString('base64')}`,
    );
  });

  it('the access token is reused until it is near its end', async () => {
    const { iap, calls } = huawei(() => answer(purchase));
    await iap.verifyPurchase({ purchaseToken: 't', productId: 'p' });
    await iap.verifyPurchase({ purchaseToken: 't', productId: 'p' });
    expect(calls.filter((c) => c.url.includes('oauth2')).length).toBe(1);
  });

  it.each([
    [
      'signed by another key',
      () => answer(purchase, true, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey),
    ],
    [
      'data changed after signing',
      () => {
        const signed = signData(JSON.stringify(purchase), true);
        return jsonResponse({
          responseCode: '0',
          purchaseTokenData: JSON.stringify({ ...purchase, price: 1 }),
          dataSignature: signed,
          signatureAlgorithm: 'SHA256WithRSA/PSS',
        });
      },
    ],
    [
      'a refused token',
      () => jsonResponse({ responseCode: '5', responseMessage: 'invalid token' }),
    ],
  ])('refuses %s', async (_, make) => {
    const { iap } = huawei(make);
    await expect(
      iap.verifyPurchase({ purchaseToken: 'token-1', productId: 'picbook_vip_1m' }),
    ).rejects.toBeInstanceOf(PaymentVerificationError);
  });

  it('confirms a delivered consumable', async () => {
    const { iap, calls } = huawei(() => jsonResponse({ responseCode: '0' }));
    await iap.confirm({ purchaseToken: 'token-1', productId: 'picbook_vip_1m' });
    expect(calls[1]?.url).toContain('/applications/v2/purchases/confirm');
  });
});
