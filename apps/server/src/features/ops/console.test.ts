import { endpoints } from '@picbook/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { opsEn, opsZh } from '../../../../web/src/ops/locales';
import { expectError, expectOk } from '../../../test/envelope';
import { operatorToken, runAction } from '../../../test/ops-kit';
import { operatorAudit, orders, payments, rightGrants, users } from '../../platform/db/schema';
import { OPERATOR_ROLES, type OperatorRole } from '../../platform/ops/operator-action';
import { type StoreKit, startStoreKit } from '../store/store.test-kit';
import { operatorActions } from './action-registry';
import { operatorViews } from './view-registry';

/**
 * The console's server side (issue 23, decisions 044 and 066): every operator endpoint × role,
 * one audit row per change and none for a refusal or a plain look, and a refund racing payment
 * notifications revokes once.
 */
let kit: StoreKit;
beforeAll(async () => {
  kit = await startStoreKit();
});
afterAll(() => kit.close());

/**
 * Who may call what, written out here (not read from the registry): a change of an action's
 * roles, or a new action or view, must change this table too. Admin may do everything.
 */
const WHO: Record<string, readonly OperatorRole[]> = {
  // actions
  'operators.create': ['admin'],
  'operators.resetTotp': ['admin'],
  'operators.disable': ['admin'],
  'configs.set': ['admin'],
  'points.saveGoods': ['commerce'],
  'points.adjustStock': ['commerce'],
  'points.shipOrder': ['commerce', 'support'],
  'points.cancelOrder': ['commerce', 'support'],
  'points.grant': ['support'],
  'lottery.save': ['commerce'],
  'lottery.savePrize': ['commerce'],
  'lottery.adjustPrizeStock': ['commerce'],
  'giftcards.createBatch': ['commerce'],
  'giftcards.revokeBatch': ['commerce'],
  'giftcards.pendingPrizes': ['commerce', 'support'],
  'giftcards.markShipped': ['commerce', 'support'],
  'lifelong.savePromo': ['commerce'],
  'lifelong.issueLinks': ['commerce'],
  'camps.save': ['content'],
  'goods.save': ['commerce'],
  'orders.refund': ['commerce'],
  'orders.close': ['commerce', 'support'],
  'orders.inspect': ['commerce', 'support'],
  'orders.recheck': ['commerce', 'support'],
  'activity.save': ['content', 'commerce'],
  'activity.remove': ['content', 'commerce'],
  'catalogue.publish': ['content'],
  'catalogue.withdraw': ['content'],
  'catalogue.import': ['content'],
  'catalogue.setNoteVoice': ['content'],
  'push.deliveries': ['support'],
  'push.sendTest': ['support'],
  'reports.weeklySummary': ['support'],
  'feedback.answer': ['support'],
  // views
  'catalogue.books': ['content'],
  'catalogue.imports': ['content'],
  'commerce.goods': ['commerce'],
  'commerce.orders': ['commerce', 'support'],
  'giftcards.batches': ['commerce', 'support'],
  'points.goods': ['commerce'],
  'lottery.prizes': ['commerce'],
  'activity.records': ['content', 'commerce'],
  'camps.list': ['content'],
  'configs.list': ['content', 'commerce'],
  'support.findFamily': ['support', 'commerce'],
  'support.family': ['support', 'commerce'],
  'support.recordings': ['support'],
};

const auditRows = async () =>
  (await kit.t.database.db.select({ n: count() }).from(operatorAudit))[0]?.n ?? 0;

