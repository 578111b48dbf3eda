import {
  type Card,
  createEmptyCard,
  fsrs,
  type Grade,
  generatorParameters,
  Rating,
  State,
} from 'ts-fsrs';
import { chinaDayEnd } from './rights';

/**
 * The words' review schedule (issue 13, decision 049): FSRS through `ts-fsrs`, one card per child
 * and book word. Days, not minutes: short-term steps are off, so every answer schedules the word
 * for a later China day and "due today" falls as the child recites. No fuzz, so a schedule is
 * the same on every server and in every test.
 */
let scheduler: ReturnType<typeof fsrs> | undefined;
/** Made on first use (the web bundle, which never schedules, leaves ts-fsrs out). */
const getScheduler = () =>
  (scheduler ??= fsrs(
    generatorParameters({ enable_fuzz: false, enable_short_term: false, maximum_interval: 365 }),
  ));

/** How a recite answer went, as the child showed it. */
export type ReciteOutcome = 'wrong' | 'hesitant' | 'right' | 'fast';

export const OUTCOME_RATING: Record<ReciteOutcome, Grade> = {
  wrong: Rating.Again,
  hesitant: Rating.Hard,
  right: Rating.Good,
  fast: Rating.Easy,
};

/** Quicker than this (and right at the first try) is "fast"; slower is "hesitant". */
export const FAST_ANSWER_MS = 3000;
export const SLOW_ANSWER_MS = 10_000;

/**
 * The outcome of one recite answer: wrong when never right, hesitant when right after a wrong
 * try or slowly, fast when right at once and quickly, else right.
 */
export function reciteOutcome(answer: {
  correct: boolean;
  tries: number;
  ms: number;
}): ReciteOutcome {
  if (!answer.correct) return 'wrong';
  if (answer.tries > 1 || answer.ms > SLOW_ANSWER_MS) return 'hesitant';
  if (answer.ms < FAST_ANSWER_MS) return 'fast';
  return 'right';
}

/** A word's card as it is stored (the fields FSRS needs; dates as Date). */
export interface WordCard {
  due: Date;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
}

function toFsrs(card: WordCard | null, now: Date): Card {
  if (!card) return createEmptyCard(now);
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: 0,
    scheduled_days: card.scheduledDays,
    learning_steps: 0,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state as State,
    last_review: card.lastReview ?? undefined,
  };
}

/** The card after an answer (`null`: the word was new). */
export function reviewWord(card: WordCard | null, outcome: ReciteOutcome, now: Date): WordCard {
  const next = getScheduler().next(toFsrs(card, now), now, OUTCOME_RATING[outcome]).card;
  return {
    due: next.due,
    stability: next.stability,
    difficulty: next.difficulty,
    scheduledDays: next.scheduled_days,
    reps: next.reps,
    lapses: next.lapses,
    state: next.state,
    lastReview: next.last_review ?? now,
  };
}

/** A word is learned once FSRS expects it to be remembered for a week or more. */
export const LEARNED_STABILITY_DAYS = 7;

export type WordStatus = 'new' | 'learning' | 'learned';

export function wordStatus(card: Pick<WordCard, 'stability' | 'state'> | null): WordStatus {
  if (!card || card.state === State.New) return 'new';
  return card.state === State.Review && card.stability >= LEARNED_STABILITY_DAYS
    ? 'learned'
    : 'learning';
}

/** Due today: the card's due time falls before the end of this China day. */
export function isDueToday(card: Pick<WordCard, 'due'> | null, now: Date): boolean {
  return card !== null && card.due.getTime() < chinaDayEnd(new Date(now.getTime() + 1)).getTime();
}

/**
 * The day's review count on /words: cards due today, plus the new words still offered today —
 * up to `dailyNew` a day, less those the child met for the first time today, never more than
 * the level has unmet.
 */
export function dailyReviewCount(input: {
  due: number;
  metToday: number;
  unmet: number;
  dailyNew: number;
}): { due: number; new_words: number; total: number } {
  const fresh = Math.max(0, Math.min(input.dailyNew - input.metToday, input.unmet));
  return { due: input.due, new_words: fresh, total: input.due + fresh };
}

/**
 * The words of a recite session: due ones first (earliest first), then new ones, at most `max`;
 * with none of either, the words scheduled later (extra practice, earliest first).
 */
export function reciteOrder<T extends { card: Pick<WordCard, 'due'> | null }>(
  words: readonly T[],
  now: Date,
  max: number,
): T[] {
  const due = words
    .filter((w) => isDueToday(w.card, now))
    .sort((a, b) => (a.card?.due.getTime() ?? 0) - (b.card?.due.getTime() ?? 0));
  const fresh = words.filter((w) => w.card === null);
  const rest = words
    .filter((w) => w.card !== null && !isDueToday(w.card, now))
    .sort((a, b) => (a.card?.due.getTime() ?? 0) - (b.card?.due.getTime() ?? 0));
  // Nothing due and nothing new: a practice round of the words scheduled later.
  const session = due.length + fresh.length > 0 ? [...due, ...fresh] : rest;
  return session.slice(0, max);
}

/** New words offered a day on /words (the review count), and words in one recite session. */
export const DAILY_NEW_WORDS = 5;
export const RECITE_SESSION_WORDS = 8;

/** The start of the China day `now` falls in. */
export function chinaDayStart(now: Date): Date {
  return new Date(chinaDayEnd(new Date(now.getTime() + 1)).getTime() - 86_400_000);
}
