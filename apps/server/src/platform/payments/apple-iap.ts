import {
  Environment,
  type JWSTransactionDecodedPayload,
  SignedDataVerifier,
  VerificationException,
} from '@apple/app-store-server-library';
import { PaymentVerificationError } from './types';

export interface AppleIapOptions {
  bundleId: string;
  /** The app's Apple ID (required by the library in production). */
  appAppleId?: number | undefined;
  environment: 'Production' | 'Sandbox';
  /** Apple's root certificates (DER), e.g. AppleRootCA-G3.cer from apple.com/certificateauthority. */
  rootCertificates: Buffer[];
  /** Certificate revocation (OCSP) and expiry at the current date; on in production. */
  onlineChecks: boolean;
}

/** An App Store transaction whose signature chain led to Apple's root. */
export interface AppleTransaction {
  transactionId: string;
  originalTransactionId: string;
  productId: string;
  /** The order's uuid we gave StoreKit as appAccountToken, when the app set it. */
  appAccountToken: string | null;
  purchaseDate: Date;
  /** Milliunits of `currency` (25 yuan = 25000), when Apple sent it. */
  price: number | null;
  currency: string | null;
  revocationDate: Date | null;
  quantity: number;
}

export interface AppleNotification {
  type: string;
  subtype: string | null;
  transaction: AppleTransaction | null;
}

export interface AppleIap {
  verifyTransaction(signedTransaction: string): Promise<AppleTransaction>;
  verifyNotification(signedPayload: string): Promise<AppleNotification>;
}

function toTransaction(t: JWSTransactionDecodedPayload): AppleTransaction {
  if (!t.transactionId || !t.productId || !t.purchaseDate) {
    throw new PaymentVerificationError('apple: transaction fields missing');
  }
  return {
    transactionId: t.transactionId,
    originalTransactionId: t.originalTransactionId ?? t.transactionId,
    productId: t.productId,
    appAccountToken: t.appAccountToken ?? null,
    purchaseDate: new Date(t.purchaseDate),
    price: typeof t.price === 'number' ? t.price : null,
    currency: t.currency ?? null,
    revocationDate: t.revocationDate ? new Date(t.revocationDate) : null,
    quantity: t.quantity ?? 1,
  };
}

/**
 * Apple in-app purchases with Apple's official App Store Server Library (decision 035): StoreKit
 * 2 signed transactions and App Store Server Notifications V2 are JWS whose x5c chain must lead to
 * Apple's root certificate, for our bundle id and environment.
 */
export function createAppleIap(options: AppleIapOptions): AppleIap {
  const verifier = new SignedDataVerifier(
    options.rootCertificates,
    options.onlineChecks,
    options.environment === 'Production' ? Environment.PRODUCTION : Environment.SANDBOX,
    options.bundleId,
    options.appAppleId,
  );
  const refuse = (error: unknown) => {
    if (error instanceof PaymentVerificationError) return error;
    const status = error instanceof VerificationException ? ` (status ${error.status})` : '';
    return new PaymentVerificationError(`apple: verification failed${status}`);
  };

  return {
    async verifyTransaction(signed) {
      try {
        return toTransaction(await verifier.verifyAndDecodeTransaction(signed));
      } catch (error) {
        throw refuse(error);
      }
    },
    async verifyNotification(signedPayload) {
      try {
        const payload = await verifier.verifyAndDecodeNotification(signedPayload);
        const signed = payload.data?.signedTransactionInfo;
        const transaction = signed
          ? toTransaction(await verifier.verifyAndDecodeTransaction(signed))
          : null;
        return {
          type: String(payload.notificationType ?? ''),
          subtype: payload.subtype ? String(payload.subtype) : null,
          transaction,
        };
      } catch (error) {
        throw refuse(error);
      }
    },
  };
}