describe('every operator endpoint × every role', () => {
  it('the table names every action and view, with the roles they declare', () => {
    const declared = Object.fromEntries(
      [...operatorActions.values(), ...operatorViews.values()].map((e) => [
        e.name,
        [...e.roles].sort(),
      ]),
    );
    const table = Object.fromEntries(Object.entries(WHO).map(([k, v]) => [k, [...v].sort()]));
    expect(declared).toEqual(table);
  });

  it('the console names every action and view in Chinese and English', () => {
    const names = [...operatorActions.keys(), ...operatorViews.keys()];
    for (const [lang, strings] of [
      ['zh', opsZh.names],
      ['en', opsEn.names],
    ] as const) {
      const missing = names.filter((name) => {
        const [area, verb] = name.split('.') as [string, string];
        const label = (strings as Record<string, Record<string, string> | undefined>)[area]?.[verb];
        return typeof label !== 'string' || label.trim() === '';
      });
      expect(missing, `${lang} labels missing`).toEqual([]);
    }
  });

  it('each role can call exactly its endpoints; a refused call writes no audit row, an accepted change exactly one', async () => {
    const tokens = Object.fromEntries(
      await Promise.all(OPERATOR_ROLES.map(async (r) => [r, await operatorToken(kit.t, [r])])),
    ) as Record<OperatorRole, string>;
    const calls: string[] = [];
    for (const [name, allowed] of Object.entries(WHO)) {
      const kind = operatorActions.has(name) ? 'actions' : 'views';
      const view = operatorViews.get(name);
      for (const role of OPERATOR_ROLES) {
        const rows = await auditRows();
        // An empty input: allowed roles get past the role check (and then succeed or fail
        // validation); everyone else is stopped at it.
        const res = await kit.t.app.inject({
          method: 'POST',
          url: `/api/ops/${kind}/${name}`,
          headers: { ops_token: tokens[role] },
          payload: { input: {}, reason: 'role table' },
        });
        const body = res.json() as { code: number };
        const may = role === 'admin' || allowed.includes(role);
        calls.push(`${name} ${role} ${may ? 'may' : 'may not'}`);
        if (!may) {
          expect(res.statusCode, `${name} as ${role}`).toBe(403);
          expect(body.code).toBe(10403);
        } else {
          expect(body.code, `${name} as ${role}`).not.toBe(10403);
        }
        const written = (await auditRows()) - rows;
        const audited = kind === 'actions' || view?.needsReason === true;
        expect(written, `${name} as ${role}: audit rows`).toBe(body.code === 0 && audited ? 1 : 0);
      }
    }
    expect(calls).toHaveLength(Object.keys(WHO).length * OPERATOR_ROLES.length);
  });

  it('a change through the console API writes exactly one audit row with before and after', async () => {
    const admin = await operatorToken(kit.t, ['content']);
    const rows = await auditRows();
    const run = (name: string) =>
      kit.t.app.inject({
        method: 'POST',
        url: `/api/ops/actions/${name}`,
        headers: { ops_token: admin },
        payload: { input: { book_id: 1106 } },
      });
    const withdrawn = expectOk(await run('catalogue.withdraw'), endpoints.opsRunAction);
    expect(await auditRows()).toBe(rows + 1);
    const [row] = await kit.t.database.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.id, withdrawn.audit_id));
    expect(row).toMatchObject({
      action: 'catalogue.withdraw',
      target: 'book:1106',
      before: { status: 'published' },
      after: { status: 'withdrawn' },
    });
    // The library's level list no longer shows it; publishing brings it back.
    const family = await kit.family();
    const listed = async () =>
      expectOk(await kit.get('/api/v1.2/learning/level/1', family), endpoints.levelBooks).list.map(
        (b) => b.book_info.id,
      );
    expect(await listed()).not.toContain(1106);
    expectOk(await run('catalogue.publish'), endpoints.opsRunAction);
    expect(await listed()).toContain(1106);
    expect(await auditRows()).toBe(rows + 2);
  });
});

describe('support', () => {
  it('finds a family by the last digits of its phone (masked), sees its right and the operator actions on it', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_1m');
    await kit.payInSandbox(created);
    const support = await operatorToken(kit.t, ['support']);
    const view = (name: string, input: object, reason?: string) =>
      kit.t.app.inject({
        method: 'POST',
        url: `/api/ops/views/${name}`,
        headers: { ops_token: support },
        payload: { input, ...(reason ? { reason } : {}) },
      });
    expectOk(
      await kit.operator(['support'], 'orders.inspect', { order_id: created.order.id }, '家长来电'),
      endpoints.opsRunAction,
    );
    await kit.t.database.db
      .update(users)
      .set({ phoneNationCode: '86', phoneMobile: '13912345678', isGuest: false })
      .where(eq(users.id, family.userId));
    const find = async (query: string) =>
      expectOk(await view('support.findFamily', { query }), endpoints.opsReadView).result as Array<{
        user_id: number;
        phone: string;
      }>;
    expect(await find('12345678')).toEqual([
      expect.objectContaining({ user_id: family.userId, phone: '139****5678' }),
    ]);
    expect((await find(String(family.userId))).map((f) => f.user_id)).toContain(family.userId);

    const page = expectOk(
      await view('support.family', { user_id: family.userId }),
      endpoints.opsReadView,
    );
    expect(page.audit_id).toBeNull();
    const seen = page.result as {
      rights: Array<{ name: string; active: boolean }>;
      orders: Array<{ order_no: string; status: string; payments: unknown[] }>;
      audit: Array<{ action: string; reason: string }>;
    };
    expect(seen.rights).toContainEqual(expect.objectContaining({ name: 'vip', active: true }));
    expect(seen.orders[0]).toMatchObject({ order_no: created.order.id, status: 'fulfilled' });
    expect(seen.orders[0]?.payments).toHaveLength(1);
    expect(seen.audit[0]).toMatchObject({ action: 'orders.inspect', reason: '家长来电' });

    // Recordings: refused without a reason; with one, the look is in the audit log.
    expectError(await view('support.recordings', { user_id: family.userId }), 400, 10001);
    const look = expectOk(
      await view('support.recordings', { user_id: family.userId }, '家长反馈评分异常'),
      endpoints.opsReadView,
    );
    expect(look.audit_id).toBeGreaterThan(0);
  });
});

