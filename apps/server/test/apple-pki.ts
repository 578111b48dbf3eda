import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import jsrsasign from 'jsrsasign';

/**
 * A stand-in for Apple's App Store PKI, made fresh for tests (no real key or certificate is ever
 * committed): a root CA, an intermediate carrying Apple's WWDR marker extension
 * (1.2.840.113635.100.6.2.1) and a leaf carrying the App Store receipt-signing marker
 * (1.2.840.113635.100.6.11.1), all P-256 — the shape the App Store Server Library checks. JWS are
 * signed ES256 by the leaf with the x5c chain in the header, like StoreKit 2 transactions and App
 * Store Server Notifications V2.
 */
export interface ApplePki {
  rootDer: Buffer;
  sign(payload: object): string;
}

const pemOf = (key: KeyObject, type: 'pkcs8' | 'spki') =>
  key.export({ type, format: 'pem' }).toString();

function certificate(input: {
  serial: number;
  issuer: string;
  subject: string;
  subjectPublicKey: KeyObject;
  issuerPrivateKey: KeyObject;
  isCa: boolean;
  marker?: string;
}): string {
  const now = Date.now();
  const stamp = (ms: number) => `${new Date(ms).toISOString().replace(/[-:T]/g, '').slice(2, 14)}Z`;
  const ext: object[] = [{ extname: 'basicConstraints', cA: input.isCa, critical: true }];
  if (input.marker) ext.push({ extname: input.marker, extn: '0500' });
  const cert = new jsrsasign.KJUR.asn1.x509.Certificate({
    version: 3,
    serial: { int: input.serial },
    issuer: { str: input.issuer },
    subject: { str: input.subject },
    notbefore: stamp(now - 365 * 86_400_000),
    notafter: stamp(now + 5 * 365 * 86_400_000),
    sbjpubkey: pemOf(input.subjectPublicKey, 'spki'),
    ext,
    sigalg: 'SHA256withECDSA',
    cakey: pemOf(input.issuerPrivateKey, 'pkcs8'),
  } as never);
  return jsrsasign.hextob64(cert.getEncodedHex());
}

export function createApplePki(name = 'Test Apple Root CA'): ApplePki {
  const ec = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const root = ec();
  const intermediate = ec();
  const leaf = ec();
  const rootB64 = certificate({
    serial: 1,
    issuer: `/CN=${name}/O=Test`,
    subject: `/CN=${name}/O=Test`,
    subjectPublicKey: root.publicKey,
    issuerPrivateKey: root.privateKey,
    isCa: true,
  });
  const intermediateB64 = certificate({
    serial: 2,
    issuer: `/CN=${name}/O=Test`,
    subject: '/CN=Test WWDR/O=Test',
    subjectPublicKey: intermediate.publicKey,
    issuerPrivateKey: root.privateKey,
    isCa: true,
    marker: '1.2.840.113635.100.6.2.1',
  });
  const leafB64 = certificate({
    serial: 3,
    issuer: '/CN=Test WWDR/O=Test',
    subject: '/CN=Test Mac App Store Receipt Signing/O=Test',
    subjectPublicKey: leaf.publicKey,
    issuerPrivateKey: intermediate.privateKey,
    isCa: false,
    marker: '1.2.840.113635.100.6.11.1',
  });
  return {
    rootDer: Buffer.from(rootB64, 'base64'),
    sign(payload) {
      const header = { alg: 'ES256', x5c: [leafB64, intermediateB64, rootB64] };
      const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(
        JSON.stringify(payload),
      ).toString('base64url')}`;
      const signature = sign('sha256', Buffer.from(input), {
        key: leaf.privateKey,
        dsaEncoding: 'ieee-p1363',
      });
      return `${input}.${signature.toString('base64url')}`;
    },
  };
}

export const TEST_BUNDLE_ID = 'com.picbook.app';

/** A StoreKit 2 transaction payload (fields as Apple's JWSTransactionDecodedPayload). */
export function appleTransaction(input: {
  transactionId: string;
  productId: string;
  appAccountToken?: string;
  priceFen?: number;
  currency?: string;
  revoked?: boolean;
  at?: number;
}) {
  const at = input.at ?? Date.now();
  return {
    transactionId: input.transactionId,
    originalTransactionId: input.transactionId,
    bundleId: TEST_BUNDLE_ID,
    productId: input.productId,
    purchaseDate: at,
    originalPurchaseDate: at,
    quantity: 1,
    type: 'Consumable',
    inAppOwnershipType: 'PURCHASED',
    signedDate: at,
    environment: 'Sandbox',
    transactionReason: 'PURCHASE',
    storefront: 'CHN',
    storefrontId: '143465',
    ...(input.appAccountToken ? { appAccountToken: input.appAccountToken } : {}),
    ...(input.priceFen !== undefined ? { price: input.priceFen * 10 } : {}),
    currency: input.currency ?? 'CNY',
    ...(input.revoked ? { revocationDate: at + 1000, revocationReason: 0 } : {}),
  };
}

/** An App Store Server Notification V2 payload around a signed transaction. */
export function appleNotification(pki: ApplePki, type: string, transaction: object) {
  return {
    notificationType: type,
    notificationUUID: `n-${Math.random().toString(36).slice(2)}`,
    version: '2.0',
    signedDate: Date.now(),
    data: {
      bundleId: TEST_BUNDLE_ID,
      environment: 'Sandbox',
      signedTransactionInfo: pki.sign(transaction),
    },
  };
}
