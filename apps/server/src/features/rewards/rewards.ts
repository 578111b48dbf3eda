import {
  ErrorCode,
  type TConfigs,
  type TFinishReward,
  type TLibraryReward,
  type TShareReward,
} from '@picbook/contracts';
import { rewardIncrease, type WorkType, workItemsOf } from '@picbook/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/errors';
import { itemRewards, workItems, works } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import {
  AlreadyPostedError,
  post,
  postInTransaction,
  readBalances,
  wasPosted,
} from '../../platform/ledger/ledger';
import { chinaDate } from '../../platform/time';
import { loadConfigs } from '../configs';
import { createLibraryQueries, findBookOrFail } from '../library';

type RewardSettings = TConfigs['library_rewards'];

const itemMax = (settings: RewardSettings) => ({
  coins: settings.item_coins,
  credits: settings.item_credits,
});

/** The item_rewards rows of one user, book and mode. */
const rewardsOf = (userId: number, bookId: number, type: number) =>
  and(eq(itemRewards.userId, userId), eq(itemRewards.bookId, bookId), eq(itemRewards.type, type));

async function bookItems(db: DbOrTx, bookId: number, type: WorkType) {
  await findBookOrFail(db, bookId);
  const pages = await createLibraryQueries(db).listPages(bookId);
  return workItemsOf(
    type,
    pages.map((p) => ({ page: p.page, sentences: p.sentences.map((s) => s.en) })),
  );
}

/** GET /api/v1/library/reward/{bookId}: each item's maximum, best score and what it paid. */
export async function libraryReward(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  bookId: number,
  type: WorkType,
): Promise<TLibraryReward> {
  const [items, configs] = await Promise.all([
    bookItems(deps.db, bookId, type),
    loadConfigs(deps.db, log),
  ]);
  const rows = await deps.db
    .select()
    .from(itemRewards)
    .where(rewardsOf(userId, bookId, type));
  const byItem = new Map(rows.map((r) => [r.itemId, r]));
  const max = itemMax(configs.library_rewards);
  return {
    sentence_list: items.map((item) => {
      const row = byItem.get(item.contentId);
      return {
        sentence_id: item.contentId,
        coins: max.coins,
        credits: max.credits,
        best_score: row?.bestScore ?? 0,
        paid_coins: row?.paidCoins ?? 0,
        paid_credits: row?.paidCredits ?? 0,
      };
    }),
    exam_list: [],
  };
}

const finishKey = (workId: number) => `finish:${workId}`;

/**
 * GET /api/v1/books/{id}/finish: pays a run once — what its items' best scores add over what those
 * items had paid in earlier runs (§5: best per item kept, at most 3 coins and 3 credits per item),
 * plus the fixed finishing reward when the run read at least half of the book and it was not paid
 * for this book and mode today (China time). The work row and the item rows are locked, so concurrent
 * requests for the same run, or runs of the same book, cannot pay an item twice; the ledger's
 * idempotency key is the last guard. A repeated request answers what was paid.
 */
export async function finishRun(
  deps: AppDeps,
  log: FastifyBaseLogger,
  input: { userId: number; bookId: number; type: WorkType; uuid: string },
): Promise<TFinishReward> {
  const { userId, bookId, type, uuid } = input;
  // Read before the transaction: nothing here changes with the payment, and the rows it locks
  // should be held as briefly as possible.
  const [items, configs] = await Promise.all([
    bookItems(deps.db, bookId, type),
    loadConfigs(deps.db, log),
  ]);
  try {
    return await deps.db.transaction((tx) =>
      payOnce(tx, configs.library_rewards, {
        ...input,
        itemTotal: items.length,
        now: deps.clock.now(),
      }),
    );
  } catch (error) {
    if (!(error instanceof AlreadyPostedError)) throw error;
    // Paid by a concurrent request between our read and our write: answer what it paid.
    const work = await findRun(deps.db, userId, bookId, type, uuid);
    if (!work?.finishReward) throw error;
    return answer(work, await readBalances(deps.db, userId));
  }
}

