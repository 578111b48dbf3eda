import type { TCourseContent, TCoursePart, TCoursePartType } from '@picbook/contracts';
import { rewardTier } from './rewards';

/**
 * How a course's answers are checked and scored (decision 029). Every scored item of a course has
 * an id `${part}.${item}` (1-based), an exam type and a way of scoring:
 * - speak: a recording of the child, scored by the server's judge against the item's text
 *   (open questions against the nearest model answer, with a floor for answering in one's own
 *   words);
 * - choice: the child's tries in order ("b,a"), scored 100 / 70 / 50 by the try that was right;
 * - read: seconds spent reading, listening or watching, against what the item needs;
 * - spell: the child's typed tries in order ("kit,kite"), scored like choices but with a
 *   child's spelling tolerance (case, spaces, end marks do not count; word-exercises.ts).
 * The exam types follow the answer formats of learning-content §5 (answer-records.ts).
 */
export type ItemKind = 'speak' | 'choice' | 'read' | 'spell';

/** Exam type of each part type (decision 029). */
export const PART_EXAM_TYPES: Record<TCoursePartType, number> = {
  book_read: 21,
  auto_reading: 21,
  listen_repeat: 20,
  repeat_self: 28,
  repeat_train_b: 29,
  production: -2,
  open_question: -1,
  look_picture: 1,
  listen_train: 2,
  subject_content: 3,
  // The word and sentence exercises (issue 13, decision 050).
  word_preview: 4,
  word_match: 5,
  word_spell: 6,
  word_vacancy: 7,
  sentence_match: 8,
  fill_blank: 9,
  reading_comprehension: 10,
  image_classify: 12,
  image_sort: 23,
  sentence_spell: 24,
};
/** The story video is watched, like a reading part: read time. */
export const VIDEO_EXAM_TYPE = 21;

export interface CourseItem {
  id: string;
  part: number;
  examType: number;
  kind: ItemKind;
  /** speak: the texts the recording may be judged against (one, or an open question's answers). */
  texts?: string[];
  /** choice: the right key. */
  answer?: string;
  /** read: seconds the item needs for full marks. */
  seconds?: number;
  /** speak: an answer in the child's own words (open question). */
  open?: boolean;
}

/** Share of the narration a child must spend on a reading part for full marks. */
const READ_SHARE = { book_read: 0.5, auto_reading: 0.8, video: 0.8 } as const;

