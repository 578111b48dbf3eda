import { ErrorCode, endpoints } from '@picbook/contracts';
import { GIFT_CODE_LIMITS, GUEST_GIFT_CARD_MESSAGE, giftCodeCheckChar } from '@picbook/domain';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, sendAndReadPin } from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { type MallKit, type Member, startMallKit } from '../../../test/mall-kit';
import { giftCards, operatorAudit, rightGrants, userRights, users } from '../../platform/db/schema';

/**
 * Gift cards and redeem codes (issue 16, decision 051) through the API: batches by the audited
 * operator action, exactly-once redemption (on PostgreSQL with TEST_DATABASE_URL the 50
 * requests really race), wrong-code limits per user / device / address, expired and revoked
 * batches, the guest's login request.
 */
let kit: MallKit;
beforeAll(async () => {
  kit = await startMallKit();
});
afterAll(() => kit.close());

const DAY_S = 86_400;
let ipSeq = 0;
/** Each test its own address and device unless it says otherwise. */
const client = () => ({ ip: `10.77.${++ipSeq}.1`, device: `gift-device-${process.pid}-${ipSeq}` });
type Client = ReturnType<typeof client>;

const redeem = (m: Member, code: string, c: Client = client()) =>
  kit.t.app.inject({
    method: 'POST',
    url: '/api/v1/gift_card/redeem',
    headers: auth(m.token, c.device),
    payload: { gift_code: code },
    remoteAddress: c.ip,
  });
const check = (m: Member, code: string, c: Client = client()) =>
  kit.t.app.inject({
    url: `/api/v1/gift_card/check?gift_code=${encodeURIComponent(code)}`,
    headers: auth(m.token, c.device),
    remoteAddress: c.ip,
  });

async function batch(
  input: Partial<{ count: number; product: object; expires_in_s: number; starts_at: number }> = {},
) {
  const now = Math.floor(kit.t.clock.now().getTime() / 1000);
  const res = await kit.action('giftcards.createBatch', {
    title: '测试学校',
    channel: 'school:test',
    product: input.product ?? { kind: 'right', right: 'vip', days: 31 },
    count: input.count ?? 3,
    expires_at: now + (input.expires_in_s ?? 30 * DAY_S),
    ...(input.starts_at ? { starts_at: input.starts_at } : {}),
  });
  return expectOk(res, endpoints.opsRunAction).result as {
    batch_id: number;
    codes: string[];
  };
}

/** A code of the alphabet with a valid check character that no batch made. */
const madeUp = (n: number) => {
  const body = `ZZZZ${String(n).padStart(11, '2').replace(/[01]/g, '3')}`.slice(0, 15);
  return body + giftCodeCheckChar(body);
};

const vipOf = async (m: Member) =>
  (
    await kit.t.database.db
      .select()
      .from(userRights)
      .where(and(eq(userRights.userId, m.userId), eq(userRights.name, 'vip')))
  )[0];

describe('batches (operator action giftcards.createBatch)', () => {
  it('makes distinct codes, stores only hashes, and audits the batch without its codes', async () => {
    const { batch_id, codes } = await batch({ count: 50 });
    expect(new Set(codes).size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    const rows = await kit.t.database.db
      .select()
      .from(giftCards)
      .where(eq(giftCards.batchId, batch_id));
    expect(rows).toHaveLength(50);
    const stored = JSON.stringify(rows);
    for (const code of codes) expect(stored).not.toContain(code.replaceAll('-', ''));
    const [audit] = await kit.t.database.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.target, `gift-batch:${batch_id}`));
    expect(audit?.action).toBe('giftcards.createBatch');
    expect(JSON.stringify(audit)).not.toContain(codes[0]?.replaceAll('-', '') ?? '-');
  });

  it('refuses an expiry in the past (400 naming expires_at)', async () => {
    const now = Math.floor(kit.t.clock.now().getTime() / 1000);
    const res = await kit.action('giftcards.createBatch', {
      title: 'x',
      channel: 'x',
      product: { kind: 'right', right: 'vip', days: 7 },
      count: 1,
      expires_at: now - 1,
    });
    expectError(res, 400, ErrorCode.InvalidParams);
  });
});

