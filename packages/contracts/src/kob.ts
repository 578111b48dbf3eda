import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { ZRowId } from './ids';
import { ZMissionBook } from './missions';
import { routes } from './routes';

/** Kob, the daily reading challenge (decision 056). */

export const ZKobResult = z.object({
  book_id: z.number().int(),
  score: z.number().int(),
  opponent_score: z.number().int(),
  /** The opponent's child nickname; null against the book's par score. */
  opponent_name: z.string().nullable(),
  won: z.boolean(),
  /** Credits spent and coins won. */
  credits: z.number().int(),
  coins: z.number().int(),
});
export type TKobResult = z.infer<typeof ZKobResult>;

export const ZKob = z.object({
  /** The gate of shell §6 (Xiaodu is the client's part). */
  enabled: z.boolean(),
  /** kob_schedule allows today (China calendar). */
  open_today: z.boolean(),
  schedule: z.number().int(),
  entry_credits: z.number().int(),
  win_coins: z.number().int(),
  credits: z.number().int(),
  coins: z.number().int(),
  /** Today's challenge once played. */
  today: ZKobResult.nullable(),
  /** Books the child read aloud today, with the best score: what can be challenged. */
  candidates: z.array(z.object({ book_info: ZMissionBook, score: z.number().int() })),
});
export type TKob = z.infer<typeof ZKob>;

export const ZKobChallengeBody = z.object({ book_id: ZRowId });

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const kobEndpoints = {
  kob: {
    ...routes.kob,
    summary:
      'Kob: the gate, today’s schedule, balances, today’s challenge and what can be challenged',
    tags: ['kob'],
    response: ZKob,
  },
  kobChallenge: {
    ...routes.kobChallenge,
    summary:
      'Challenge another child’s recorded score on a book read aloud today (10 credits; a win pays 20 coins); once a day',
    tags: ['kob'],
    body: ZKobChallengeBody,
    response: ZKobResult,
  },
} as const satisfies AreaEndpoints;
