import { createHash } from 'node:crypto';
import type { TGradeQuiz, TGradingResult, TQuizItem } from '@picbook/contracts';
import {
  basisLevel,
  decidePlacement,
  PLACEMENT,
  type QuizAnswer,
  quizLevelAfter,
  vocabularyLevel,
} from '@picbook/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { bookPages, books, bookWords, placementResults, users } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { invalidParams } from '../../platform/errors';
import { withMediaUrls } from '../../platform/media/media-url';

/**
 * The placement test's item bank (decision 062), authored from the sample library: every page of
 * a level's books makes a listening item (hear the page's sentence, pick its picture among three
 * of the level) and a reading item (see the picture, pick its sentence), so a level of six
 * five-page books has 60 items; the vocabulary check shows each level's book words. Distractors
 * and the key's position are fixed by a hash of the item id, so an item is the same every time.
 */
interface BankPage {
  key: string;
  level: number;
  bookId: number;
  image: string;
  sentence: string;
  audio: string;
}
interface BankItem {
  id: string;
  level: number;
  kind: 'listen' | 'read';
  page: BankPage;
  options: BankPage[];
  /** a, b or c. */
  answer: string;
}

const KEYS = ['a', 'b', 'c'] as const;
const hash = (s: string) => createHash('sha256').update(s).digest().readUInt32BE(0);

async function loadPages(db: DbOrTx): Promise<BankPage[]> {
  const rows = await db
    .select({
      bookId: bookPages.bookId,
      page: bookPages.page,
      image: bookPages.imageSmall,
      sentences: bookPages.sentences,
      level: books.level,
    })
    .from(bookPages)
    .innerJoin(books, eq(books.id, bookPages.bookId))
    .orderBy(asc(bookPages.bookId), asc(bookPages.page));
  return rows.flatMap((r) => {
    const s = r.sentences[0];
    if (!s) return [];
    return [
      {
        key: `${r.bookId}p${r.page}`,
        level: r.level,
        bookId: r.bookId,
        image: r.image,
        sentence: s.en,
        audio: s.audio,
      },
    ];
  });
}

/** How long a process keeps a built bank (the library changes with a content import). */
const BANK_TTL_MS = 60_000;
const banks = new WeakMap<object, { at: number; bank: Promise<Map<string, BankItem>> }>();

/** Every item of the bank, by id (built once a minute per database). */
export function loadItemBank(db: DbOrTx): Promise<Map<string, BankItem>> {
  const cached = banks.get(db);
  if (cached && Date.now() - cached.at < BANK_TTL_MS) return cached.bank;
  const bank = buildItemBank(db);
  banks.set(db, { at: Date.now(), bank });
  bank.catch(() => banks.delete(db));
  return bank;
}

async function buildItemBank(db: DbOrTx): Promise<Map<string, BankItem>> {
  const pages = await loadPages(db);
  const byLevel = new Map<number, BankPage[]>();
  for (const p of pages) byLevel.set(p.level, [...(byLevel.get(p.level) ?? []), p]);
  const bank = new Map<string, BankItem>();
  for (const page of pages) {
    // Two other pages of the level with another sentence, preferably of other books.
    const others = (byLevel.get(page.level) ?? [])
      .filter((p) => p.sentence !== page.sentence)
      .map((p) => ({ p, order: Number(p.bookId === page.bookId), h: hash(page.key + p.key) }))
      .sort((a, b) => a.order - b.order || a.h - b.h)
      .slice(0, 2)
      .map((o) => o.p);
    if (others.length < 2) continue;
    for (const kind of ['listen', 'read'] as const) {
      const id = `${kind === 'listen' ? 'L' : 'R'}${page.key}`;
      const at = hash(id) % 3;
      const options = [...others];
      options.splice(at, 0, page);
      bank.set(id, { id, level: page.level, kind, page, options, answer: KEYS[at] ?? 'a' });
    }
  }
  return bank;
}

function presentItem(deps: Pick<AppDeps, 'urlSigner'>, item: BankItem): TQuizItem {
  return withMediaUrls(
    {
      id: item.id,
      level: item.level,
      kind: item.kind,
      audio: item.kind === 'listen' ? item.page.audio : null,
      image: item.kind === 'read' ? item.page.image : null,
      options: item.options.map((o, i) => ({
        key: KEYS[i] ?? 'a',
        text: item.kind === 'read' ? o.sentence : null,
        image: item.kind === 'listen' ? o.image : null,
      })),
    },
    deps,
  );
}

/** GET /api/v1/grades/words: each level's first book words (a fixed sample), and the basis. */
export async function gradeWords(
  deps: AppDeps,
  query: { age: number; grade: number },
): Promise<{
  basis_level: number;
  words: Array<{ id: string; level: number; word: string; meaning_cn: string; audio: string }>;
}> {
  const rows = await deps.db
    .select({
      bookId: bookWords.bookId,
      position: bookWords.position,
      word: bookWords.word,
      meaningCn: bookWords.meaningCn,
      audio: bookWords.audio,
      level: books.level,
    })
    .from(bookWords)
    .innerJoin(books, eq(books.id, bookWords.bookId))
    .orderBy(asc(books.level), asc(bookWords.bookId), asc(bookWords.position));
  const words = [];
  for (let level = PLACEMENT.minLevel; level <= PLACEMENT.maxLevel; level++) {
    const seen = new Set<string>();
    const ofLevel = rows
      .filter((r) => r.level === level)
      .sort((a, b) => hash(`w${a.bookId}.${a.position}`) - hash(`w${b.bookId}.${b.position}`))
      .filter((r) => !seen.has(r.word) && seen.add(r.word))
      .slice(0, PLACEMENT.wordsPerLevel);
    for (const r of ofLevel) {
      words.push({
        id: `W${r.bookId}.${r.position}`,
        level,
        word: r.word,
        meaning_cn: r.meaningCn,
        audio: withMediaUrls(r.audio, deps),
      });
    }
  }
  return { basis_level: basisLevel(query.age, query.grade), words };
}