describe("support: 'I paid and nothing happened'", () => {
  it('a recheck finds the payment whose notification was lost, and grants the right once', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_1m');
    // Paid at the provider, the notification never arrived: the provider's query says paid.
    const wechat = kit.t.app.deps.payments.web.wechat;
    if (!wechat) throw new Error('no wechat provider');
    const query = wechat.queryPayment.bind(wechat);
    wechat.queryPayment = async (orderNo) =>
      orderNo === created.order.id
        ? {
            method: 'wechat',
            orderNo,
            providerTxnId: '4200000000000999',
            amount: 2500,
            currency: 'CNY',
            paidAt: kit.t.clock.now(),
            detail: {},
          }
        : query(orderNo);
    onTestFinished(() => {
      wechat.queryPayment = query;
    });
    expect((await kit.userInfo(family)).vip).toBe(0);
    const rows = await auditRows();
    const recheck = () =>
      kit.operator(['support'], 'orders.recheck', { order_id: created.order.id }, '家长已付款');
    const first = expectOk(await recheck(), endpoints.opsRunAction).result;
    expect(first).toMatchObject({ status: 'fulfilled', provider: 'paid' });
    expect((await kit.userInfo(family)).vip).toBe(1);
    // Again: nothing more to do, the right is granted once.
    expect(expectOk(await recheck(), endpoints.opsRunAction).result).toMatchObject({
      status: 'fulfilled',
      provider: null,
    });
    const [order] = await kit.t.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNo, created.order.id));
    const grants = await kit.t.database.db
      .select()
      .from(rightGrants)
      .where(eq(rightGrants.source, `order:${order?.id}`));
    expect(grants).toHaveLength(1);
    expect(await auditRows()).toBe(rows + 2);
  });
});

describe('a refund racing payment notifications', () => {
  it('revokes the right once: one refund succeeds, the copies and the other refunds change nothing', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_1m');
    // Paid on the sandbox cashier; the copies are that payment's notification delivered again.
    await kit.payInSandbox(created);
    const [paid] = await kit.t.database.db
      .select({ txn: payments.providerTxnId })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.orderNo, created.order.id));
    const copy = await kit.wechatNotification({
      orderNo: created.order.id,
      amount: 2500,
      transactionId: paid?.txn ?? 'missing',
    });
    expect((await kit.userInfo(family)).vip).toBe(1);
    const commerce = await operatorToken(kit.t, ['commerce']);
    const before = await auditRows();

    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () =>
        runAction(kit.t, commerce, 'orders.refund', { order_id: created.order.id }, '重复扣款'),
      ),
      ...Array.from({ length: 6 }, () => kit.notify('wechat', copy)),
    ]);
    const refunds = answers.slice(0, 3).map((r) => (r.json() as { code: number }).code);
    expect(refunds.filter((c) => c === 0)).toHaveLength(1);
    expect(refunds.filter((c) => c !== 0)).toEqual([10400, 10400]);
    for (const r of answers.slice(3)) expect(r.statusCode).toBe(204);

    const [order] = await kit.t.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNo, created.order.id));
    expect(order?.status).toBe('refunded');
    const revokes = await kit.t.database.db
      .select()
      .from(rightGrants)
      .where(and(eq(rightGrants.source, `order:${order?.id}`), eq(rightGrants.kind, 'revoke')));
    expect(revokes).toHaveLength(1);
    expect((await kit.userInfo(family)).vip).toBe(0);
    expect(await auditRows()).toBe(before + 1);
  });
});
