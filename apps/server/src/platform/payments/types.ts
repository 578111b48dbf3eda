import type { PayActionJson } from '../db/schema';

/** fetch, injectable: adapters are tested against constructed responses, and the sandbox answers in process. */
export type { HttpFetch } from '../oauth/types';

/** What an order asks a web payment provider (WeChat Pay, Alipay) to collect. */
export interface PayRequest {
  orderNo: string;
  description: string;
  /** Fen. */
  amount: number;
  currency: 'CNY';
  /** After this the provider refuses to take the money. */
  expireAt: Date;
  /** Where the family's browser comes back to (the order result page). */
  returnUrl: string;
  /** qr: a code to scan (desktop, Xiaodu screens); h5 / page: the provider's page in a phone's browser. */
  client: 'qr' | 'h5' | 'page';
  clientIp: string;
}

/** A payment the provider vouched for (signature checked). Amounts are what the provider says. */
export interface VerifiedPayment {
  method: 'wechat' | 'alipay' | 'apple' | 'huawei';
  orderNo: string;
  providerTxnId: string;
  /** Fen. */
  amount: number;
  currency: string;
  paidAt: Date;
  detail: Record<string, unknown>;
}

/** What a verified notification says happened. */
export type NotificationEvent =
  | { type: 'paid'; payment: VerifiedPayment }
  | { type: 'refunded'; orderNo: string; refundId: string; amount: number; status: string }
  | { type: 'ignored'; orderNo: string | null; reason: string };

export interface RefundRequest {
  orderNo: string;
  /** Our refund number (one per refund; the provider deduplicates on it). */
  refundNo: string;
  /** Fen to give back, and the order's total. */
  amount: number;
  total: number;
  reason: string;
}

export interface RefundResult {
  refundId: string;
  /** succeeded, or processing when the provider finishes it later. */
  status: 'succeeded' | 'processing';
}

/** A web payment provider: starts payments, checks notifications, queries, refunds and closes. */
export interface WebPaymentProvider {
  readonly method: 'wechat' | 'alipay';
  /** The development sandbox standing in for the provider (its page stands in for the app). */
  readonly isSandbox: boolean;
  createPayment(request: PayRequest): Promise<Extract<PayActionJson, { kind: 'qr' | 'redirect' }>>;
  /** Verifies a notification exactly as received; throws {@link PaymentVerificationError}. */
  parseNotification(input: {
    headers: Record<string, string | undefined>;
    body: string;
  }): Promise<NotificationEvent>;
  /** What the provider knows of an order's payment now (for an order whose notification is late). */
  queryPayment(orderNo: string): Promise<VerifiedPayment | null>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Stops the provider from taking money for the order (best effort). */
  close(orderNo: string): Promise<void>;
  /** The bodies the provider expects back. */
  readonly ack: { ok: NotificationAnswer; fail: NotificationAnswer };
}

export interface NotificationAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A signature or certificate that does not check out: refused, logged, nothing granted. */
export class PaymentVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentVerificationError';
  }
}

/** The provider refused a call or could not be reached. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** Fen from a decimal yuan string ("25.00" → 2500) without floating-point rounding; null if not money. */
export function fenOf(yuan: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Fen as the decimal yuan string providers take: 2500 → "25.00". */
export const yuanOf = (fen: number): string =>
  `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