function parsePairs(answers: string): Array<{ id: string; choice: string }> {
  if (!answers) return [];
  return answers.split(',').map((pair) => {
    const [id = '', choice = ''] = pair.split(':');
    return { id, choice };
  });
}

function scoreAnswers(
  bank: Map<string, BankItem>,
  answers: ReadonlyArray<{ id: string; choice: string }>,
  field: string,
): Array<QuizAnswer & { id: string; choice: string }> {
  const seen = new Set<string>();
  return answers.map((a, i) => {
    const item = bank.get(a.id);
    if (!item) throw invalidParams(`${field}.${i}`, `没有编号为 ${a.id} 的题目`);
    if (seen.has(a.id)) throw invalidParams(`${field}.${i}`, `题目 ${a.id} 重复作答`);
    seen.add(a.id);
    return { id: a.id, choice: a.choice, level: item.level, correct: item.answer === a.choice };
  });
}

/**
 * GET /api/v1/grades/quiz: the next question after the answers so far (the staircase of
 * decision 062), alternating listening and reading, never one already asked; done after
 * PLACEMENT.quizLength answers.
 */
export async function gradeQuiz(
  deps: AppDeps,
  query: { start: number; answers: string },
): Promise<TGradeQuiz> {
  const bank = await loadItemBank(deps.db);
  const answered = scoreAnswers(bank, parsePairs(query.answers), 'answers');
  const level = quizLevelAfter(query.start, answered);
  const total = PLACEMENT.quizLength;
  if (answered.length >= total) {
    return { level, asked: answered.length, total, done: true, item: null };
  }
  const kind = answered.length % 2 === 0 ? 'listen' : 'read';
  const asked = new Set(answered.map((a) => a.id.slice(1)));
  const candidates = [...bank.values()]
    .filter((i) => i.level === level && i.kind === kind && !asked.has(i.page.key))
    .sort((a, b) => hash(`${query.start}${a.id}`) - hash(`${query.start}${b.id}`));
  const item = candidates[0];
  return {
    level,
    asked: answered.length,
    total,
    done: !item,
    item: item ? presentItem(deps, item) : null,
  };
}

/**
 * POST /api/v1/user/grading: scores the quiz answers against the bank, decides the recommended
 * level (domain decidePlacement) and keeps the result with its evidence. The child's level is not
 * changed (decision 095): the parent confirms a switch on the result screen (POST
 * /api/v1/user/level/{id}), declining keeps the level the child follows.
 */
export async function finishGrading(
  deps: AppDeps,
  userId: number,
  body: {
    age: number;
    grade: number;
    known_words: string[];
    shown_words: string[];
    answers: Array<{ id: string; choice: string }>;
  },
): Promise<TGradingResult> {
  const bank = await loadItemBank(deps.db);
  const answers = scoreAnswers(bank, body.answers, 'answers');
  const shown = [...new Set(body.shown_words)];
  const known = [...new Set(body.known_words)].filter((w) => shown.includes(w));
  const levelOfWord = await wordLevels(deps.db, shown);
  const rows = [];
  for (let level = PLACEMENT.minLevel; level <= PLACEMENT.maxLevel; level++) {
    const ofLevel = shown.filter((w) => levelOfWord.get(w) === level);
    rows.push({
      level,
      shown: ofLevel.length,
      known: known.filter((w) => levelOfWord.get(w) === level).length,
    });
  }
  const vocabulary = vocabularyLevel(rows);
  const decision = decidePlacement(answers, vocabulary);
  const [user] = await deps.db
    .select({ level: users.level })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  await deps.db.insert(placementResults).values({
    userId,
    level: decision.level,
    quizLevel: decision.quizLevel,
    vocabularyLevel: vocabulary,
    detail: { age: body.age, grade: body.grade, known, shown, answers },
  });
  return {
    level: decision.level,
    current_level: user?.level ?? PLACEMENT.minLevel,
    quiz_level: decision.quizLevel,
    vocabulary_level: vocabulary,
    start_level: decision.startLevel,
    quiz_right: decision.right,
    quiz_total: decision.total,
    words_known: known.length,
    words_shown: shown.length,
    by_level: decision.evidence,
  };
}

/** Levels of vocabulary-check word ids (W{bookId}.{position}); unknown ids are a 400. */
async function wordLevels(db: DbOrTx, ids: readonly string[]): Promise<Map<string, number>> {
  const levels = new Map<number, number>();
  const rows = await db.select({ id: books.id, level: books.level }).from(books);
  for (const r of rows) levels.set(r.id, r.level);
  const out = new Map<string, number>();
  ids.forEach((id, i) => {
    const m = /^W(\d+)\.\d+$/.exec(id);
    const level = m ? levels.get(Number(m[1])) : undefined;
    if (level === undefined) throw invalidParams(`shown_words.${i}`, `没有编号为 ${id} 的单词`);
    out.set(id, level);
  });
  return out;
}
