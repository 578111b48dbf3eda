import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devPayKeys, devPaySessions } from '../db/schema';
import type { HttpFetch, WebPaymentProvider } from './types';
import { createWechatPayProvider, type WechatPayCredentials, wechatTime } from './wechat-pay';
import { encryptResource, platformHeaders, verifyMerchantRequest } from './wechat-pay-signing';

/**
 * The development payment sandbox (decision 035): a local WeChat Pay. It answers the real
 * adapter's signed API calls (Native / H5 payment, query, refund, close) in process, shows a
 * cashier page instead of the WeChat app, and on "pay" sends a notification signed with its
 * platform key and encrypted with the APIv3 key to our own notify endpoint — so development and
 * the browser journeys run the production verification code. Refused in production unless
 * ALLOW_DEV_ADAPTERS=1 (config.ts).
 *
 * Its state (keys, payment sessions) lives in memory, because our code calls it inside its own
 * transactions (a refund runs in the operator action's transaction) and the embedded database has
 * one connection; it is written behind to the database and read back at start (`warm`), so a
 * restart keeps it. Like PGlite, the sandbox serves one process.
 */
export interface SandboxKeys {
  mchId: string;
  appId: string;
  merchantSerial: string;
  merchantPrivateKey: string;
  merchantPublicKey: string;
  platformSerial: string;
  platformPrivateKey: string;
  platformPublicKey: string;
  apiV3Key: string;
}

