import { constants, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { endpoints, type TCreateOrderResult } from '@picbook/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appleNotification,
  appleTransaction,
  createApplePki,
  TEST_BUNDLE_ID,
} from '../../../test/apple-pki';
import { expectError, expectOk } from '../../../test/envelope';
import { paymentNotifications, payments, rightGrants } from '../../platform/db/schema';
import { createFakeFetch, jsonResponse } from '../../platform/oauth/fake-fetch';
import { createAppleIap } from '../../platform/payments/apple-iap';
import { createHuaweiIap } from '../../platform/payments/huawei-iap';
import { type Family, HUAWEI_UA, IOS_UA, type StoreKit, startStoreKit } from './store.test-kit';

/**
 * App Store and Huawei purchases through the API with constructed vectors: a made-up Apple PKI
 * (test/apple-pki.ts) and a made-up Huawei IAP key answering through a fake fetch.
 */
const pki = createApplePki();
const huaweiKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
let huaweiPurchase: Record<string, unknown> = {};
const huaweiFetch = createFakeFetch((call) => {
  if (call.url.includes('oauth2')) return jsonResponse({ access_token: 'AT', expires_in: 3600 });
  if (call.url.includes('confirm')) return jsonResponse({ responseCode: '0' });
  const text = JSON.stringify(huaweiPurchase);
  return jsonResponse({
    responseCode: '0',
    purchaseTokenData: text,
    dataSignature: sign('sha256', Buffer.from(text), {
      key: huaweiKey.privateKey,
      padding: constants.RSA_PKCS1_PSS_PADDING,
      saltLength: 32,
    }).toString('base64'),
    signatureAlgorithm: 'SHA256WithRSA/PSS',
  });
});

let kit: StoreKit;
beforeAll(async () => {
  kit = await startStoreKit({
    services: {
      payments: {
        web: {},
        sandbox: null,
        apple: createAppleIap({
          bundleId: TEST_BUNDLE_ID,
          environment: 'Sandbox',
          rootCertificates: [pki.rootDer],
          onlineChecks: false,
        }),
        huawei: createHuaweiIap({
          clientId: '101234567',
          clientSecret: 's',
          publicKey: huaweiKey.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
          fetch: huaweiFetch.fetch,
        }),
      },
    },
  });
});
afterAll(() => kit.close());

let txn = 2_000_000_000;
const appleBuy = async (family: Family, productId = 'vip_1m') => {
  const created = await kit.buy(family, productId, { method: 'apple', ua: IOS_UA });
  if (created.pay.kind !== 'iap') throw new Error('expected an in-app purchase');
  return created as TCreateOrderResult & {
    pay: { kind: 'iap'; product_id: string; app_account_token: string };
  };
};
const receipt = (family: Family, orderNo: string, signed: string) =>
  kit.post(`/api/v1/order/${orderNo}/apple`, family, { signed_transaction: signed }, IOS_UA);

