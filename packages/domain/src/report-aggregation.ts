/**
 * Learning reports (decision 063): what a course report, a redo and the parents' charts compute
 * from the stored scores. Pure; the server feeds it rows, the tests tables.
 */

export interface ReportItemScore {
  id: string;
  score: number;
  answered: boolean;
}

/** The part of an item id `${part}.${item}`. */
export const itemPart = (id: string): number => Number(id.split('.')[0]) || 0;

export interface PartAccuracy {
  part: number;
  /** Mean score of the part's items (0–100, rounded). */
  score: number;
  answered: number;
  total: number;
}

/** Accuracy per part, in part order. */
export function partAccuracy(items: readonly ReportItemScore[]): PartAccuracy[] {
  const parts = new Map<number, ReportItemScore[]>();
  for (const item of items) {
    const part = itemPart(item.id);
    parts.set(part, [...(parts.get(part) ?? []), item]);
  }
  return [...parts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([part, rows]) => ({
      part,
      score: Math.round(rows.reduce((s, r) => s + r.score, 0) / rows.length),
      answered: rows.filter((r) => r.answered).length,
      total: rows.length,
    }));
}

/**
 * A redo of some items of a report: an item's score is replaced only by a better one (an
 * unanswered redo changes nothing). Returns the merged items and the ids that improved.
 */
export function mergeRedo<T extends ReportItemScore>(
  previous: readonly T[],
  redo: readonly T[],
): { items: T[]; improved: string[] } {
  const byId = new Map(redo.map((r) => [r.id, r]));
  const improved: string[] = [];
  const items = previous.map((item) => {
    const again = byId.get(item.id);
    if (!again?.answered || again.score <= item.score) return item;
    improved.push(item.id);
    return again;
  });
  return { items, improved };
}

/** Monday (China date string YYYY-MM-DD) of the week a China date string falls in. */
export function weekStart(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** Mean pronunciation score per week (weeks in order), from scored recordings by China day. */
export function weeklyTrend(
  rows: ReadonlyArray<{ day: string; score: number }>,
): Array<{ week: string; score: number; count: number }> {
  const weeks = new Map<string, number[]>();
  for (const r of rows) {
    const w = weekStart(r.day);
    weeks.set(w, [...(weeks.get(w) ?? []), r.score]);
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, s]) => ({
      week,
      score: Math.round(s.reduce((a, b) => a + b, 0) / s.length),
      count: s.length,
    }));
}

/** Letter groups that make one sound, longest first (a child's phonics units). */
const UNITS = ['igh', 'sh', 'ch', 'th', 'wh', 'ph', 'ck', 'ng', 'ee', 'oo', 'ai', 'ay', 'ea', 'oa'];
const UNITS_MORE = ['ow', 'ou', 'ar', 'or', 'er', 'ir', 'ur', 'oi', 'oy'];
const ALL_UNITS = [...UNITS, ...UNITS_MORE].sort((a, b) => b.length - a.length);

/** The phonics units of a word: letter groups first, then single letters. */
export function soundUnits(word: string): string[] {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  const out: string[] = [];
  let i = 0;
  while (i < w.length) {
    const unit = ALL_UNITS.find((u) => w.startsWith(u, i)) ?? w[i] ?? '';
    out.push(unit);
    i += unit.length;
  }
  return out;
}

export interface SoundScore {
  sound: string;
  score: number;
  count: number;
}

/**
 * Strongest and weakest sounds: each scored recording's score counts for every sound of its
 * words (once per recording); sounds heard fewer than `minCount` times are left out.
 */
export function soundStrengths(
  recordings: ReadonlyArray<{ text: string; score: number }>,
  top = 3,
  minCount = 2,
): { strongest: SoundScore[]; weakest: SoundScore[] } {
  const sums = new Map<string, { total: number; count: number }>();
  for (const r of recordings) {
    const sounds = new Set(r.text.split(/\s+/).flatMap(soundUnits));
    for (const s of sounds) {
      const row = sums.get(s) ?? { total: 0, count: 0 };
      row.total += r.score;
      row.count += 1;
      sums.set(s, row);
    }
  }
  const rows: SoundScore[] = [...sums.entries()]
    .filter(([, r]) => r.count >= minCount)
    .map(([sound, r]) => ({ sound, score: Math.round(r.total / r.count), count: r.count }));
  const best = [...rows].sort((a, b) => b.score - a.score || a.sound.localeCompare(b.sound));
  const strongest = best.slice(0, top);
  const weakest = [...rows]
    .sort((a, b) => a.score - b.score || a.sound.localeCompare(b.sound))
    .filter((r) => !strongest.includes(r))
    .slice(0, top);
  return { strongest, weakest };
}

export interface WeekActivity {
  /** Minutes spent per China day of the week (only days with activity). */
  minutesByDay: ReadonlyArray<{ day: string; minutes: number }>;
  courses: number;
  books: number;
  /** Sentences (or pages) read aloud and scored: the items of the read reports' runs. */
  sentences: number;
  words: number;
  /** Mean course score, null without courses. */
  meanScore: number | null;
}

/** The week's best-scored recording: the book, the sentence read and its score. */
export interface BestRecording {
  title: string;
  text: string;
  score: number;
}

/** Whether a child was active in a week (a weekly summary is written only then). */
export const wasActive = (w: WeekActivity): boolean =>
  w.courses + w.books + w.sentences + w.words > 0 || w.minutesByDay.some((d) => d.minutes > 0);

/** The longest sentence a summary quotes; a longer one is cut with an ellipsis. */
const QUOTE_MAX = 40;

/**
 * The weekly summary a parent reads (Chinese; the message and the Sunday push), computed from the
 * week's numbers, with the week's best recording when there is one.
 */
export function weeklySummaryText(
  nickname: string,
  w: WeekActivity,
  best: BestRecording | null = null,
): string {
  const minutes = w.minutesByDay.reduce((s, d) => s + d.minutes, 0);
  const days = w.minutesByDay.filter((d) => d.minutes > 0).length;
  const parts = [
    `${nickname}本周学习了 ${days} 天，共 ${minutes} 分钟`,
    `完成课程 ${w.courses} 节`,
    `读完绘本 ${w.books} 本`,
    `跟读句子 ${w.sentences} 句`,
    `复习单词 ${w.words} 个`,
  ];
  const score = w.meanScore === null ? '' : `，课程平均得分 ${w.meanScore} 分`;
  const quote = best?.text
    ? `最棒的一句：《${best.title}》“${
        best.text.length > QUOTE_MAX ? `${best.text.slice(0, QUOTE_MAX - 1)}…` : best.text
      }”${best.score} 分。`
    : '';
  return `${parts.join('，')}${score}。${quote}`;
}
