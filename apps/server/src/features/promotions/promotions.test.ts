import { ErrorCode, endpoints } from '@picbook/contracts';
import { extendRight, LIFETIME_EXPIRY } from '@picbook/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, sendAndReadPin } from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { type MallKit, type Member, startMallKit } from '../../../test/mall-kit';
import { giftCards, promoInvites, rightGrants, userRights } from '../../platform/db/schema';

/**
 * Lifelong-VIP promotions (decision 052) and invitations (decision 053) through the API: the
 * promotions made by operator actions, the SMS code states, status 1 then 2, once per family
 * and phone, single-use links, and one reward card per new family.
 */
let kit: MallKit;
beforeAll(async () => {
  kit = await startMallKit();
  const now = Math.floor(kit.t.clock.now().getTime() / 1000);
  const window = { start_time: now - 3600, end_time: now + 30 * 86_400 };
  for (const promo of [
    { code: 'freeRead', title: '免费升级终身会员', status_after: 1, ...window },
    { code: 'lottery2', title: '抽奖兑换', status_after: 2, requires_status: 1, ...window },
    { code: 'school', title: '学校专享', status_after: 1, token_only: true, ...window },
  ]) {
    expectOk(await kit.action('lifelong.savePromo', promo), endpoints.opsRunAction);
  }
});
afterAll(() => kit.close());

