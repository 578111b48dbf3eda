import { randomUUID } from 'node:crypto';
import { endpoints, type TCreateOrderResult } from '@picbook/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { auth } from '../../../test/auth-helpers';
import { expectOk } from '../../../test/envelope';
import { operatorToken, runAction } from '../../../test/ops-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { wechatTime } from '../../platform/payments/wechat-pay';
import { encryptResource, platformHeaders } from '../../platform/payments/wechat-pay-signing';
import type { Services } from '../../platform/services';
import { importSampleBooks } from '../library/library.test-kit';
import { seedGoods } from './seed-goods';

/**
 * Shared set-up of the store tests: the real app and database with the default goods, the
 * payment sandbox (a local WeChat Pay) and two books — 1101 The Red Kite (free trial) and 1106
 * Splash! (members only). Families are guests with a child (cheap to make; a guest may buy, and
 * keeps what it bought when it registers). Browser requests unless a user agent is given.
 */
export const MEMBERS_BOOK = 1106;
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156 Safari/537.36';
export const IOS_UA = 'Mozilla/5.0 (iPhone) PicBookApp/2.0.0 (iOS 17.2; appstore)';
export const HUAWEI_UA = 'Mozilla/5.0 (Linux; Android 12) PicBookApp/1.6.0 (Android 12; huawei)';

export interface Family {
  token: string;
  userId: number;
}

export interface StoreKit {
  t: TestApp;
  family(): Promise<Family>;
  get(url: string, family?: Family, ua?: string): Promise<LightMyRequestResponse>;
  post(url: string, family: Family, payload?: object, ua?: string): Promise<LightMyRequestResponse>;
  /** POST /api/v1/order; the raw response. */
  order(
    family: Family,
    productId: string,
    options?: { method?: string; key?: string; ua?: string; promo?: string },
  ): Promise<LightMyRequestResponse>;
  /** POST /api/v1/order, expecting success. */
  buy(
    family: Family,
    productId: string,
    options?: { method?: string; key?: string; ua?: string },
  ): Promise<TCreateOrderResult>;
  /** The family pays on the sandbox cashier page (the sandbox notifies our endpoint). */
  payInSandbox(created: TCreateOrderResult): Promise<boolean>;
  /** A WeChat Pay notification for an order, signed and encrypted with the sandbox's keys. */
  wechatNotification(input: {
    orderNo: string;
    amount: number;
    transactionId?: string;
    currency?: string;
  }): Promise<{ headers: Record<string, string>; body: string }>;
  notify(
    method: string,
    n: { headers: Record<string, string>; body: string },
  ): Promise<LightMyRequestResponse>;
  userInfo(family: Family): Promise<ReturnType<typeof expectOk<typeof endpoints.userInfo>>>;
  /** The members' book as this family's reader sees it: access code and how many pages came. */
  membersBook(family: Family): Promise<{ access_code: number; pages: number }>;
  /** Runs an operator action as an operator with these roles. */
  operator(
    roles: Parameters<typeof operatorToken>[1],
    name: string,
    input: Record<string, unknown>,
    reason?: string,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startStoreKit(
  options: { services?: Partial<Omit<Services, 'close'>> } = {},
): Promise<StoreKit> {
  const t = await createTestApp({ services: options.services });
  await seedGoods(t.database.db);
  await importSampleBooks(t.database.db, [1101, MEMBERS_BOOK]);
  let seq = 0;
  // Operator sessions last 8 hours of the (settable) clock: made again when older than 7.
  const tokens = new Map<string, { token: string; at: number }>();
  const headers = (family?: Family, ua = BROWSER_UA) => ({
    'user-agent': ua,
    ...(family ? auth(family.token) : {}),
  });
  const get = (url: string, family?: Family, ua?: string) =>
    t.app.inject({ url, headers: headers(family, ua) });
  const post = (url: string, family: Family, payload: object = {}, ua?: string) =>
    t.app.inject({ method: 'POST', url, headers: headers(family, ua), payload });
  const sandboxKeys = () => {
    const sandbox = t.app.deps.payments.sandbox;
    if (!sandbox) throw new Error('the payment sandbox is off');
    return sandbox.keys();
  };

  const kit: StoreKit = {
    t,
    async family() {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/guest_login',
        payload: { device_id: `store-${process.pid}-${++seq}-${Date.now()}` },
      });
      const token = expectOk(login, endpoints.guestLogin).access_token;
      const family: Family = { token, userId: 0 };
      expectOk(
        await post('/api/v1/child', family, {
          nickname: '小买家',
          birthday: '2018-06-01',
          gender: 1,
          region: 214,
          consent: 1,
        }),
        endpoints.saveChild,
      );
      family.userId = expectOk(await get('/api/v1/user', family), endpoints.userInfo).id;
      return family;
    },
    get,
    post,
    order(family, productId, o = {}) {
      return post(
        '/api/v1/order',
        family,
        {
          product_id: productId,
          pay_method: o.method ?? 'wechat',
          idempotency_key: o.key ?? `k${randomUUID().replaceAll('-', '')}`,
          ...(o.promo ? { promo: o.promo } : {}),
        },
        o.ua,
      );
    },
    async buy(family, productId, o = {}) {
      return expectOk(await kit.order(family, productId, o), endpoints.createOrder);
    },
    async payInSandbox(created) {
      const sandbox = t.app.deps.payments.sandbox;
      if (!sandbox || created.pay.kind !== 'qr' || !created.pay.cashier_url) {
        throw new Error('not a sandbox order');
      }
      const prepayId = created.pay.cashier_url.split('/').pop() ?? '';
      return (await sandbox.pay(prepayId)).delivered;
    },
    async wechatNotification(input) {
      const k = await sandboxKeys();
      const transaction = {
        appid: k.appId,
        mchid: k.mchId,
        out_trade_no: input.orderNo,
        transaction_id: input.transactionId ?? `4200${Date.now()}${++seq}`,
        trade_type: 'NATIVE',
        trade_state: 'SUCCESS',
        success_time: wechatTime(t.clock.now()),
        amount: {
          total: input.amount,
          payer_total: input.amount,
          currency: input.currency ?? 'CNY',
        },
      };
      const body = JSON.stringify({
        id: randomUUID(),
        create_time: wechatTime(t.clock.now()),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        resource: encryptResource(
          k.apiV3Key,
          JSON.stringify(transaction),
          'transaction',
          'transaction',
        ),
      });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          ...platformHeaders({
            body,
            serial: k.platformSerial,
            privateKey: k.platformPrivateKey,
            timestamp: Math.floor(t.clock.now().getTime() / 1000),
          }),
        },
      };
    },
    notify(method, n) {
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/pay/notify/${method}`,
        headers: n.headers,
        payload: n.body,
      });
    },
    async userInfo(family) {
      return expectOk(await get('/api/v1/user', family), endpoints.userInfo);
    },
    async membersBook(family) {
      const book = expectOk(await get(`/api/v1.1/books/${MEMBERS_BOOK}`, family), endpoints.book);
      return { access_code: book.book_info.access_code, pages: book.pages.length };
    },
    async operator(roles, name, input, reason) {
      const key = roles.join(',');
      const at = t.clock.now().getTime();
      let held = tokens.get(key);
      if (!held || at - held.at > 7 * 3600_000) {
        held = { token: await operatorToken(t, roles), at };
        tokens.set(key, held);
      }
      return runAction(t, held.token, name, input, reason);
    },
    close: () => t.close(),
  };
  return kit;
}
