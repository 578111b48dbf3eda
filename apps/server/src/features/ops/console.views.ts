import { publishedOdds } from '@picbook/domain';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/client';
import {
  activityRecords,
  books,
  campDays,
  camps,
  configEntries,
  giftCardBatches,
  giftCards,
  goods,
  lotteries,
  lotteryPrizes,
  orders,
  payments,
  pointsGoods,
  pointsSkus,
} from '../../platform/db/schema';
import { defineOperatorView } from '../../platform/ops/operator-view';
import { unixSeconds } from '../../platform/time';

/**
 * The console's lists (decision 066): what each screen shows before an operator changes it
 * through an action. Read-only, role-checked, not audited (a look changes nothing).
 */

const ZPaging = z.object({
  page: z.number().int().min(1).max(10_000).default(1),
  page_size: z.number().int().min(1).max(100).default(50),
});
const offsetOf = (p: { page: number; page_size: number }) => (p.page - 1) * p.page_size;
const secs = (d: Date | null) => (d ? unixSeconds(d) : null);

/** book_type → the access it drives (books.ts). */
export const BOOK_ACCESS: Record<number, string> = { 1: 'free', 0: 'standard', 5: 'members' };

export const booksView = defineOperatorView({
  name: 'catalogue.books',
  summary: 'Books with their level, access type and status',
  roles: ['content'],
  input: ZPaging.extend({ q: z.string().trim().max(64).optional() }),
  async read({ deps, input }) {
    const where = input.q
      ? or(
          ilike(books.titleEn, `%${input.q}%`),
          ilike(books.titleCn, `%${input.q}%`),
          ilike(books.slug, `%${input.q}%`),
        )
      : undefined;
    const [rows, total] = await Promise.all([
      deps.db
        .select()
        .from(books)
        .where(where)
        .orderBy(asc(books.level), asc(books.id))
        .limit(input.page_size)
        .offset(offsetOf(input)),
      deps.db.select({ n: count() }).from(books).where(where),
    ]);
    return {
      result: {
        total: total[0]?.n ?? 0,
        list: rows.map((b) => ({
          id: b.id,
          slug: b.slug,
          title_en: b.titleEn,
          title_cn: b.titleCn,
          level: b.level,
          access: BOOK_ACCESS[b.bookType] ?? String(b.bookType),
          pages: b.pageCount,
          status: b.withdrawnAt ? 'withdrawn' : 'published',
          updated_time: secs(b.updatedAt),
        })),
      },
    };
  },
});

export const goodsView = defineOperatorView({
  name: 'commerce.goods',
  summary: 'Store goods with prices, promotions (time windows) and channels',
  roles: ['commerce'],
  input: z.object({}),
  async read({ deps }) {
    const rows = await deps.db.select().from(goods).orderBy(asc(goods.sort), asc(goods.id));
    return {
      // In the shape goods.save takes, so the console edits a product by sending it back.
      result: rows.map((g) => ({
        product_id: g.productId,
        category: g.category,
        title: g.title,
        subtitle: g.subtitle,
        right_name: g.rightName,
        days: g.days,
        price: g.price,
        original_price: g.originalPrice,
        promo: g.promo,
        channels: g.channels,
        min_app_version: g.minAppVersion,
        apple_product_id: g.appleProductId,
        huawei_product_id: g.huaweiProductId,
        badge: g.badge,
        sort: g.sort,
        on_sale: g.onSale,
      })),
    };
  },
});

export const ordersView = defineOperatorView({
  name: 'commerce.orders',
  summary: 'Orders (newest first) with their payment events, by family, order number or status',
  roles: ['commerce', 'support'],
  input: ZPaging.extend({
    user_id: z.number().int().positive().optional(),
    order_no: z.string().trim().max(64).optional(),
    status: z.string().trim().max(20).optional(),
  }),
  async read({ deps, input }) {
    const filters: SQL[] = [];
    if (input.user_id) filters.push(eq(orders.userId, input.user_id));
    if (input.order_no) filters.push(eq(orders.orderNo, input.order_no));
    if (input.status) filters.push(eq(orders.status, input.status));
    const rows = await deps.db
      .select()
      .from(orders)
      .where(filters.length ? and(...filters) : undefined)
      .orderBy(desc(orders.id))
      .limit(input.page_size)
      .offset(offsetOf(input));
    return { result: await presentOrdersForOps(deps.db, rows) };
  },
});