describe('redeeming', () => {
  it('grants the right once; the card lists as activated; again from the same family: repeated', async () => {
    const m = await kit.member();
    const { codes } = await batch();
    const code = codes[0] ?? '';
    const checked = expectOk(await check(m, code.toLowerCase()), endpoints.giftCardCheck);
    expect(checked.product).toMatchObject({ kind: 'right', right_name: 'vip', days: 31 });
    const first = expectOk(await redeem(m, code), endpoints.giftCardRedeem);
    expect(first).toMatchObject({ repeated: false, card: { status: 1, source: 'code' } });
    expect(first.card.code_mask).toBe(`****-****-****-${code.slice(-4)}`);
    const expiry = (await vipOf(m))?.expireTime;
    expect(expiry?.getTime()).toBe((first.card.expire_time ?? 0) * 1000);
    const again = expectOk(await redeem(m, code), endpoints.giftCardRedeem);
    expect(again.repeated).toBe(true);
    expect((await vipOf(m))?.expireTime).toEqual(expiry);
    const list = expectOk(await kit.get('/api/v1/gift_card', m), endpoints.giftCards);
    expect(list.list.map((c) => c.id)).toEqual([first.card.id]);
    const acts = expectOk(
      await kit.get('/api/v1/gift_card/activations', m),
      endpoints.giftCardActivations,
    );
    expect(acts.list[0]).toMatchObject({ id: first.card.id, title: 'VIP会员 31天' });
  });

  it('one code, 50 concurrent requests from two families: granted once', async () => {
    const [a, b] = [await kit.member(), await kit.member()];
    const { codes } = await batch({ count: 1 });
    const code = codes[0] ?? '';
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => redeem(i % 2 ? b : a, code)),
    );
    const ok = results.filter((r) => r.json().code === 0);
    const winners = new Set(ok.map((r) => r.json().data.card.id));
    expect(winners.size).toBe(1);
    expect(ok.filter((r) => r.json().data.repeated === false)).toHaveLength(1);
    // Every success is the winning family's (its first, then its repeats).
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.length).toBeLessThanOrEqual(25);
    // The other family's requests were all told the code was used (or limited).
    for (const r of results.filter((r) => r.json().code !== 0)) {
      expect([ErrorCode.GiftCodeUsed, ErrorCode.TooManyRequests]).toContain(r.json().code);
    }
    const grants = await kit.t.database.db
      .select()
      .from(rightGrants)
      .where(like(rightGrants.idempotencyKey, `gift-card:${[...winners][0]}`));
    expect(grants).toHaveLength(1);
    // Nothing else was granted to either family: one grant row, 31 days.
    const both = await kit.t.database.db
      .select()
      .from(rightGrants)
      .where(inArray(rightGrants.userId, [a.userId, b.userId]));
    expect(both.map((g) => [g.rightName, g.kind, g.days])).toEqual([['vip', 'grant', 31]]);
    const rights = [await vipOf(a), await vipOf(b)].filter(
      (r) => r && r.expireTime > kit.t.clock.now(),
    );
    expect(rights).toHaveLength(1);
    // 31 days once: the expiry the winning answer reports, not more.
    const first = ok.find((r) => r.json().data.repeated === false)?.json().data.card;
    expect(rights[0]?.expireTime.getTime()).toBe((first?.expire_time ?? 0) * 1000);
    expect(both[0]?.expireAfter?.getTime()).toBe((first?.expire_time ?? 0) * 1000);
  });

  it('a used code: the check tells this family when it redeemed it, another family that it was used (not by whom)', async () => {
    const [a, b] = [await kit.member(), await kit.member()];
    const { codes } = await batch({ count: 1 });
    const code = codes[0] ?? '';
    expect(expectOk(await check(a, code), endpoints.giftCardCheck).redeemed_at).toBeNull();
    const { card } = expectOk(await redeem(a, code), endpoints.giftCardRedeem);
    // Issue 40 item 6: entered again, the code is not offered as redeemable.
    const again = expectOk(await check(a, code.toLowerCase()), endpoints.giftCardCheck);
    expect(again.redeemed_at).toBe(card.redeemed_at);
    expect(again.product).toMatchObject({ kind: 'right', days: 31 });
    expect(expectOk(await redeem(a, code), endpoints.giftCardRedeem).repeated).toBe(true);
    // Another family: used, by nobody it is told about; an unknown code stays "not valid".
    for (const answer of [await check(b, code), await redeem(b, code)]) {
      const used = expectError(answer, 200, ErrorCode.GiftCodeUsed);
      expect(used.msg).toBe('该兑换码已被其他家庭使用');
      expect(used.data ?? null).toBeNull();
      expect(answer.body).not.toContain(String(a.userId));
    }
    const unknown = expectError(await check(b, madeUp(1)), 200, ErrorCode.GiftCodeInvalid);
    expect(unknown.msg).toBe('兑换码无效或已被使用');
  });

  it("deleting the account erases a prize's address; its code stays used", async () => {
    const [a, b] = [await kit.member(), await kit.member()];
    const { codes } = await batch({ count: 1, product: { kind: 'prize', title: '绘本岛水杯' } });
    const { card } = expectOk(await redeem(a, codes[0] ?? ''), endpoints.giftCardRedeem);
    const addressId = await kit.address(a);
    await kit.post('/api/v1/gift_card/prizes/address', a, { id: card.id, address_id: addressId });
    const [user] = await kit.t.database.db.select().from(users).where(eq(users.id, a.userId));
    const mobile = user?.phoneMobile ?? '';
    kit.t.clock.advance(61_000);
    const pin = await sendAndReadPin(kit.t, mobile, { action: 'cancel', token: a.token });
    expectOk(
      await kit.post('/api/v1/user/cancel', a, { nation_code: '86', phone: mobile, pin }),
      endpoints.cancelAccount,
    );
    const [row] = await kit.t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(row?.delivery).toBeNull();
    expect(row?.redeemedAt).not.toBeNull();
    expectError(await redeem(b, codes[0] ?? ''), 200, ErrorCode.GiftCodeUsed);
    expectError(await check(b, codes[0] ?? ''), 200, ErrorCode.GiftCodeUsed);
  });

  it.each([
    ['a typo (check character)', (c: string) => `${c.slice(0, -1)}${c.endsWith('Z') ? 'Y' : 'Z'}`],
    ['a look-alike', (c: string) => `O${c.slice(1)}`],
  ])('%s is 10001 naming gift_code and is not counted as a guess', async (_n, mangle) => {
    const m = await kit.member();
    const { codes } = await batch({ count: 1 });
    const c = client();
    for (let i = 0; i < 8; i++) {
      const body = expectError(await redeem(m, mangle(codes[0] ?? ''), c), 400, 10001);
      expect(body.data).toMatchObject({ field: 'gift_code' });
    }
    expectOk(await redeem(m, codes[0] ?? '', c), endpoints.giftCardRedeem);
  });
});

