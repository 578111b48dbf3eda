import {
  ErrorCode,
  type TGiftActivations,
  type TGiftCard,
  type TGiftCards,
  type TGiftPrize,
  type TGiftPrizes,
} from '@picbook/contracts';
import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import { giftCards, lotteryDraws } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { unixSeconds } from '../../platform/time';
import { addressSnapshot, findOwnAddress } from '../addresses';
import { type GiftCardRow, presentCard, presentProduct } from './gift-card.presenter';
import { requireGiftCardMember } from './members';
import { activateInTx } from './redeem-code';

/** At most this many cards and prizes are listed (a family has a handful). */
const LISTED = 200;

const cardsOf = (deps: AppDeps, userId: number) =>
  deps.db
    .select()
    .from(giftCards)
    .where(eq(giftCards.userId, userId))
    .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
    .limit(LISTED);

/** Cards another area issues to a family and credits when the family lists its cards. */
export type CardCredit = (deps: AppDeps, userId: number) => Promise<void>;
const cardCredits = new Map<string, CardCredit>();

/**
 * Promotions registers its invitation rewards at start-up (the gift cards area does not reach
 * the areas that issue cards; they reach it).
 */
export function registerCardCredit(name: string, credit: CardCredit): void {
  cardCredits.set(name, credit);
}

/** GET gift_card: the family's cards, held (0) and activated (1), newest first. */
export async function listCards(deps: AppDeps, userId: number): Promise<TGiftCards> {
  await requireGiftCardMember(deps.db, userId);
  // Reward cards of families this parent brought appear without visiting the invitation page.
  for (const credit of cardCredits.values()) await credit(deps, userId);
  return { list: (await cardsOf(deps, userId)).map(presentCard) };
}

/** GET gift_card/activations: what activated cards granted, newest first. */
export async function listActivations(deps: AppDeps, userId: number): Promise<TGiftActivations> {
  await requireGiftCardMember(deps.db, userId);
  const rows = await deps.db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.userId, userId), isNotNull(giftCards.activatedAt)))
    .orderBy(desc(giftCards.activatedAt))
    .limit(LISTED);
  return {
    list: rows.map((r) => ({
      id: r.id,
      title: presentProduct(r.product).title,
      activated_at: unixSeconds(r.activatedAt ?? r.createdAt),
      expire_time: r.rightExpireAt ? unixSeconds(r.rightExpireAt) : null,
    })),
  };
}

/** POST gift_card/active: activates one of the family's held cards (again: the same card). */
export async function activateCard(deps: AppDeps, userId: number, id: number): Promise<TGiftCard> {
  await requireGiftCardMember(deps.db, userId);
  const row = await deps.db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(giftCards)
      .where(and(eq(giftCards.id, id), eq(giftCards.userId, userId)))
      .for('update');
    if (!card) throw new AppError(ErrorCode.RecordNotFound, '礼品卡不存在');
    return activateInTx(tx, card, deps.clock.now());
  });
  return presentCard(row);
}

/** Picture of a card's prize in the gift list (cards carry no picture of their own). */
const PRIZE_IMAGE = '/media/mall/gift-box.svg';
const RIGHT_IMAGE = '/media/mall/prize-vip.svg';

function cardPrize(row: GiftCardRow): TGiftPrize {
  return {
    item_id: row.id,
    sku_id: 'card',
    title: presentProduct(row.product).title,
    image: row.product.kind === 'prize' ? PRIZE_IMAGE : RIGHT_IMAGE,
    kind: row.product.kind === 'prize' ? 'physical' : 'right',
    amount: row.product.kind === 'right' && row.product.days !== 'life' ? row.product.days : 0,
    won_at: unixSeconds(row.redeemedAt ?? row.createdAt),
    delivery_status: row.deliveryStatus as TGiftPrize['delivery_status'],
    address: row.delivery
      ? {
          name: row.delivery.name,
          phone: row.delivery.phone,
          region: row.delivery.region,
          street: row.delivery.street,
        }
      : null,
  };
}

function drawPrize(row: typeof lotteryDraws.$inferSelect): TGiftPrize {
  return {
    item_id: row.id,
    sku_id: 'lottery',
    title: row.name,
    image: row.image,
    kind: row.kind === 'vip' ? 'right' : row.kind === 'coins' ? 'coins' : 'points',
    amount: row.amount,
    won_at: unixSeconds(row.createdAt),
    delivery_status: 'none',
    address: null,
  };
}

/** The gift list: physical prizes of cards, and what the lottery gave (not "thanks"), newest first. */
export async function listPrizes(deps: AppDeps, userId: number): Promise<TGiftPrizes> {
  await requireGiftCardMember(deps.db, userId);
  const [cards, draws] = await Promise.all([
    cardsOf(deps, userId),
    deps.db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.userId, userId), ne(lotteryDraws.kind, 'none')))
      .orderBy(desc(lotteryDraws.createdAt))
      .limit(LISTED),
  ]);
  const list = [
    ...cards.filter((c) => c.product.kind === 'prize').map(cardPrize),
    ...draws.map(drawPrize),
  ].sort((a, b) => b.won_at - a.won_at);
  return { list };
}

/** One prize of the family's gift list (10024 for anything else). */
export async function findPrize(
  deps: AppDeps,
  userId: number,
  source: 'card' | 'lottery',
  id: number,
): Promise<TGiftPrize> {
  await requireGiftCardMember(deps.db, userId);
  if (source === 'lottery') {
    const [row] = await deps.db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.id, id), eq(lotteryDraws.userId, userId)));
    if (row && row.kind !== 'none') return drawPrize(row);
  } else {
    const [row] = await deps.db
      .select()
      .from(giftCards)
      .where(and(eq(giftCards.id, id), eq(giftCards.userId, userId)));
    if (row && row.product.kind === 'prize') return cardPrize(row);
  }
  throw new AppError(ErrorCode.RecordNotFound, '奖品不存在');
}

/**
 * Where a physical prize goes: a copy of one of the family's addresses (the points mall's
 * book, decision 039). Allowed until it ships.
 */
export async function setPrizeAddress(
  deps: AppDeps,
  userId: number,
  input: { id: number; addressId: number },
): Promise<TGiftPrize> {
  await requireGiftCardMember(deps.db, userId);
  const address = addressSnapshot(await findOwnAddress(deps.db, userId, input.addressId));
  const [row] = await deps.db
    .update(giftCards)
    .set({ delivery: address, deliveryStatus: 'pending' })
    .where(
      and(
        eq(giftCards.id, input.id),
        eq(giftCards.userId, userId),
        eq(giftCards.status, 1),
        ne(giftCards.deliveryStatus, 'shipped'),
        ne(giftCards.deliveryStatus, 'none'),
      ),
    )
    .returning();
  if (!row) throw new AppError(ErrorCode.NotAllowed, '该奖品无需或已不能修改收货地址');
  return cardPrize(row);
}