/** Hands a notification to our own endpoint (the app injects it; nothing leaves the process). */
export type Deliver = (notification: {
  url: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<{ status: number; body: string }>;

const rsaPair = async () => {
  const pair = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  return {
    privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

const KEY_NAME = 'wechat-sandbox';

async function readKeys(db: Db): Promise<SandboxKeys | undefined> {
  const [row] = await db.select().from(devPayKeys).where(eq(devPayKeys.name, KEY_NAME));
  return row?.value as SandboxKeys | undefined;
}

async function makeKeys(db: Db): Promise<SandboxKeys> {
  const [merchant, platform] = await Promise.all([rsaPair(), rsaPair()]);
  const made: SandboxKeys = {
    mchId: '1900000109',
    appId: 'wxd0picbooksandbox',
    merchantSerial: randomBytes(20).toString('hex').toUpperCase(),
    merchantPrivateKey: merchant.privateKey,
    merchantPublicKey: merchant.publicKey,
    platformSerial: `PUB_KEY_ID_${randomBytes(12).toString('hex').toUpperCase()}`,
    platformPrivateKey: platform.privateKey,
    platformPublicKey: platform.publicKey,
    apiV3Key: randomBytes(16).toString('hex'),
  };
  // Two processes starting together: the first insert wins and both read it back.
  await db
    .insert(devPayKeys)
    .values({ name: KEY_NAME, value: { ...made } })
    .onConflictDoNothing();
  return (await readKeys(db)) ?? made;
}

export type SandboxSession = typeof devPaySessions.$inferSelect;

export interface WechatSandbox {
  /** Reads the keys and recent sessions back from the database (at start). */
  warm(): Promise<void>;
  /** The sandbox's keys (made on first use). */
  keys(): Promise<SandboxKeys>;
  /** The merchant side, as our adapter holds it. */
  credentials(): Promise<WechatPayCredentials>;
  /** The provider's API, answered in process. */
  fetch: HttpFetch;
  /** The real adapter, pointed at this sandbox. */
  provider: WebPaymentProvider;
  session(prepayId: string): SandboxSession | null;
  /**
   * The family pays on the cashier page: the order's notification goes out. Throws
   * {@link SandboxRefusal} when the payment window closed.
   */
  pay(prepayId: string): Promise<{ session: SandboxSession; delivered: boolean }>;
  /** Payment refused (the page says so; WeChat sends no notification for it). */
  fail(prepayId: string): SandboxSession;
  cancel(prepayId: string): SandboxSession;
}

export interface WechatSandboxOptions {
  db: Db;
  /** Origin the cashier links use (PUBLIC_URL, or this server's address). */
  publicUrl: string;
  notifyUrl: string;
  now: () => Date;
  deliver: Deliver;
}

const SANDBOX_BASE = 'https://sandbox.wechatpay.local';

/** The fields of the merchant calls the sandbox reads. */
interface MerchantRequest {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  out_refund_no?: string;
  description?: string;
  notify_url?: string;
  time_expire?: string;
  amount?: { total?: number; currency?: string; refund?: number };
}

/** Why the cashier cannot take the money. */
export class SandboxRefusal extends Error {}

export function createWechatSandbox(options: WechatSandboxOptions): WechatSandbox {
  const { db, now } = options;
  let keys: SandboxKeys | null = null;
  let making: Promise<SandboxKeys> | null = null;
  const getKeys = async (): Promise<SandboxKeys> => {
    if (keys) return keys;
    making ??= makeKeys(db).then((made) => {
      keys = made;
      return made;
    });
    return making;
  };

  const sessions = new Map<string, SandboxSession>();
  const prepayOf = new Map<string, string>();
  let writes: Promise<unknown> = Promise.resolve();
  /** Keeps a session in memory and writes it behind (never awaited inside our callers' work). */
  const put = (session: SandboxSession, persist = true): SandboxSession => {
    sessions.set(session.prepayId, session);
    prepayOf.set(session.outTradeNo, session.prepayId);
    if (persist) {
      const { prepayId: _id, ...rest } = session;
      writes = writes
        .then(() =>
          db
            .insert(devPaySessions)
            .values(session)
            .onConflictDoUpdate({ target: devPaySessions.prepayId, set: rest }),
        )
        .catch(() => {});
    }
    return session;
  };
  const byOrder = (outTradeNo: string) => {
    const prepayId = prepayOf.get(outTradeNo);
    return prepayId ? sessions.get(prepayId) : undefined;
  };
  const update = (prepayId: string, change: Partial<SandboxSession>) => {
    const current = sessions.get(prepayId);
    if (!current) throw new SandboxRefusal('支付单不存在');
    return put({ ...current, ...change });
  };

  const answer = async (status: number, payload: unknown) => {
    const k = await getKeys();
    const body = payload === null ? '' : JSON.stringify(payload);
    return new Response(status === 204 ? null : body, {
      status,
      headers: {
        'content-type': 'application/json',
        ...platformHeaders({
          body,
          serial: k.platformSerial,
          privateKey: k.platformPrivateKey,
          timestamp: Math.floor(now().getTime() / 1000),
        }),
      },
    });
  };
  const fault = (status: number, code: string, message: string) =>
    answer(status, { code, message });

  const transactionOf = (k: SandboxKeys, s: SandboxSession) => ({
    appid: k.appId,
    mchid: k.mchId,
    out_trade_no: s.outTradeNo,
    transaction_id: s.transactionId ?? undefined,
    trade_type: 'NATIVE',
    trade_state:
      s.status === 'paid'
        ? s.refunded > 0
          ? 'REFUND'
          : 'SUCCESS'
        : s.status === 'closed'
          ? 'CLOSED'
          : s.status === 'failed'
            ? 'PAYERROR'
            : 'NOTPAY',
    success_time: s.status === 'paid' ? wechatTime(now()) : undefined,
    payer: { openid: 'sandbox-openid' },
    amount: { total: s.amount, payer_total: s.amount, currency: s.currency },
  });

  const fetchImpl: HttpFetch = async (url, init = {}) => {
    const k = await getKeys();
    const target = new URL(url);
    const path = `${target.pathname}${target.search}`;
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? init.body : '';
    const headers = new Headers(init.headers);
    const caller = verifyMerchantRequest({
      header: headers.get('authorization') ?? undefined,
      method,
      url: path,
      body,
      publicKey: k.merchantPublicKey,
      now: now(),
    });
    if (!caller || caller.mchid !== k.mchId || caller.serial_no !== k.merchantSerial) {
      return fault(401, 'SIGN_ERROR', '签名错误');
    }
    const json = (body ? JSON.parse(body) : {}) as MerchantRequest;

    if (method === 'POST' && /^\/v3\/pay\/transactions\/(native|h5)$/.test(target.pathname)) {
      if (json.mchid !== k.mchId || json.appid !== k.appId) {
        return fault(400, 'PARAM_ERROR', 'mchid/appid 不匹配');
      }
      const existing = byOrder(String(json.out_trade_no));
      const prepayId = existing?.prepayId ?? `wx${randomUUID().replaceAll('-', '')}`;
      if (!existing) {
        put({
          prepayId,
          outTradeNo: String(json.out_trade_no),
          description: String(json.description ?? ''),
          amount: Number(json.amount?.total),
          currency: String(json.amount?.currency ?? 'CNY'),
          notifyUrl: String(json.notify_url),
          status: 'open',
          transactionId: null,
          refunded: 0,
          createdAt: now(),
          expireAt: new Date(String(json.time_expire)),
        });
      } else if (existing.amount !== Number(json.amount?.total)) {
        return fault(400, 'INVALID_REQUEST', '订单金额与原订单不一致');
      }
      const link = `${options.publicUrl}/dev/cashier/${prepayId}`;
      return answer(200, target.pathname.endsWith('h5') ? { h5_url: link } : { code_url: link });
    }

    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(
      target.pathname,
    );
    if (query) {
      const session = byOrder(decodeURIComponent(query[1] as string));
      if (!session) return fault(404, 'ORDER_NOT_EXIST', '订单不存在');
      if (query[2]) {
        if (session.status === 'paid') return fault(400, 'ORDERPAID', '订单已支付');
        update(session.prepayId, { status: 'closed' });
        return answer(204, null);
      }
      return answer(200, transactionOf(k, session));
    }

    if (method === 'POST' && target.pathname === '/v3/refund/domestic/refunds') {
      const session = byOrder(String(json.out_trade_no));
      if (session?.status !== 'paid') {
        return fault(400, 'INVALID_REQUEST', '订单未支付，无法退款');
      }
      const refund = Number(json.amount?.refund);
      if (!(refund > 0) || session.refunded + refund > session.amount) {
        return fault(400, 'INVALID_REQUEST', '退款金额超过可退金额');
      }
      update(session.prepayId, { refunded: session.refunded + refund });
      return answer(200, {
        refund_id: `50${Date.now()}${randomBytes(3).toString('hex')}`,
        out_refund_no: json.out_refund_no,
        out_trade_no: session.outTradeNo,
        status: 'SUCCESS',
        amount: { refund, total: session.amount, currency: session.currency },
      });
    }
    return fault(404, 'NOT_FOUND', `sandbox: no ${method} ${target.pathname}`);
  };

  const session = (prepayId: string) => sessions.get(prepayId) ?? null;

  const credentials = async (): Promise<WechatPayCredentials> => {
    const k = await getKeys();
    return {
      mchId: k.mchId,
      appId: k.appId,
      serialNo: k.merchantSerial,
      privateKey: k.merchantPrivateKey,
      apiV3Key: k.apiV3Key,
      platformKeys: new Map([[k.platformSerial, k.platformPublicKey]]),
    };
  };

  return {
    async warm() {
      keys ??= (await readKeys(db)) ?? null;
      const recent = await db
        .select()
        .from(devPaySessions)
        .where(gt(devPaySessions.expireAt, new Date(now().getTime() - 7 * 86_400_000)));
      for (const row of recent) put(row, false);
    },
    keys: getKeys,
    credentials,
    fetch: fetchImpl,
    provider: createWechatPayProvider({
      credentials,
      notifyUrl: options.notifyUrl,
      baseUrl: SANDBOX_BASE,
      fetch: fetchImpl,
      now,
      isSandbox: true,
    }),
    session,
    async pay(prepayId) {
      const current = session(prepayId);
      if (!current) throw new SandboxRefusal('支付单不存在');
      if (current.status === 'closed') {
        throw new SandboxRefusal('该订单已关闭，请回到 PicBook 重新下单');
      }
      if (current.status !== 'paid' && current.expireAt.getTime() <= now().getTime()) {
        throw new SandboxRefusal('该订单已超过支付时间，请回到 PicBook 重新下单');
      }
      const paid =
        current.status === 'paid'
          ? current
          : update(prepayId, {
              status: 'paid',
              transactionId: `4200${Date.now()}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
            });
      const k = await getKeys();
      const resource = encryptResource(
        k.apiV3Key,
        JSON.stringify(transactionOf(k, paid)),
        'transaction',
        'transaction',
      );
      const body = JSON.stringify({
        id: randomUUID(),
        create_time: wechatTime(now()),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource,
      });
      const headers = {
        'content-type': 'application/json',
        ...platformHeaders({
          body,
          serial: k.platformSerial,
          privateKey: k.platformPrivateKey,
          timestamp: Math.floor(now().getTime() / 1000),
        }),
      };
      const answered = await options.deliver({ url: paid.notifyUrl, headers, body });
      return { session: paid, delivered: answered.status >= 200 && answered.status < 300 };
    },
    fail: (prepayId) => update(prepayId, { status: 'failed' }),
    cancel: (prepayId) => update(prepayId, { status: 'cancelled' }),
  };
}
