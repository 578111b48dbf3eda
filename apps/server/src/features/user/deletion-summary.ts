import type { TDeletionSummary } from '@picbook/contracts';
import { isLifetimeExpiry } from '@picbook/domain';
import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import {
  bookUnlocks,
  campMembers,
  camps,
  giftCards,
  lotteries,
  lotteryPlayers,
  orders,
  pointsOrders,
  userRights,
} from '../../platform/db/schema';
import { readBalances } from '../../platform/ledger/ledger';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * GET /api/v1/user/cancel/summary (decision 094): what deleting this account takes away, with
 * values, read from the rows the deletion removes — so the final confirmation names the VIP and
 * its last day, the points and every other right or balance the family holds.
 */
export async function deletionSummary(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<TDeletionSummary> {
  const [rights, balances, cards, prizeOrders, unlocked, joined, chances, paid] = await Promise.all(
    [
      db
        .select()
        .from(userRights)
        .where(and(eq(userRights.userId, userId), gt(userRights.expireTime, now)))
        .orderBy(userRights.name),
      readBalances(db, userId),
      db
        .select({
          status: giftCards.status,
          product: giftCards.product,
          deliveryStatus: giftCards.deliveryStatus,
        })
        .from(giftCards)
        .where(eq(giftCards.userId, userId))
        .orderBy(giftCards.id),
      db
        .select({ n: count() })
        .from(pointsOrders)
        .where(and(eq(pointsOrders.userId, userId), eq(pointsOrders.status, 1))),
      db.select({ n: count() }).from(bookUnlocks).where(eq(bookUnlocks.userId, userId)),
      db
        .select({ name: camps.name })
        .from(campMembers)
        .innerJoin(camps, eq(camps.id, campMembers.campId))
        .where(and(eq(campMembers.userId, userId), isNull(campMembers.rewardCollectedAt)))
        .orderBy(campMembers.joinedAt),
      db
        .select({
          n: sql<number>`coalesce(sum(${lotteryPlayers.granted} - ${lotteryPlayers.used}), 0)::int`,
        })
        .from(lotteryPlayers)
        .innerJoin(lotteries, eq(lotteries.id, lotteryPlayers.lotteryId))
        .where(
          and(eq(lotteryPlayers.userId, userId), eq(lotteries.status, 1), gt(lotteries.endAt, now)),
        ),
      db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.userId, userId), inArray(orders.status, ['paid', 'fulfilled']))),
    ],
  );
  const held = cards.filter((c) => c.status === 0);
  const prizesOnTheirWay = cards.filter(
    (c) =>
      c.status === 1 && (c.deliveryStatus === 'need_address' || c.deliveryStatus === 'pending'),
  ).length;
  return {
    rights: rights.map((r) => ({
      name: r.name,
      expire_time: seconds(r.expireTime),
      lifetime: isLifetimeExpiry(r.expireTime),
    })),
    points: balances.points,
    coins: balances.coins,
    credits: balances.credits,
    diamonds: balances.diamonds,
    gift_cards: held.map(({ product }) =>
      product.kind === 'right'
        ? {
            kind: 'right' as const,
            right: product.right,
            days: product.days === 'life' ? null : product.days,
            title: null,
          }
        : { kind: 'prize' as const, right: null, days: null, title: product.title },
    ),
    undelivered_prizes: (prizeOrders[0]?.n ?? 0) + prizesOnTheirWay,
    unlocked_books: unlocked[0]?.n ?? 0,
    camps: joined.map((c) => ({ name: c.name })),
    lottery_chances: chances[0]?.n ?? 0,
    paid_orders: paid[0]?.n ?? 0,
  };
}
