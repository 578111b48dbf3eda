import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { ZBookId, ZBookIdParams } from './library';
import { routes } from './routes';

/**
 * Library rewards (learning-content §3 "finish reward", "library reward"; §5 reward by score).
 * Coins and credits move only through the server's ledger; these answers say what was paid.
 */

/** 1 repeat (sentence by sentence), 2 speak (page by page). */
export const ZWorkType = z.coerce.number().int().min(1).max(2);

export const ZRewardQuery = z.object({ type: ZWorkType.default(1) });
export const ZBookIdOnlyParams = z.object({ bookId: ZBookId });

export const ZRewardItem = z.object({
  /** Sentence key p{page}s{n} (repeat) or page key p{page} (speak). */
  sentence_id: z.string(),
  /** The most this item can pay (0: it pays nothing of that kind). */
  coins: z.number().int(),
  credits: z.number().int(),
  /** Best score so far (any run) and what it has paid already. */
  best_score: z.number().int(),
  paid_coins: z.number().int(),
  paid_credits: z.number().int(),
});
export const ZLibraryReward = z.object({
  sentence_list: z.array(ZRewardItem),
  /** Exams of the book (none in picture-book runs yet). */
  exam_list: z.array(
    z.object({ id: z.number().int(), coins: z.number().int(), credits: z.number().int() }),
  ),
});
export type TLibraryReward = z.infer<typeof ZLibraryReward>;

export const ZFinishQuery = z.object({
  uuid: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'uuid must be 8–64 letters, digits, - or _'),
  type: ZWorkType.default(1),
});

export const ZFinishReward = z.object({
  fixed_coins: z.number().int(),
  fixed_credits: z.number().int(),
  /** What better scores of this run added over what the items had paid before. */
  reward_coins: z.number().int(),
  reward_credits: z.number().int(),
  /** The run's score (mean of its items' best scores over the book's items). */
  score: z.number().int(),
  /** Balances after the payment. */
  coins: z.number().int(),
  credits: z.number().int(),
  /** The work this run became. */
  work_id: z.number().int(),
});
export type TFinishReward = z.infer<typeof ZFinishReward>;

export const ZShareRewardBody = z.object({ type: z.number().int().min(1).max(2).default(1) });
export const ZShareReward = z.object({
  coins: z.number().int(),
  /** Balance after the payment. */
  balance: z.number().int(),
});
export type TShareReward = z.infer<typeof ZShareReward>;

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const rewardsEndpoints = {
  libraryReward: {
    ...routes.libraryReward,
    summary: 'What each sentence (repeat) or page (speak) of a book can pay, and has paid',
    tags: ['rewards'],
    params: ZBookIdOnlyParams,
    query: ZRewardQuery,
    response: ZLibraryReward,
  },
  finishBook: {
    ...routes.finishBook,
    summary:
      'Finish a run (uuid): pays fixed and score rewards once per run; a repeat answers the same',
    tags: ['rewards'],
    params: ZBookIdParams,
    query: ZFinishQuery,
    response: ZFinishReward,
  },
  shareReward: {
    ...routes.shareReward,
    summary:
      'Coins for sharing a finished book, once per book and mode (10104 after that; 10400 before a finish)',
    tags: ['rewards'],
    params: ZBookIdParams,
    body: ZShareRewardBody,
    response: ZShareReward,
  },
} as const satisfies AreaEndpoints;