describe('Apple in-app purchase', () => {
  it('goods on iOS pay with Apple only; the order names the App Store product and its token', async () => {
    const g = expectOk(await kit.get('/api/v1/goods', undefined, IOS_UA), endpoints.goods);
    expect(g.pay_methods).toEqual(['apple']);
    const family = await kit.family();
    const created = await appleBuy(family);
    expect(created.pay).toMatchObject({
      kind: 'iap',
      provider: 'apple',
      product_id: 'com.picbook.vip.1m',
    });
    // WeChat Pay is not offered in the iOS app.
    expectError(await kit.order(family, 'vip_1m', { ua: IOS_UA }), 200, 15002);
  });

  it('a verified StoreKit transaction for the order fulfils it once; replaying it elsewhere is refused', async () => {
    const family = await kit.family();
    const created = await appleBuy(family);
    const signed = pki.sign(
      appleTransaction({
        transactionId: String(++txn),
        productId: 'com.picbook.vip.1m',
        appAccountToken: created.pay.app_account_token,
        priceFen: 2500,
      }),
    );
    const order = expectOk(await receipt(family, created.order.id, signed), endpoints.appleReceipt);
    expect(order).toMatchObject({
      status: 'fulfilled',
      receipt: { pay_method: 'apple', transaction_id: String(txn) },
    });
    expect(await kit.membersBook(family)).toMatchObject({ access_code: 0 });
    // Sent again (the app retries): the same answer, no second grant.
    expect(
      expectOk(await receipt(family, created.order.id, signed), endpoints.appleReceipt).status,
    ).toBe('fulfilled');
    const again = await appleBuy(family);
    expectError(await receipt(family, again.order.id, signed), 200, 15006);
  });

  it('one App Store transaction sent 50 times at once for two orders pays one of them once', async () => {
    const family = await kit.family();
    const [a, b] = [await appleBuy(family), await appleBuy(family)];
    const transactionId = String(++txn);
    const signed = pki.sign(appleTransaction({ transactionId, productId: 'com.picbook.vip.1m' }));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => receipt(family, (i % 2 ? b : a).order.id, signed)),
    );
    const statuses = await Promise.all(
      [a, b].map(
        async (o) =>
          expectOk(await kit.get(`/api/v1/order/${o.order.id}`, family, IOS_UA), endpoints.order)
            .status,
      ),
    );
    expect([...statuses].sort()).toEqual(['created', 'fulfilled']);
    const paidNo = (statuses[0] === 'fulfilled' ? a : b).order.id;
    // Successes exactly for the paid order (each answers it fulfilled), 15006 for every copy for
    // the other one — also those that raced past the "used by another order" check.
    const forPaid = answers.filter((_, i) => (i % 2 ? b : a).order.id === paidNo);
    const forOther = answers.filter((_, i) => (i % 2 ? b : a).order.id !== paidNo);
    expect([forPaid.length, forOther.length]).toEqual([25, 25]);
    for (const r of forPaid) {
      expect(expectOk(r, endpoints.appleReceipt).status).toBe('fulfilled');
    }
    for (const r of forOther) expectError(r, 200, 15006);
    expect(answers.filter((r) => r.json().code === 0)).toHaveLength(25);
    // Each refused copy is on record once, as a mismatch.
    const otherNo = (paidNo === a.order.id ? b : a).order.id;
    const refusals = await kit.t.database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNo, otherNo));
    expect(refusals.map((n) => n.outcome)).toEqual(Array(25).fill('mismatch'));
    expect((await kit.userInfo(family)).buy_info.paid_count).toBe(1);
    const grants = await kit.t.database.db
      .select()
      .from(rightGrants)
      .where(eq(rightGrants.userId, family.userId));
    expect(grants.map((g) => [g.kind, g.days])).toEqual([['grant', 31]]);
    const recorded = await kit.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerTxnId, transactionId));
    expect(recorded).toHaveLength(1);
  });

  it('refuses a forged transaction, another product, another order token, a refunded purchase', async () => {
    const family = await kit.family();
    const created = await appleBuy(family);
    const base = {
      productId: 'com.picbook.vip.1m',
      appAccountToken: created.pay.app_account_token,
    };
    const forged = createApplePki('Forged').sign(
      appleTransaction({ transactionId: String(++txn), ...base }),
    );
    expectError(await receipt(family, created.order.id, forged), 200, 15005);
    const life = pki.sign(
      appleTransaction({
        transactionId: String(++txn),
        ...base,
        productId: 'com.picbook.vip.life',
      }),
    );
    expectError(await receipt(family, created.order.id, life), 200, 15005);
    const other = pki.sign(
      appleTransaction({ transactionId: String(++txn), ...base, appAccountToken: randomUUID() }),
    );
    expectError(await receipt(family, created.order.id, other), 200, 15005);
    const revoked = pki.sign(
      appleTransaction({ transactionId: String(++txn), ...base, revoked: true }),
    );
    expectError(await receipt(family, created.order.id, revoked), 200, 15005);
    expect((await kit.userInfo(family)).vip).toBe(0);
    const outcomes = (
      await kit.t.database.db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.orderNo, created.order.id))
    ).map((n) => n.outcome);
    expect(outcomes).toEqual(['bad_signature', 'mismatch', 'mismatch', 'mismatch']);
  });

  it('App Store notifications: a one-time charge settles a pending order; a refund takes the right back', async () => {
    const family = await kit.family();
    const created = await appleBuy(family, 'vip_3m');
    const transaction = appleTransaction({
      transactionId: String(++txn),
      productId: 'com.picbook.vip.3m',
      appAccountToken: created.pay.app_account_token,
    });
    const send = (type: string, t: object) =>
      kit.t.app.inject({
        method: 'POST',
        url: '/api/v1/pay/notify/apple',
        payload: { signedPayload: pki.sign(appleNotification(pki, type, t)) },
      });
    expect((await send('ONE_TIME_CHARGE', transaction)).statusCode).toBe(200);
    expect((await kit.userInfo(family)).vip).toBe(1);
    expect((await send('REFUND', { ...transaction, revocationDate: Date.now() })).statusCode).toBe(
      200,
    );
    const order = expectOk(
      await kit.get(`/api/v1/order/${created.order.id}`, family, IOS_UA),
      endpoints.order,
    );
    expect(order.status).toBe('refunded');
    expect((await kit.userInfo(family)).vip).toBe(0);
    const forged = await kit.t.app.inject({
      method: 'POST',
      url: '/api/v1/pay/notify/apple',
      payload: {
        signedPayload: createApplePki('Forged').sign(appleNotification(pki, 'REFUND', transaction)),
      },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('restore purchases: unknown transactions become orders of this account, others are skipped', async () => {
    const family = await kit.family();
    const lost = pki.sign(
      appleTransaction({ transactionId: String(++txn), productId: 'com.picbook.vip.life' }),
    );
    const restored = expectOk(
      await kit.post('/api/v1/order/restore', family, { signed_transactions: [lost] }, IOS_UA),
      endpoints.restorePurchases,
    );
    expect(restored.restored.map((o) => [o.product_id, o.status])).toEqual([
      ['vip_life', 'fulfilled'],
    ]);
    expect((await kit.userInfo(family)).buy_info.life_vip).toBe(1);
    // The same transaction again: answered as this account's; another account cannot take it.
    const again = expectOk(
      await kit.post('/api/v1/order/restore', family, { signed_transactions: [lost] }, IOS_UA),
      endpoints.restorePurchases,
    );
    expect(again.restored).toHaveLength(1);
    const stranger = await kit.family();
    const taken = expectOk(
      await kit.post(
        '/api/v1/order/restore',
        stranger,
        { signed_transactions: [lost, 'x'.repeat(30)] },
        IOS_UA,
      ),
      endpoints.restorePurchases,
    );
    expect(taken).toEqual({
      restored: [],
      skipped: [
        { transaction_id: String(txn), reason: 'other_account' },
        { transaction_id: '', reason: 'invalid' },
      ],
    });
    expect((await kit.userInfo(stranger)).vip).toBe(0);
  });
});

describe('Huawei IAP', () => {
  it('a verified purchase token for the order fulfils it; a purchase for another order is refused', async () => {
    const family = await kit.family();
    const g = expectOk(await kit.get('/api/v1/goods', undefined, HUAWEI_UA), endpoints.goods);
    expect(g.pay_methods).toEqual(['huawei']);
    const created = await kit.buy(family, 'vip_1m', { method: 'huawei', ua: HUAWEI_UA });
    expect(created.pay).toMatchObject({
      kind: 'iap',
      provider: 'huawei',
      product_id: 'picbook_vip_1m',
    });
    const purchase = {
      orderId: `HW${++txn}`,
      productId: 'picbook_vip_1m',
      price: 2500,
      currency: 'CNY',
      purchaseState: 0,
      purchaseTime: Date.now(),
      developerPayload: created.order.id,
    };
    huaweiPurchase = { ...purchase, developerPayload: 'PB261121000000000000' };
    const send = () =>
      kit.post(
        `/api/v1/order/${created.order.id}/huawei`,
        family,
        { purchase_token: 'token-123456', product_id: 'picbook_vip_1m' },
        HUAWEI_UA,
      );
    expectError(await send(), 200, 15005);
    huaweiPurchase = { ...purchase, purchaseState: 2 };
    expectError(await send(), 200, 15005);
    huaweiPurchase = purchase;
    const order = expectOk(await send(), endpoints.huaweiReceipt);
    expect(order).toMatchObject({
      status: 'fulfilled',
      receipt: { transaction_id: purchase.orderId },
    });
    expect(
      huaweiFetch.calls.some((c) => c.url.includes('/applications/v2/purchases/confirm')),
    ).toBe(true);
    expect((await kit.userInfo(family)).vip).toBe(1);
  });

  it('one purchase token sent 50 times at once fulfils the order once', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_1m', { method: 'huawei', ua: HUAWEI_UA });
    const orderId = `HW${++txn}`;
    huaweiPurchase = {
      orderId,
      productId: 'picbook_vip_1m',
      price: 2500,
      currency: 'CNY',
      purchaseState: 0,
      purchaseTime: Date.now(),
      developerPayload: created.order.id,
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        kit.post(
          `/api/v1/order/${created.order.id}/huawei`,
          family,
          { purchase_token: 'token-654321', product_id: 'picbook_vip_1m' },
          HUAWEI_UA,
        ),
      ),
    );
    for (const r of answers) {
      expect(expectOk(r, endpoints.huaweiReceipt).status).toBe('fulfilled');
    }
    const grants = await kit.t.database.db
      .select()
      .from(rightGrants)
      .where(eq(rightGrants.userId, family.userId));
    expect(grants.map((g) => [g.kind, g.days])).toEqual([['grant', 31]]);
    const recorded = await kit.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerTxnId, orderId));
    expect(recorded).toHaveLength(1);
    expect((await kit.userInfo(family)).buy_info.paid_count).toBe(1);
  });
});