describe('refusals', () => {
  it('an expired batch refuses with its message', async () => {
    const m = await kit.member();
    const { codes } = await batch({ count: 1, expires_in_s: 3600 });
    kit.t.clock.advance(3601 * 1000);
    const res = expectError(await redeem(m, codes[0] ?? ''), 200, ErrorCode.GiftCodeExpired);
    expect(res.msg).toBe('该兑换码已过期，无法兑换');
    expectError(await check(m, codes[0] ?? ''), 200, ErrorCode.GiftCodeExpired);
  });

  it('a revoked batch refuses with its message; redeemed cards stay', async () => {
    const [a, b] = [await kit.member(), await kit.member()];
    const { batch_id, codes } = await batch({ count: 2 });
    expectOk(await redeem(a, codes[0] ?? ''), endpoints.giftCardRedeem);
    const revoked = expectOk(
      await kit.action('giftcards.revokeBatch', { batch_id }, '学校取消合作'),
      endpoints.opsRunAction,
    );
    expect(revoked.result).toMatchObject({ status: 'revoked', unused: 1 });
    const res = expectError(await redeem(b, codes[1] ?? ''), 200, ErrorCode.GiftCodeRevoked);
    expect(res.msg).toBe('该兑换码已停用，请联系发放方');
    expect((await vipOf(a))?.expireTime.getTime()).toBeGreaterThan(kit.t.clock.now().getTime());
  });

  it('a guest gets the login request with the spec message', async () => {
    const guest = await kit.member({ guest: true });
    const { codes } = await batch({ count: 1 });
    for (const res of [
      await redeem(guest, codes[0] ?? ''),
      await check(guest, codes[0] ?? ''),
      await kit.get('/api/v1/gift_card', guest),
    ]) {
      const body = expectError(res, 200, ErrorCode.NotAllowed);
      expect(body.msg).toBe(GUEST_GIFT_CARD_MESSAGE);
      expect(body.data).toMatchObject({ login: 1 });
    }
  });
});

