import { endpoints } from '@picbook/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { issueToken } from '../src/platform/auth/session';
import { children, users } from '../src/platform/db/schema';
import { post as postLedger } from '../src/platform/ledger/ledger';
import { auth } from './auth-helpers';
import { expectOk } from './envelope';
import { operatorToken, runAction } from './ops-kit';
import { createTestApp, type TestApp } from './test-app';

/**
 * Shared set-up of the points-mall and lottery tests: the real app and database, families made
 * directly (a registered account with a child and a token — the login flows have their own
 * tests), points credited on the ledger, and goods, wheels and prizes made through the operator
 * actions like operators make them.
 */
export interface Member {
  token: string;
  userId: number;
}

export interface MallKit {
  t: TestApp;
  member(options?: { guest?: boolean; invitedBy?: number; nickname?: string }): Promise<Member>;
  givePoints(member: Member, points: number): Promise<void>;
  /** A goods with one SKU (or the given SKUs) via points.saveGoods; its item and SKU ids. */
  goods(options?: {
    kind?: 'physical' | 'vip' | 'coins';
    skus?: Array<{
      title: string;
      price: number;
      stock: number;
      grant_days?: number;
      grant_coins?: number;
    }>;
    show_fake_stock?: boolean;
  }): Promise<{ itemId: number; skuIds: number[] }>;
  /** A delivery address of the member (Beijing, Chaoyang). */
  address(member: Member): Promise<number>;
  /** Runs an operator action as a commerce + support operator. */
  action(
    name: string,
    input: Record<string, unknown>,
    reason?: string,
  ): Promise<LightMyRequestResponse>;
  get(url: string, member: Member): Promise<LightMyRequestResponse>;
  post(url: string, member: Member, payload?: object): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let seq = 0;

export async function startMallKit(): Promise<MallKit> {
  const t = await createTestApp();
  const db = t.database.db;
  const opsToken = await operatorToken(t, ['commerce', 'support']);
  const action: MallKit['action'] = (name, input, reason) =>
    runAction(t, opsToken, name, input, reason);
  const get = (url: string, member: Member) => t.app.inject({ url, headers: auth(member.token) });
  const post = (url: string, member: Member, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: auth(member.token), payload });

  const kit: MallKit = {
    t,
    async member(options = {}) {
      const n = ++seq;
      const [user] = await db
        .insert(users)
        .values({
          isGuest: options.guest ?? false,
          phoneNationCode: options.guest ? null : '86',
          phoneMobile: options.guest
            ? null
            : `137${String(process.pid % 10_000).padStart(4, '0')}${String(n).padStart(4, '0')}`,
          invitedBy: options.invitedBy ?? null,
          loginCount: 2,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user not made');
      await db.insert(children).values({
        userId: user.id,
        nickname: options.nickname ?? `宝宝${n}`,
        birthday: '2018-06-01',
        gender: 1,
        region: 214,
        avatar: '/media/avatars/boy-1.svg',
      });
      const token = await issueToken(db, user.id, `mall-device-${n}`, t.clock.now());
      return { token, userId: user.id };
    },
    async givePoints(member, points) {
      await postLedger(db, {
        userId: member.userId,
        idempotencyKey: `test-points:${member.userId}:${++seq}`,
        reason: 'ops-points:test',
        lines: [{ currency: 'points', delta: points }],
      });
    },
    async goods(options = {}) {
      const kind = options.kind ?? 'physical';
      const skus = options.skus ?? [{ title: '标准', price: 100, stock: 10 }];
      const res = await action('points.saveGoods', {
        title: `测试商品${++seq}`,
        image: '/media/mall/plush.svg',
        kind,
        show_fake_stock: options.show_fake_stock ?? false,
        skus,
      });
      const { item_id } = expectOk(res, endpoints.opsRunAction).result as { item_id: number };
      const detail = expectOk(
        await get(`/api/v1/points_mall/goods/detail?item_id=${item_id}`, await kit.member()),
        endpoints.goodsDetail,
      );
      return { itemId: item_id, skuIds: detail.skus.map((s) => s.sku_id) };
    },
    async address(member) {
      const res = await post('/api/v1/points_mall/address/save', member, {
        name: '王小明',
        phone: '13800138000',
        province_code: '110000',
        city_code: '110100',
        county_code: '110105',
        street: '朝阳路100号1单元101',
      });
      return expectOk(res, endpoints.saveAddress).address_id;
    },
    action,
    get,
    post,
    close: () => t.close(),
  };
  return kit;
}
