import type { TPicture, TReviewCount, TVocabEntry, TVocabStatus } from '@picbook/contracts';
import {
  chinaDayStart,
  DAILY_NEW_WORDS,
  dailyReviewCount,
  isDueToday,
  type WordCard,
  wordStatus,
} from '@picbook/domain';
import type { DbOrTx } from '../../platform/db/client';
import type { bookPages, bookWords } from '../../platform/db/schema';
import { unixSeconds } from '../../platform/time';
import type { BookRow } from '../library';
import { cardOf, createVocabQueries, type ReviewRow } from './words.queries';

const keyOf = (bookId: number, word: string) => `${bookId}:${word}`;

/** A word's schedule as the screens show it. */
export function presentSchedule(
  card: WordCard | null,
  now: Date,
): { status: TVocabStatus; due_today: boolean; next_review: number | null; reps: number } {
  return {
    status: wordStatus(card),
    due_today: isDueToday(card, now),
    next_review: card ? unixSeconds(card.due) : null,
    reps: card?.reps ?? 0,
  };
}

/**
 * A level's words with this child's cards, and the day's review count: cards due today plus the
 * new words still offered today (decision 049).
 */
export async function levelWords(db: DbOrTx, userId: number, level: number, now: Date) {
  const q = createVocabQueries(db);
  const words = await q.levelWords(level);
  const cards = await q.cards(userId, [...new Set(words.map((w) => w.bookId))]);
  const byKey = new Map(cards.map((c) => [keyOf(c.bookId, c.word), c]));
  const start = chinaDayStart(now).getTime();
  const list = words.map((w) => {
    const row = byKey.get(keyOf(w.bookId, w.word)) ?? null;
    return { ...w, row, card: row ? cardOf(row) : null };
  });
  const review: TReviewCount = dailyReviewCount({
    due: list.filter((w) => isDueToday(w.card, now)).length,
    metToday: list.filter((w) => w.row && w.row.createdAt.getTime() >= start).length,
    unmet: list.filter((w) => !w.row).length,
    dailyNew: DAILY_NEW_WORDS,
  });
  return { list, review };
}

type PageRow = typeof bookPages.$inferSelect;
type WordRow = typeof bookWords.$inferSelect;

/**
 * One word of a book for the word screens: its example's page picture and narration when the
 * book is open to this child (the cover and the word's own audio otherwise), where the word is
 * in the picture when the page has it as a figure, and the child's schedule.
 */
export function presentEntry(input: {
  word: WordRow;
  pages: PageRow[];
  book: BookRow;
  open: boolean;
  url: (path: string) => string;
  card: ReviewRow | null;
  now: Date;
}): TVocabEntry {
  const { word, pages, book, open, url } = input;
  const page = pages.find((p) => p.sentences.some((s) => s.en === word.example));
  const sentence = page?.sentences.find((s) => s.en === word.example);
  const lower = word.word.toLowerCase();
  const spot = open ? page?.hotspots.find((h) => h.word.toLowerCase() === lower) : undefined;
  const picture: TPicture =
    open && page
      ? { image: url(page.image), image_small: url(page.imageSmall), placeholder: page.placeholder }
      : book.cover;
  return {
    word: word.word,
    pos: word.pos,
    meaning_cn: word.meaningCn,
    example: word.example,
    example_zh: sentence?.zh ?? '',
    example_audio: open && sentence ? url(sentence.audio) : null,
    audio: url(word.audio),
    page: open && page ? page.page : 0,
    picture,
    spot: spot ? { x: spot.x, y: spot.y, w: spot.w, h: spot.h } : null,
    ...presentSchedule(input.card ? cardOf(input.card) : null, input.now),
  };
}