describe('wrong-code limits (decision 051)', () => {
  const [tenMinutes, day] = GIFT_CODE_LIMITS.perUser;
  it(`per user: ${tenMinutes?.limit} wrong codes in 10 minutes, then 429 until the window passes`, async () => {
    const m = await kit.member();
    const { codes } = await batch({ count: 1 });
    for (let i = 0; i < (tenMinutes?.limit ?? 0); i++) {
      // A new address and device each time: only the user limit can stop it.
      expectError(await redeem(m, madeUp(100 + i)), 200, ErrorCode.GiftCodeInvalid);
    }
    const limited = expectError(await redeem(m, codes[0] ?? ''), 429, ErrorCode.TooManyRequests);
    expect(limited.data).toMatchObject({ retry_after: 600 });
    kit.t.clock.advance((tenMinutes?.windowMs ?? 0) + 1000);
    expectOk(await redeem(m, codes[0] ?? ''), endpoints.giftCardRedeem);
    expect(day?.limit).toBeGreaterThan(tenMinutes?.limit ?? 0);
  });

  it('per device: one device guessing for several families is stopped', async () => {
    const c = client();
    const limit = GIFT_CODE_LIMITS.perDevice[0]?.limit ?? 0;
    for (let i = 0; i < limit; i++) {
      // Each family one wrong code, all from one device (a different address each time).
      const m = await kit.member();
      expectError(
        await redeem(m, madeUp(200 + i), { device: c.device, ip: `10.78.${i}.1` }),
        200,
        ErrorCode.GiftCodeInvalid,
      );
    }
    const next = await kit.member();
    expectError(
      await redeem(next, madeUp(299), { device: c.device, ip: '10.78.99.1' }),
      429,
      ErrorCode.TooManyRequests,
    );
  });

  it('per address: many families and devices behind one address are stopped at the hourly limit', async () => {
    const ip = `10.79.${process.pid % 250}.9`;
    const limit = GIFT_CODE_LIMITS.perIp[0]?.limit ?? 0;
    for (let i = 0; i < limit; i++) {
      const m = await kit.member();
      expectError(
        await redeem(m, madeUp(300 + i), { device: `d-${process.pid}-${i}-ipt`, ip }),
        200,
        ErrorCode.GiftCodeInvalid,
      );
    }
    const m = await kit.member();
    expectError(
      await redeem(m, madeUp(399), { device: `d-${process.pid}-x-ipt`, ip }),
      429,
      ErrorCode.TooManyRequests,
    );
    kit.t.clock.advance(3_600_000 + 1000);
    expectError(
      await redeem(m, madeUp(398), { device: `d-${process.pid}-y-ipt`, ip }),
      200,
      ErrorCode.GiftCodeInvalid,
    );
  });
});

describe('prizes and the gift list', () => {
  it('a prize card asks for an address from the address book, then waits to be shipped', async () => {
    const m = await kit.member();
    const { codes } = await batch({ count: 1, product: { kind: 'prize', title: '绘本岛书包' } });
    const { card } = expectOk(await redeem(m, codes[0] ?? ''), endpoints.giftCardRedeem);
    expect(card).toMatchObject({ status: 1, delivery_status: 'need_address' });
    const list = expectOk(await kit.get('/api/v1/gift_card/prizes', m), endpoints.giftPrizes);
    expect(list.list[0]).toMatchObject({ item_id: card.id, sku_id: 'card', kind: 'physical' });
    const addressId = await kit.address(m);
    const prize = expectOk(
      await kit.post('/api/v1/gift_card/prizes/address', m, { id: card.id, address_id: addressId }),
      endpoints.giftPrizeAddress,
    );
    expect(prize).toMatchObject({ delivery_status: 'pending', address: { name: '王小明' } });
    const pending = expectOk(
      await kit.action('giftcards.pendingPrizes', {}, '本周发货'),
      endpoints.opsRunAction,
    ).result as { list: Array<{ card_id: number; prize: string }> };
    expect(pending.list).toContainEqual(
      expect.objectContaining({ card_id: card.id, prize: '绘本岛书包' }),
    );
    expectOk(
      await kit.action('giftcards.markShipped', { card_id: card.id }),
      endpoints.opsRunAction,
    );
    const shipped = expectOk(
      await kit.get(`/api/v1/gift_card/prizes/card/${card.id}`, m),
      endpoints.giftPrize,
    );
    expect(shipped.delivery_status).toBe('shipped');
    // Shipped: the address can no longer change.
    expectError(
      await kit.post('/api/v1/gift_card/prizes/address', m, { id: card.id, address_id: addressId }),
      200,
      ErrorCode.NotAllowed,
    );
    const other = await kit.member();
    expectError(
      await kit.get(`/api/v1/gift_card/prizes/card/${card.id}`, other),
      200,
      ErrorCode.RecordNotFound,
    );
  });
});