async function findRun(
  db: DbOrTx,
  userId: number,
  bookId: number,
  type: number,
  uuid: string,
  lock = false,
) {
  const query = db
    .select()
    .from(works)
    .where(
      and(
        eq(works.userId, userId),
        eq(works.bookId, bookId),
        eq(works.type, type),
        eq(works.uuid, uuid),
      ),
    )
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

type WorkRow = NonNullable<Awaited<ReturnType<typeof findRun>>>;

function answer(work: WorkRow, balances: { coins: number; credits: number }): TFinishReward {
  const paid = work.finishReward ?? {
    fixed_coins: 0,
    fixed_credits: 0,
    reward_coins: 0,
    reward_credits: 0,
  };
  return {
    ...paid,
    score: work.score,
    coins: balances.coins,
    credits: balances.credits,
    work_id: work.id,
  };
}

async function payOnce(
  tx: Tx,
  settings: RewardSettings,
  input: {
    userId: number;
    bookId: number;
    type: WorkType;
    uuid: string;
    /** Items the book has in this mode. */
    itemTotal: number;
    now: Date;
  },
): Promise<TFinishReward> {
  const { userId, bookId, type, uuid } = input;
  const work = await findRun(tx, userId, bookId, type, uuid, true);
  if (!work || work.itemCount === 0) {
    throw new AppError(ErrorCode.NotAllowed, '还没有读完哦，先读一读再来领奖励吧');
  }
  if (work.finishReward) return answer(work, await readBalances(tx, userId));

  // Items in one order everywhere, so two runs of a book finishing at once lock the same rows in
  // the same order (no deadlock).
  const items = await tx
    .select()
    .from(workItems)
    .where(eq(workItems.workId, work.id))
    .orderBy(asc(workItems.contentId));
  const ids = items.map((i) => i.contentId);
  await tx
    .insert(itemRewards)
    .values(ids.map((itemId) => ({ userId, bookId, type, itemId })))
    .onConflictDoNothing();
  const paidRows = await tx
    .select()
    .from(itemRewards)
    .where(and(rewardsOf(userId, bookId, type), inArray(itemRewards.itemId, ids)))
    .orderBy(asc(itemRewards.itemId))
    .for('update');
  const paidBy = new Map(paidRows.map((r) => [r.itemId, r]));
  const max = itemMax(settings);
  let rewardCoins = 0;
  let rewardCredits = 0;
  for (const item of items) {
    const paid = paidBy.get(item.contentId);
    const before = { coins: paid?.paidCoins ?? 0, credits: paid?.paidCredits ?? 0 };
    const more = rewardIncrease(before, item.score, max);
    rewardCoins += more.coins;
    rewardCredits += more.credits;
    await tx
      .update(itemRewards)
      .set({
        bestScore: sql`greatest(${itemRewards.bestScore}, ${item.score})`,
        paidCoins: before.coins + more.coins,
        paidCredits: before.credits + more.credits,
      })
      .where(and(rewardsOf(userId, bookId, type), eq(itemRewards.itemId, item.contentId)));
  }
  // The fixed finishing reward: for a run that read at least half of the book, once per book,
  // mode and China day — so a new run id (or "read again") cannot collect it over and over.
  const coversBook = items.length * 2 >= input.itemTotal;
  const fixedKey = `finish-fixed:${userId}:${bookId}:${type}:${chinaDate(input.now)}`;
  let fixed = { coins: 0, credits: 0 };
  if (coversBook && (await wasPosted(tx, fixedKey)) === false) {
    const wanted = { coins: settings.finish_coins, credits: settings.finish_credits };
    try {
      // A savepoint: a concurrent run that paid it first makes only this part roll back.
      await tx.transaction((sp) =>
        postInTransaction(sp, {
          userId,
          idempotencyKey: fixedKey,
          reason: `finish-fixed:${bookId}:${type}`,
          lines: [
            { currency: 'coins', delta: wanted.coins },
            { currency: 'credits', delta: wanted.credits },
          ],
        }),
      );
      fixed = wanted;
    } catch (error) {
      if (!(error instanceof AlreadyPostedError) && !isUniqueViolation(error)) throw error;
    }
  }
  const paid = {
    fixed_coins: fixed.coins,
    fixed_credits: fixed.credits,
    reward_coins: rewardCoins,
    reward_credits: rewardCredits,
  };
  await postInTransaction(tx, {
    userId,
    idempotencyKey: finishKey(work.id),
    reason: `finish:${bookId}:${type}`,
    lines: [
      { currency: 'coins', delta: paid.reward_coins },
      { currency: 'credits', delta: paid.reward_credits },
    ],
  });
  const balances = await readBalances(tx, userId);
  const { now } = input;
  await tx
    .update(works)
    .set({ finishReward: paid, finishedAt: now, updatedAt: now })
    .where(eq(works.id, work.id));
  return answer({ ...work, finishReward: paid }, balances);
}

const shareKey = (userId: number, bookId: number, type: number) =>
  `share:${userId}:${bookId}:${type}`;

/** POST /api/v1/books/{id}/share/reward: the share coins, once per book and mode, after a finish. */
export async function shareReward(
  deps: AppDeps,
  log: FastifyBaseLogger,
  input: { userId: number; bookId: number; type: WorkType },
): Promise<TShareReward> {
  const { userId, bookId, type } = input;
  await findBookOrFail(deps.db, bookId);
  const finished = await deps.db
    .select({ id: works.id })
    .from(works)
    .where(
      and(
        eq(works.userId, userId),
        eq(works.bookId, bookId),
        eq(works.type, type),
        sql`${works.finishedAt} IS NOT NULL`,
      ),
    )
    .limit(1);
  if (finished.length === 0) {
    throw new AppError(ErrorCode.NotAllowed, '读完这本绘本再来分享吧');
  }
  const key = shareKey(userId, bookId, type);
  const coins = (await loadConfigs(deps.db, log)).library_rewards.share_coins;
  if (coins === 0 || (await wasPosted(deps.db, key))) {
    throw new AppError(ErrorCode.AlreadyReceived, '这本绘本的分享奖励已经领过啦');
  }
  const result = await post(deps.db, {
    userId,
    idempotencyKey: key,
    reason: `share:${bookId}:${type}`,
    lines: [{ currency: 'coins', delta: coins }],
  });
  if (!result.applied) {
    throw new AppError(ErrorCode.AlreadyReceived, '这本绘本的分享奖励已经领过啦');
  }
  return { coins, balance: result.balances.coins };
}
