import { describe, expect, it } from 'vitest';
import {
  appleNotification,
  appleTransaction,
  createApplePki,
  TEST_BUNDLE_ID,
} from '../../../test/apple-pki';
import { createAppleIap } from './apple-iap';
import { PaymentVerificationError } from './types';

const pki = createApplePki();
const iap = createAppleIap({
  bundleId: TEST_BUNDLE_ID,
  environment: 'Sandbox',
  rootCertificates: [pki.rootDer],
  onlineChecks: false,
});

describe('Apple in-app purchases (App Store Server Library, constructed PKI)', () => {
  it('verifies a StoreKit 2 transaction signed under the root', async () => {
    const signed = pki.sign(
      appleTransaction({
        transactionId: '2000000123',
        productId: 'com.picbook.vip.1m',
        appAccountToken: '6f1a4b4e-2f43-4c59-8d8b-2f3f8b1e9a10',
        priceFen: 2500,
      }),
    );
    const t = await iap.verifyTransaction(signed);
    expect(t).toMatchObject({
      transactionId: '2000000123',
      productId: 'com.picbook.vip.1m',
      appAccountToken: '6f1a4b4e-2f43-4c59-8d8b-2f3f8b1e9a10',
      price: 25000,
      currency: 'CNY',
      revocationDate: null,
    });
  });

  it('refuses a transaction signed under another root', async () => {
    const forged = createApplePki('Forged Root').sign(
      appleTransaction({ transactionId: '1', productId: 'com.picbook.vip.1m' }),
    );
    await expect(iap.verifyTransaction(forged)).rejects.toBeInstanceOf(PaymentVerificationError);
  });

  it('refuses a transaction of another app, and a payload changed after signing', async () => {
    const other = pki.sign({
      ...appleTransaction({ transactionId: '2', productId: 'x' }),
      bundleId: 'com.other.app',
    });
    await expect(iap.verifyTransaction(other)).rejects.toBeInstanceOf(PaymentVerificationError);
    const [h, , s] = pki
      .sign(appleTransaction({ transactionId: '3', productId: 'com.picbook.vip.1m' }))
      .split('.');
    const changed = Buffer.from(
      JSON.stringify(appleTransaction({ transactionId: '3', productId: 'com.picbook.vip.life' })),
    ).toString('base64url');
    await expect(iap.verifyTransaction(`${h}.${changed}.${s}`)).rejects.toBeInstanceOf(
      PaymentVerificationError,
    );
    await expect(iap.verifyTransaction('not.a.jws')).rejects.toBeInstanceOf(
      PaymentVerificationError,
    );
  });

  it('decodes a V2 notification and the transaction inside it', async () => {
    const notice = pki.sign(
      appleNotification(
        pki,
        'REFUND',
        appleTransaction({ transactionId: '44', productId: 'com.picbook.vip.1m', revoked: true }),
      ),
    );
    const decoded = await iap.verifyNotification(notice);
    expect(decoded.type).toBe('REFUND');
    expect(decoded.transaction?.transactionId).toBe('44');
    expect(decoded.transaction?.revocationDate).toBeInstanceOf(Date);
  });
});