function partItems(part: TCoursePart): CourseItem[] {
  const base = (i: number) => ({
    id: `${part.part}.${i + 1}`,
    part: part.part,
    examType: PART_EXAM_TYPES[part.type],
  });
  const choiceItems = (items: ReadonlyArray<{ answer: string }>): CourseItem[] =>
    items.map((item, i) => ({ ...base(i), kind: 'choice', answer: item.answer }));
  switch (part.type) {
    case 'book_read':
    case 'auto_reading': {
      const narration = part.pages.reduce((n, p) => n + p.duration, 0);
      return [{ ...base(0), kind: 'read', seconds: round1(narration * READ_SHARE[part.type]) }];
    }
    case 'listen_repeat':
    case 'repeat_self':
    case 'repeat_train_b':
    case 'production':
      return part.sentences.map((s, i) => ({ ...base(i), kind: 'speak', texts: [s.en] }));
    case 'open_question':
      return [{ ...base(0), kind: 'speak', texts: part.answers.map((a) => a.en), open: true }];
    case 'listen_train':
    case 'look_picture':
      return part.questions.map((q, i) => ({ ...base(i), kind: 'choice', answer: q.answer }));
    case 'subject_content':
      return [{ ...base(0), kind: 'choice', answer: part.question.answer }];
    case 'word_preview':
    case 'word_match':
    case 'word_vacancy':
    case 'sentence_match':
      return choiceItems(part.type === 'sentence_match' ? part.sentences : part.words);
    case 'word_spell':
      return part.words.map((w, i) => ({ ...base(i), kind: 'spell', answer: w.answer }));
    case 'sentence_spell':
    case 'fill_blank':
    case 'reading_comprehension':
      return choiceItems(part.questions);
    case 'image_classify':
      return choiceItems(part.items);
    case 'image_sort':
      return [{ ...base(0), kind: 'choice', answer: part.answer }];
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Every scored item of a course, in order. */
export function courseItems(content: TCourseContent): CourseItem[] {
  if (content.kind === 'video') {
    return [
      {
        id: '1.1',
        part: 1,
        examType: VIDEO_EXAM_TYPE,
        kind: 'read',
        seconds: round1(content.video.duration * READ_SHARE.video),
      },
    ];
  }
  return content.parts.flatMap(partItems);
}

/** Choice tries "b,a" → 100 when the first try was right, 70 the second, 50 later, else 0. */
export function choiceScore(tries: string, answer: string): number {
  const list = tries
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const at = list.indexOf(answer);
  if (at < 0) return 0;
  return at === 0 ? 100 : at === 1 ? 70 : 50;
}

/** Seconds spent against seconds needed: full marks at the need, in proportion below it. */
export function readScore(seconds: number, needed: number): number {
  if (needed <= 0) return seconds > 0 ? 100 : 0;
  return Math.max(0, Math.min(100, Math.round((100 * seconds) / needed)));
}

/** Score an open answer earns for being spoken at all, in the child's own words. */
export const OPEN_ANSWER_FLOOR = 60;

/**
 * An open question's score: the best of the judge's scores against each model answer, and at
 * least the floor when the child really spoke (a voice, long enough) — an own answer is welcome.
 */
export function openAnswerScore(judged: readonly number[], spoke: boolean): number {
  const best = judged.length > 0 ? Math.max(...judged) : 0;
  return spoke ? Math.max(best, OPEN_ANSWER_FLOOR) : best;
}

export interface ScoredItem {
  id: string;
  part: number;
  score: number;
  answered: boolean;
}

/** The course score: the mean of its parts' scores, each the mean of its items' (0–100). */
export function courseScore(items: readonly ScoredItem[]): number {
  const byPart = new Map<number, number[]>();
  for (const item of items) byPart.set(item.part, [...(byPart.get(item.part) ?? []), item.score]);
  const parts = [...byPart.values()].map((s) => s.reduce((a, b) => a + b, 0) / s.length);
  if (parts.length === 0) return 0;
  return Math.round(parts.reduce((a, b) => a + b, 0) / parts.length);
}

/** Stars of a course (0–3) by the reward tiers of §5: 90 / 70 / 50. */
export const courseStars = (score: number): number => rewardTier(score);

export interface CourseRewardRule {
  /** Coins at most (by stars: 3 / 2 / 1, never more than this). */
  max_coins: number;
  /** Diamonds for a three-star course. */
  diamonds_three_stars: number;
}

/** What a course's best score is worth (decision 029); paid once, improvements pay the rest. */
export function courseRewardWorth(
  score: number,
  rule: CourseRewardRule,
): { coins: number; diamonds: number } {
  const stars = courseStars(score);
  return {
    coins: Math.min(stars, rule.max_coins),
    diamonds: stars === 3 ? rule.diamonds_three_stars : 0,
  };
}

/**
 * What a course finish means for its reward, so the finish card says only what the ledger did:
 * `paid` — this finish paid something (the amounts it paid are shown); `not_earned` — nothing has
 * ever been paid for the course (no stars yet: another try can earn it); `collected` — an earlier
 * finish already paid what this one is worth.
 */
export type CourseRewardState = 'paid' | 'not_earned' | 'collected';

export function courseRewardState(
  paidNow: { coins: number; diamonds: number },
  paidInAll: { coins: number; diamonds: number },
): CourseRewardState {
  if (paidNow.coins + paidNow.diamonds > 0) return 'paid';
  return paidInAll.coins + paidInAll.diamonds > 0 ? 'collected' : 'not_earned';
}