/** Orders with their payment events, as the console shows them (also on a family's page). */
export async function presentOrdersForOps(db: DbOrTx, rows: (typeof orders.$inferSelect)[]) {
  const events = rows.length
    ? await db
        .select()
        .from(payments)
        .where(
          inArray(
            payments.orderId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(payments.id))
    : [];
  return rows.map((o) => ({
    order_no: o.orderNo,
    user_id: o.userId,
    title: o.title,
    right_name: o.rightName,
    amount: o.amount,
    pay_method: o.payMethod,
    status: o.status,
    create_time: secs(o.createdAt),
    paid_time: secs(o.paidAt),
    refunded_time: secs(o.refundedAt),
    payments: events
      .filter((p) => p.orderId === o.id)
      .map((p) => ({
        kind: p.kind,
        method: p.method,
        transaction_id: p.providerTxnId,
        amount: p.amount,
        status: p.status,
        time: secs(p.at),
      })),
  }));
}

export const giftBatchesView = defineOperatorView({
  name: 'giftcards.batches',
  summary: 'Gift-card batches with how many of their codes were redeemed',
  roles: ['commerce', 'support'],
  input: ZPaging,
  async read({ deps, input }) {
    const redeemed = deps.db
      .select({ batchId: giftCards.batchId, n: count().as('n') })
      .from(giftCards)
      .where(sql`${giftCards.redeemedAt} is not null`)
      .groupBy(giftCards.batchId)
      .as('redeemed');
    const rows = await deps.db
      .select({ batch: giftCardBatches, redeemed: redeemed.n })
      .from(giftCardBatches)
      .leftJoin(redeemed, eq(redeemed.batchId, giftCardBatches.id))
      .orderBy(desc(giftCardBatches.id))
      .limit(input.page_size)
      .offset(offsetOf(input));
    return {
      result: rows.map(({ batch: b, redeemed: n }) => ({
        id: b.id,
        title: b.title,
        channel: b.channel,
        product: b.product,
        count: b.count,
        redeemed: Number(n ?? 0),
        status: b.status,
        starts_time: secs(b.startsAt),
        expire_time: secs(b.expiresAt),
        created_by: b.createdBy,
        create_time: secs(b.createdAt),
      })),
    };
  },
});

export const pointsGoodsView = defineOperatorView({
  name: 'points.goods',
  summary: 'Points-mall goods with their SKUs, prices and stock',
  roles: ['commerce'],
  input: z.object({}),
  async read({ deps }) {
    const [list, skus] = await Promise.all([
      deps.db.select().from(pointsGoods).orderBy(asc(pointsGoods.sort), asc(pointsGoods.id)),
      deps.db.select().from(pointsSkus).orderBy(asc(pointsSkus.id)),
    ]);
    return {
      result: list.map((g) => ({
        id: g.id,
        title: g.title,
        kind: g.kind,
        status: g.status,
        skus: skus
          .filter((s) => s.goodsId === g.id)
          .map((s) => ({ id: s.id, title: s.title, price: s.price, stock: s.stock, sold: s.sold })),
      })),
    };
  },
});

export const lotteryView = defineOperatorView({
  name: 'lottery.prizes',
  summary: 'Lucky wheels with their prizes, weights, stock and the published odds',
  roles: ['commerce'],
  input: z.object({}),
  async read({ deps }) {
    const [wheels, prizes] = await Promise.all([
      deps.db.select().from(lotteries).orderBy(desc(lotteries.id)),
      deps.db.select().from(lotteryPrizes).orderBy(asc(lotteryPrizes.sort), asc(lotteryPrizes.id)),
    ]);
    return {
      result: wheels.map((w) => {
        const own = prizes.filter((p) => p.lotteryId === w.id);
        // The same numbers the wheel publishes to families (presentAwards).
        const odds = publishedOdds(own);
        return {
          id: w.id,
          title: w.title,
          starts_time: secs(w.startAt),
          ends_time: secs(w.endAt),
          // In the shape lottery.savePrize takes, with the published odds (percent) beside.
          prizes: own.map((p, i) => ({
            id: p.id,
            lottery_id: w.id,
            name: p.name,
            image: p.image,
            kind: p.kind,
            amount: p.amount,
            weight: p.weight,
            stock: p.stock,
            sort: p.sort,
            probability: odds[i] ?? 0,
          })),
        };
      }),
    };
  },
});

export const activityView = defineOperatorView({
  name: 'activity.records',
  summary: 'Activity data: slides, popups with their rules, entrances, by slot',
  roles: ['content', 'commerce'],
  input: z.object({ slot: z.string().max(40).optional() }),
  async read({ deps, input }) {
    const rows = await deps.db
      .select()
      .from(activityRecords)
      .where(input.slot ? eq(activityRecords.slot, input.slot) : undefined)
      .orderBy(asc(activityRecords.slot), asc(activityRecords.position), asc(activityRecords.id));
    return {
      result: rows.map((r) => ({
        id: r.id,
        slot: r.slot,
        position: r.position,
        payload: r.payload,
        starts_time: secs(r.startsAt),
        ends_time: secs(r.endsAt),
      })),
    };
  },
});

export const campsView = defineOperatorView({
  name: 'camps.list',
  summary: 'Camps with their calendars (a book per day and level)',
  roles: ['content'],
  input: z.object({}),
  async read({ deps }) {
    const [list, days] = await Promise.all([
      deps.db.select().from(camps).orderBy(asc(camps.id)),
      deps.db.select().from(campDays).orderBy(asc(campDays.day)),
    ]);
    return {
      result: list.map((c) => ({
        id: c.id,
        slug: c.slug,
        kind: c.kind,
        name: c.name,
        days: c.days,
        active: c.active,
        reward_coins: c.rewardCoins,
        reward_diamonds: c.rewardDiamonds,
        calendar: days
          .filter((d) => d.campId === c.id)
          .map((d) => ({ day: d.day, level: d.level, book_id: d.bookId, title: d.title })),
      })),
    };
  },
});

export const configsView = defineOperatorView({
  name: 'configs.list',
  summary: 'Stored configuration values (library rewards, gray options, promotions …)',
  roles: ['content', 'commerce'],
  input: z.object({}),
  async read({ deps }) {
    const rows = await deps.db.select().from(configEntries).orderBy(asc(configEntries.key));
    return { result: rows.map((r) => ({ key: r.key, value: r.value })) };
  },
});