let phoneSeq = 0;
const newMobile = () =>
  `135${String(process.pid % 10_000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;
/** A code from the outbox; the clock moves past the phone's one-a-minute limit first. */
const pinFor = (mobile: string) => {
  kit.t.clock.advance(61_000);
  return sendAndReadPin(kit.t, mobile, { action: 'lifelong', ip: `10.66.${phoneSeq}.1` });
};
const transform = (m: Member, body: object) =>
  kit.post('/api/v1/act/lifelong/transform', m, { nation_code: '86', ...body });
const status = async (m: Member, promo = 'freeRead') =>
  expectOk(
    await kit.get(`/api/v1/act/lifelong/status?promo=${promo}`, m),
    endpoints.lifelongStatus,
  );
/** The grants recorded for families (right_grants): one per paid event. */
const grantsOf = (...members: Member[]) =>
  kit.t.database.db
    .select()
    .from(rightGrants)
    .where(
      inArray(
        rightGrants.userId,
        members.map((m) => m.userId),
      ),
    );
const lifeVip = async (m: Member) =>
  (
    await kit.t.database.db
      .select()
      .from(userRights)
      .where(and(eq(userRights.userId, m.userId), eq(userRights.name, 'life_vip')))
  )[0];

describe('lifelong promotions', () => {
  it('status 0 → 1 (first promo) → 2 (lottery exchange), with the SMS code states', async () => {
    const m = await kit.member();
    const mobile = newMobile();
    const before = await status(m);
    expect(before).toMatchObject({
      status: 0,
      offer: { available: true, title: '免费升级终身会员' },
    });
    expect((await status(m, 'lottery2')).offer).toMatchObject({
      available: false,
      reason: '请先参加终身会员升级活动',
    });
    // No code sent yet: expired/missing (invalidSmsPIN).
    expectError(await transform(m, { promo: 'freeRead', phone: mobile, pin: '1234' }), 200, 11101);
    const pin = await pinFor(mobile);
    const wrong = pin === '0000' ? '1111' : '0000';
    expectError(await transform(m, { promo: 'freeRead', phone: mobile, pin: wrong }), 200, 11102);
    const done = expectOk(
      await transform(m, { promo: 'freeRead', phone: mobile, pin, mission_type: 'freeRead' }),
      endpoints.lifelongTransform,
    );
    expect(done).toMatchObject({ status: 1, right_name: 'life_vip' });
    expect((await lifeVip(m))?.expireTime).toEqual(LIFETIME_EXPIRY);
    expect((await status(m)).status).toBe(1);
    expect((await status(m)).offer?.available).toBe(false);
    // Again: claimed (before the code is even looked at).
    expectError(
      await transform(m, { promo: 'freeRead', phone: mobile, pin }),
      200,
      ErrorCode.PromoClaimed,
    );
    const pin2 = await pinFor(mobile);
    const second = expectOk(
      await transform(m, { promo: 'lottery2', phone: mobile, pin: pin2 }),
      endpoints.lifelongTransform,
    );
    expect(second.status).toBe(2);
    expect((await status(m)).status).toBe(2);
  });

  it('one phone claims a promotion once, whichever family asks', async () => {
    const [a, b] = [await kit.member(), await kit.member()];
    const mobile = newMobile();
    expectOk(
      await transform(a, { promo: 'freeRead', phone: mobile, pin: await pinFor(mobile) }),
      endpoints.lifelongTransform,
    );
    expectError(
      await transform(b, { promo: 'freeRead', phone: mobile, pin: await pinFor(mobile) }),
      200,
      ErrorCode.PromoClaimed,
    );
    expect(await lifeVip(b)).toBeUndefined();
  });

  // PostgreSQL runs these at once: the unique keys (family, promo) and (phone, promo) decide.
  it('50 claims at once by two families with one phone grant the right once', async () => {
    const [a, b] = [await kit.member(), await kit.member()];
    const mobile = newMobile();
    const pin = await pinFor(mobile);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        transform(i % 2 ? b : a, { promo: 'freeRead', phone: mobile, pin }),
      ),
    );
    const codes = answers.map((r) => r.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    // The rest: claimed, or the code was used up by the winner.
    expect(
      codes.filter((c) => c === ErrorCode.PromoClaimed || c === ErrorCode.SmsPinInvalid),
    ).toHaveLength(49);
    const grants = await grantsOf(a, b);
    expect(grants.map((g) => [g.rightName, g.lifetime])).toEqual([['life_vip', true]]);
  });

  it('a link-only promotion: GET {token} shows it, POST claims it once', async () => {
    const now = Math.floor(kit.t.clock.now().getTime() / 1000);
    const issued = expectOk(
      await kit.action('lifelong.issueLinks', {
        promo: 'school',
        count: 2,
        expires_at: now + 86_400,
      }),
      endpoints.opsRunAction,
    ).result as { links: string[] };
    const token = issued.links[0]?.split('/').pop() ?? '';
    const [a, b] = [await kit.member(), await kit.member()];
    const mobile = newMobile();
    expectError(
      await transform(a, { promo: 'school', phone: mobile, pin: await pinFor(mobile) }),
      200,
      ErrorCode.PromoUnavailable,
    );
    const link = expectOk(
      await kit.get(`/api/v1/act/lifelong/link/${token}`, a),
      endpoints.lifelongLink,
    );
    expect(link).toMatchObject({ link: 'ok', offer: { promo: 'school', available: true } });
    const claimed = expectOk(
      await kit.post(`/api/v1/act/lifelong/link/${token}`, a, {
        nation_code: '86',
        phone: mobile,
        pin: await pinFor(mobile),
      }),
      endpoints.lifelongLinkClaim,
    );
    expect(claimed.status).toBe(1);
    const used = await kit.t.app.inject({ url: `/api/v1/act/lifelong/link/${token}` });
    expect(expectOk(used, endpoints.lifelongLink).link).toBe('used');
    const other = newMobile();
    expectError(
      await kit.post(`/api/v1/act/lifelong/link/${token}`, b, {
        nation_code: '86',
        phone: other,
        pin: await pinFor(other),
      }),
      200,
      ErrorCode.PromoUnavailable,
    );
    const unknown = await kit.get('/api/v1/act/lifelong/link/AAAAAAAAAAAAAAAAAAAAAAAA', b);
    expect(expectOk(unknown, endpoints.lifelongLink)).toEqual({ offer: null, link: 'unknown' });
  });

  it('a guest is asked to log in first', async () => {
    const guest = await kit.member({ guest: true });
    const mobile = newMobile();
    const res = expectError(
      await transform(guest, { promo: 'freeRead', phone: mobile, pin: '1234' }),
      200,
      ErrorCode.NotAllowed,
    );
    expect(res.data).toMatchObject({ login: 1 });
  });
});

describe('invitations (brings_new, gen_qrcode)', () => {
  it.each(['constructor', '__proto__', 'toString', 'nope'])(
    'an unknown promotion %s answers 10001, never a 500',
    async (name) => {
      const inviter = await kit.member();
      const res = await kit.get(`/api/v1/promo/brings_new?promotion=${name}`, inviter);
      expect(expectError(res, 400, ErrorCode.InvalidParams).data?.field).toBe('promotion');
    },
  );

  it('credits the inviter one held VIP card per new family, once; the card activates', async () => {
    const inviter = await kit.member();
    await kit.member({ invitedBy: inviter.userId });
    await kit.member({ invitedBy: inviter.userId });
    await kit.member({ invitedBy: inviter.userId, guest: true });
    const url = '/api/v1/promo/brings_new?promotion=vip_card';
    const first = expectOk(await kit.get(url, inviter), endpoints.bringsNew);
    expect(first).toMatchObject({ invited: 2, rewarded: 2, reward: { title: 'VIP会员 7天' } });
    expect(first.invite_url).toContain(`inv=${first.invite_code}`);
    const again = await Promise.all([kit.get(url, inviter), kit.get(url, inviter)]);
    for (const res of again) expect(expectOk(res, endpoints.bringsNew).rewarded).toBe(2);
    const cards = expectOk(await kit.get('/api/v1/gift_card', inviter), endpoints.giftCards);
    expect(cards.list).toHaveLength(2);
    expect(cards.list.every((c) => c.source === 'invite' && c.status === 0)).toBe(true);
    const id = cards.list[0]?.id ?? 0;
    const activated = expectOk(
      await kit.post('/api/v1/gift_card/active', inviter, { id }),
      endpoints.giftCardActivate,
    );
    expect(activated.status).toBe(1);
    expect(activated.expire_time).toBeGreaterThan(Math.floor(kit.t.clock.now().getTime() / 1000));
    // Activating again changes nothing; another family cannot activate it.
    const twice = expectOk(
      await kit.post('/api/v1/gift_card/active', inviter, { id }),
      endpoints.giftCardActivate,
    );
    expect(twice.expire_time).toBe(activated.expire_time);
    expectError(
      await kit.post('/api/v1/gift_card/active', await kit.member(), { id }),
      200,
      ErrorCode.RecordNotFound,
    );
  });

  it('50 visits at once credit each new family once; 50 activations at once grant once', async () => {
    const inviter = await kit.member();
    await kit.member({ invitedBy: inviter.userId });
    await kit.member({ invitedBy: inviter.userId });
    const url = '/api/v1/promo/brings_new?promotion=vip_card';
    const visits = await Promise.all(Array.from({ length: 50 }, () => kit.get(url, inviter)));
    for (const res of visits) expect(res.json().code).toBe(0);
    const db = kit.t.database.db;
    expect(
      await db.select().from(promoInvites).where(eq(promoInvites.inviterId, inviter.userId)),
    ).toHaveLength(2);
    const cards = await db.select().from(giftCards).where(eq(giftCards.userId, inviter.userId));
    expect(cards).toHaveLength(2);

    const id = cards[0]?.id ?? 0;
    const activations = await Promise.all(
      Array.from({ length: 50 }, () => kit.post('/api/v1/gift_card/active', inviter, { id })),
    );
    const expiries = activations.map(
      (res) => expectOk(res, endpoints.giftCardActivate).expire_time,
    );
    // Every answer shows the one grant: a week from now, not a week more per request.
    const week = extendRight({ now: kit.t.clock.now(), current: null, days: 7 });
    expect(new Set(expiries)).toEqual(new Set([week.getTime() / 1000]));
    expect((await grantsOf(inviter)).map((g) => g.idempotencyKey)).toEqual([`gift-card:${id}`]);
  });

  it('gen_qrcode: an SVG QR code of the landing link (default promo vip_card)', async () => {
    const m = await kit.member();
    const res = await kit.t.app.inject({
      url: '/api/v1/gen_qrcode',
      headers: { ...auth(m.token), host: 'picbook.example.com' },
    });
    const qr = expectOk(res, endpoints.genQrcode);
    expect(qr.promo).toBe('vip_card');
    expect(qr.url).toMatch(/^http:\/\/picbook\.example\.com\/library\?inv=\w+&promo=vip_card$/);
    const svg = Buffer.from(qr.qrcode.split(',')[1] ?? '', 'base64').toString();
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expectError(await kit.get('/api/v1/gen_qrcode?promo=nope', m), 400, ErrorCode.InvalidParams);
  });
});
