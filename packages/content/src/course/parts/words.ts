import { type TCourseSentence, type TCourseWord, ZBasketIcon } from '@picbook/contracts';
import {
  letterKeys,
  normalizeSpelling,
  seededRandom,
  sentenceTiles,
  shuffled,
} from '@picbook/domain';
import { z } from 'zod';
import {
  type BookText,
  checkPage,
  checkSentences,
  chineseText,
  englishLine,
  findSentence,
  type PartBuildContext,
  type PartModule,
  pageNumber,
  SENTENCE_ID,
  ZSentenceRef,
} from '../part-kit';

/**
 * The word and sentence exercises (issue 13, decision 050). Each is built from the week's book:
 * its vocabulary (word, part of speech, meaning, the book's sentence that uses it, narration)
 * and its pages. A source may name what to use (`words`, `sentences`, `pages`, …); left out, the
 * part chooses from the book by itself, so `- type: word_spell` is a whole part. Every shuffle is
 * seeded by the content, so a rebuild writes the same course.
 */

type Problems = Array<{ field: string; message: string }>;
type Vocab = BookText['vocabulary'][number];

const KEYS = 'abcdefghijkl';
const keyOf = (i: number) => KEYS[i] ?? String(i);

const ZWordList = (min: number, max: number) =>
  z
    .array(z.string().trim().min(1).max(40))
    .min(min, `needs ${min}–${max} words`)
    .max(max, `needs ${min}–${max} words`);

/** The id (p{page}s{n}) of a sentence of the book by its English text. */
function sentenceIdOf(book: BookText, en: string): string | null {
  for (const [p, page] of book.pages.entries()) {
    const s = page.sentences.findIndex((x) => x.en === en);
    if (s >= 0) return `p${p + 1}s${s + 1}`;
  }
  return null;
}
const pageOfId = (id: string) => Number(SENTENCE_ID.exec(id)?.[1] ?? 0);
const examplePage = (book: BookText, v: Vocab) => pageOfId(sentenceIdOf(book, v.example) ?? '');

/** Named words must be the book's; unnamed, the first `max` of its vocabulary that `fit`. */
function chooseWords(
  book: BookText,
  named: readonly string[] | undefined,
  max: number,
  fit: (v: Vocab) => boolean = () => true,
): Vocab[] {
  if (named) return named.flatMap((w) => book.vocabulary.find((v) => v.word === w) ?? []);
  return book.vocabulary.filter(fit).slice(0, max);
}

/** Words whose example pages all differ (a picture names one word), in vocabulary order. */
function distinctPictures(book: BookText, words: readonly Vocab[], max: number): Vocab[] {
  const seen = new Set<number>();
  return words
    .filter((v) => {
      const page = examplePage(book, v);
      if (seen.has(page)) return false;
      seen.add(page);
      return true;
    })
    .slice(0, max);
}

function checkNamedWords(book: BookText, named: readonly string[] | undefined): Problems {
  if (!named) return [];
  const problems: Problems = [];
  named.forEach((w, i) => {
    if (!book.vocabulary.some((v) => v.word === w)) {
      problems.push({ field: `words.${i}`, message: `"${w}" is not in the book's vocabulary` });
    }
  });
  if (new Set(named).size !== named.length) {
    problems.push({ field: 'words', message: 'words must all differ' });
  }
  return problems;
}

function needAtLeast(count: number, min: number, field: string, what: string): Problems {
  return count >= min ? [] : [{ field, message: `needs at least ${min} ${what}; found ${count}` }];
}

/** A vocabulary word in the player's form. */
function courseWord(v: Vocab, ctx: PartBuildContext): TCourseWord {
  const id = sentenceIdOf(ctx.book, v.example);
  if (!id) throw new Error(`the example of "${v.word}" is not a sentence of the book`);
  const audio = ctx.book.vocabulary.find((w) => w.word === v.word)?.audio;
  if (!audio) throw new Error(`"${v.word}" has no narration`);
  return { word: v.word, pos: v.pos, meaning_cn: v.meaning_cn, audio, example: ctx.sentence(id) };
}

const base = <T extends string>(type: T) => ({
  type: z.literal(type),
  title_cn: chineseText(2, 12).optional(),
});

// ─── word preview ──────────────────────────────────────────────────────────────────────────
const ZWordPreview = z
  .object({ ...base('word_preview'), words: ZWordList(2, 8).optional() })
  .strict();

/** Meet each word (picture, word, meaning, the book's sentence, narration), then tap it when heard. */
export const wordPreview: PartModule<z.infer<typeof ZWordPreview>> = {
  type: 'word_preview',
  schema: ZWordPreview,
  title_cn: '认单词',
  guide_cn: '看一看，听一听，认识新单词。听到单词后，点一点对的那个。',
  check: (part, book) => [
    ...checkNamedWords(book, part.words),
    ...needAtLeast(chooseWords(book, part.words, 6).length, 2, 'words', 'words'),
  ],
  texts: () => [],
  build(part, ctx) {
    const words = chooseWords(ctx.book, part.words, 6);
    return {
      type: 'word_preview',
      words: words.map((v) => {
        const other = shuffled(
          words.filter((w) => w !== v),
          `preview:${v.word}`,
        )[0];
        return {
          ...courseWord(v, ctx),
          choices: shuffled([v.word, other?.word ?? v.word], `preview-choice:${v.word}`),
          answer: v.word,
        };
      }),
    };
  },
};

// ─── word match ────────────────────────────────────────────────────────────────────────────
const ZWordMatch = z.object({ ...base('word_match'), words: ZWordList(2, 4).optional() }).strict();

/** Pair each word (heard when tapped) with its picture. */
export const wordMatch: PartModule<z.infer<typeof ZWordMatch>> = {
  type: 'word_match',
  schema: ZWordMatch,
  title_cn: '单词配对',
  guide_cn: '先点一个单词，再点它的图片，把它们配成一对。',
  check(part, book) {
    const problems = checkNamedWords(book, part.words);
    const chosen = chooseWords(book, part.words, 12);
    if (part.words && distinctPictures(book, chosen, 4).length !== chosen.length) {
      problems.push({
        field: 'words',
        message: 'each word needs its own picture: examples on different pages',
      });
    }
    return [
      ...problems,
      ...needAtLeast(
        distinctPictures(book, chosen, 4).length,
        2,
        'words',
        'words on different pages',
      ),
    ];
  },
  texts: () => [],
  build(part, ctx) {
    const words = distinctPictures(ctx.book, chooseWords(ctx.book, part.words, 12), 4).map((v) =>
      courseWord(v, ctx),
    );
    return {
      type: 'word_match',
      words: words.map((w) => ({ ...w, answer: w.word })),
      pictures: shuffled(
        words.map((w) => ({ key: w.word, ...w.example.picture })),
        `match:${words.map((w) => w.word).join()}`,
      ),
    };
  },
};

// ─── word spell ────────────────────────────────────────────────────────────────────────────
const ZWordSpell = z.object({ ...base('word_spell'), words: ZWordList(1, 6).optional() }).strict();
const spellable = (v: Vocab) => /^[A-Za-z][A-Za-z' -]{1,13}$/.test(v.word);

/** Hear a word, see its picture, spell it on the letter keyboard. */
export const wordSpell: PartModule<z.infer<typeof ZWordSpell>> = {
  type: 'word_spell',
  schema: ZWordSpell,
  title_cn: '拼单词',
  guide_cn: '听一听这个单词，用下面的字母把它拼出来。',
  check: (part, book) => [
    ...checkNamedWords(book, part.words),
    ...chooseWords(book, part.words, 4, spellable).flatMap((v, i) =>
      spellable(v)
        ? []
        : [{ field: `words.${i}`, message: `"${v.word}" is too long to spell (2–14 letters)` }],
    ),
    ...needAtLeast(
      chooseWords(book, part.words, 4, spellable).length,
      1,
      'words',
      'words to spell',
    ),
  ],
  texts: () => [],
  build(part, ctx) {
    return {
      type: 'word_spell',
      words: chooseWords(ctx.book, part.words, 4, spellable).map((v) => ({
        ...courseWord(v, ctx),
        keys: letterKeys(v.word),
        answer: v.word,
      })),
    };
  },
};

// ─── word vacancy ──────────────────────────────────────────────────────────────────────────
const ZWordVacancy = z
  .object({ ...base('word_vacancy'), words: ZWordList(1, 6).optional() })
  .strict();
const hasLetters = (v: Vocab) => v.word.replace(/[^A-Za-z]/g, '').length >= 3;
const VOWELS = 'aeiou';

/** The missing letter of a word: a letter (not the first) chosen by the word; choices around it. */
export function vacancyOf(word: string): { pattern: string; answer: string; choices: string[] } {
  const positions = [...word].flatMap((c, i) => (i > 0 && /[A-Za-z]/.test(c) ? [i] : []));
  const at = positions[Math.floor(seededRandom(`vacancy:${word}`)() * positions.length)] ?? 1;
  const answer = (word[at] ?? '').toLowerCase();
  const pool = (VOWELS.includes(answer) ? VOWELS : 'bcdfghklmnprstw')
    .split('')
    .filter((c) => c !== answer);
  const others = shuffled(pool, `vacancy-others:${word}`).slice(0, 2);
  return {
    pattern: `${word.slice(0, at)}_${word.slice(at + 1)}`,
    answer,
    choices: shuffled([answer, ...others], `vacancy-choices:${word}`),
  };
}

/** A word with a letter missing: pick the letter that completes it. */
export const wordVacancy: PartModule<z.infer<typeof ZWordVacancy>> = {
  type: 'word_vacancy',
  schema: ZWordVacancy,
  title_cn: '补全单词',
  guide_cn: '这个单词少了一个字母，听一听，选出少了的字母。',
  check: (part, book) => [
    ...checkNamedWords(book, part.words),
    ...needAtLeast(
      chooseWords(book, part.words, 4, hasLetters).length,
      1,
      'words',
      'words of 3 letters or more',
    ),
  ],
  texts: () => [],
  build(part, ctx) {
    return {
      type: 'word_vacancy',
      words: chooseWords(ctx.book, part.words, 4, hasLetters).map((v) => ({
        ...courseWord(v, ctx),
        ...vacancyOf(v.word),
      })),
    };
  },
};

// ─── sentence match ────────────────────────────────────────────────────────────────────────
const ZSentenceMatch = z
  .object({
    ...base('sentence_match'),
    sentences: z
      .array(ZSentenceRef)
      .min(2, 'needs 2–4 sentences')
      .max(4, 'needs 2–4 sentences')
      .optional(),
  })
  .strict();

/** The first sentence of up to four pages spread over the book. */
function spreadPages(pageCount: number, max: number): number[] {
  if (pageCount <= max) return Array.from({ length: pageCount }, (_, i) => i + 1);
  return Array.from({ length: max }, (_, i) => 1 + Math.round((i * (pageCount - 1)) / (max - 1)));
}

function matchSentences(book: BookText, named: readonly string[] | undefined): string[] {
  return named ? [...named] : spreadPages(book.pages.length, 3).map((p) => `p${p}s1`);
}

/** Pair each sentence (heard when tapped) with its picture. */
export const sentenceMatch: PartModule<z.infer<typeof ZSentenceMatch>> = {
  type: 'sentence_match',
  schema: ZSentenceMatch,
  title_cn: '句子配对',
  guide_cn: '听一听句子，再点一点和它配对的图片。',
  check(part, book) {
    const ids = matchSentences(book, part.sentences);
    const problems = checkSentences(book, ids);
    if (new Set(ids.map(pageOfId)).size !== ids.length) {
      problems.push({
        field: 'sentences',
        message: 'each sentence needs its own picture: different pages',
      });
    }
    return problems;
  },
  texts: () => [],
  build(part, ctx) {
    const sentences = matchSentences(ctx.book, part.sentences).map((id) => ctx.sentence(id));
    return {
      type: 'sentence_match',
      sentences: sentences.map((s) => ({ ...s, answer: `p${s.page}` })),
      pictures: shuffled(
        sentences.map((s) => ({ key: `p${s.page}`, ...s.picture })),
        `sentence-match:${sentences.map((s) => s.id).join()}`,
      ),
    };
  },
};

// ─── sentence spell ────────────────────────────────────────────────────────────────────────
const ZSentenceSpell = z
  .object({
    ...base('sentence_spell'),
    sentences: z
      .array(ZSentenceRef)
      .min(1, 'needs 1–3 sentences')
      .max(3, 'needs 1–3 sentences')
      .optional(),
  })
  .strict();

/** A sentence can be built from tiles when it has 3–7 words and no word twice (one right order). */
function tileable(en: string): boolean {
  const tiles = sentenceTiles(en).map(normalizeSpelling);
  return tiles.length >= 3 && tiles.length <= 7 && new Set(tiles).size === tiles.length;
}

function spellSentences(book: BookText, named: readonly string[] | undefined): string[] {
  if (named) return [...named];
  const all = book.pages.flatMap((p, i) =>
    p.sentences.map((s, j) => ({ id: `p${i + 1}s${j + 1}`, en: s.en })),
  );
  return all
    .filter((s) => tileable(s.en))
    .slice(0, 2)
    .map((s) => s.id);
}

/** Hear a sentence and build it from its word tiles. */
export const sentenceSpell: PartModule<z.infer<typeof ZSentenceSpell>> = {
  type: 'sentence_spell',
  schema: ZSentenceSpell,
  title_cn: '连词成句',
  guide_cn: '听一听句子，按顺序点一点单词卡片，把句子排出来。',
  check(part, book) {
    const ids = spellSentences(book, part.sentences);
    const problems = checkSentences(book, ids);
    ids.forEach((id, i) => {
      const found = findSentence(book, id);
      if (found && !tileable(found.sentence.en)) {
        problems.push({ field: `sentences.${i}`, message: `${id} needs 3–7 words, none twice` });
      }
    });
    return [
      ...problems,
      ...needAtLeast(ids.length, 1, 'sentences', 'sentences of 3–7 different words'),
    ];
  },
  texts: () => [],
  build(part, ctx) {
    return {
      type: 'sentence_spell',
      questions: spellSentences(ctx.book, part.sentences).map((id) => {
        const sentence = ctx.sentence(id);
        const words = sentenceTiles(sentence.en);
        const tiles = shuffled(words, `tiles:${id}:${sentence.en}`).map((text, i) => ({
          key: keyOf(i),
          text,
        }));
        const answer = words.map((w) => tiles.find((t) => t.text === w)?.key ?? '').join('');
        return { sentence, tiles, answer };
      }),
    };
  },
};

// ─── fill blank ────────────────────────────────────────────────────────────────────────────
const ZFillBlank = z.object({ ...base('fill_blank'), words: ZWordList(1, 5).optional() }).strict();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordIn = (sentence: string, word: string) =>
  new RegExp(`(^|[^A-Za-z])(${escapeRegExp(word)})(?![A-Za-z])`, 'i').exec(sentence);
const blankable = (v: Vocab) => wordIn(v.example, v.word) !== null;

/** A sentence of the book with one of the week's words left out: pick the word that fits. */
export const fillBlank: PartModule<z.infer<typeof ZFillBlank>> = {
  type: 'fill_blank',
  schema: ZFillBlank,
  title_cn: '选词填空',
  guide_cn: '句子里少了一个单词，听一听，选出合适的单词放进去。',
  check(part, book) {
    const chosen = chooseWords(book, part.words, 3, blankable);
    return [
      ...checkNamedWords(book, part.words),
      ...chosen.flatMap((v, i) =>
        blankable(v)
          ? []
          : [{ field: `words.${i}`, message: `"${v.word}" is not a whole word of its example` }],
      ),
      ...needAtLeast(chosen.length, 1, 'words', 'words that stand whole in their example'),
      ...needAtLeast(book.vocabulary.length, 3, 'words', 'vocabulary words (choices)'),
    ];
  },
  texts: () => [],
  build(part, ctx) {
    const audioOf = (w: string) => ctx.book.vocabulary.find((v) => v.word === w)?.audio ?? '';
    return {
      type: 'fill_blank',
      questions: chooseWords(ctx.book, part.words, 3, blankable).map((v) => {
        const m = wordIn(v.example, v.word);
        const at = (m?.index ?? 0) + (m?.[1]?.length ?? 0);
        const others = shuffled(
          ctx.book.vocabulary.filter((w) => w.word !== v.word && !wordIn(v.example, w.word)),
          `blank:${v.word}`,
        ).slice(0, 2);
        return {
          sentence: courseWord(v, ctx).example,
          before: v.example.slice(0, at),
          after: v.example.slice(at + (m?.[2]?.length ?? 0)),
          choices: shuffled([v.word, ...others.map((o) => o.word)], `blank-choices:${v.word}`).map(
            (key) => ({
              key,
              audio: audioOf(key),
            }),
          ),
          answer: v.word,
        };
      }),
    };
  },
};

// ─── image classify ────────────────────────────────────────────────────────────────────────
/** Groups by part of speech: a sign a child knows without reading, and a name spoken in the guide. */
const POS_GROUPS = [
  { key: 'thing', pos: ['n.'], icon: 'thing', label_cn: '东西', label_en: 'Things' },
  { key: 'action', pos: ['v.'], icon: 'action', label_cn: '动作', label_en: 'Actions' },
  { key: 'look', pos: ['adj.'], icon: 'look', label_cn: '样子', label_en: 'What it is like' },
] as const;

const ZImageClassify = z
  .object({
    ...base('image_classify'),
    groups: z
      .array(
        z
          .object({
            /** A drawn sign: thing, action, look, sky, sleep, season or tree. */
            icon: ZBasketIcon,
            label_cn: chineseText(1, 6),
            label_en: englishLine,
            words: ZWordList(1, 6),
          })
          .strict(),
      )
      .min(2, 'needs 2–3 groups')
      .max(3, 'needs 2–3 groups')
      .optional(),
  })
  .strict();
type ImageClassifySource = z.infer<typeof ZImageClassify>;

function classifyGroups(book: BookText, part: ImageClassifySource) {
  if (part.groups) {
    return part.groups.map((g, i) => ({
      key: `g${i + 1}`,
      icon: g.icon,
      label_cn: g.label_cn,
      label_en: g.label_en,
      words: g.words,
    }));
  }
  return POS_GROUPS.map((g) => ({
    key: g.key,
    icon: g.icon,
    label_cn: g.label_cn,
    label_en: g.label_en,
    words: book.vocabulary
      .filter((v) => (g.pos as readonly string[]).includes(v.pos))
      .slice(0, 3)
      .map((v) => v.word),
  })).filter((g) => g.words.length > 0);
}

/** Put each word picture into its group (things, actions, what it is like — or the source's groups). */
export const imageClassify: PartModule<ImageClassifySource> = {
  type: 'image_classify',
  schema: ZImageClassify,
  title_cn: '图片分类',
  guide_cn: '这些图片是东西、动作，还是样子？把它们放进对的篮子里。',
  check(part, book) {
    const groups = classifyGroups(book, part);
    const problems: Problems = [];
    (part.groups ?? []).forEach((g, i) => {
      g.words.forEach((w, j) => {
        if (!book.vocabulary.some((v) => v.word === w)) {
          problems.push({
            field: `groups.${i}.words.${j}`,
            message: `"${w}" is not in the book's vocabulary`,
          });
        }
      });
    });
    return [
      ...problems,
      ...needAtLeast(groups.length, 2, 'groups', 'groups of words (name them under groups:)'),
    ];
  },
  texts: () => [],
  build(part, ctx) {
    const groups = classifyGroups(ctx.book, part);
    const items = groups.flatMap((g) =>
      g.words.flatMap((w) => {
        const v = ctx.book.vocabulary.find((x) => x.word === w);
        return v ? [{ ...courseWord(v, ctx), answer: g.key }] : [];
      }),
    );
    return {
      type: 'image_classify',
      groups: groups.map(({ words: _w, ...g }) => g),
      items: shuffled(items, `classify:${items.map((i) => i.word).join()}`),
    };
  },
};

// ─── image sort ────────────────────────────────────────────────────────────────────────────
const ZImageSort = z
  .object({
    ...base('image_sort'),
    pages: z.array(pageNumber).min(3, 'needs 3–5 pages').max(5, 'needs 3–5 pages').optional(),
  })
  .strict();

/** Put the story's pictures back in order. */
export const imageSort: PartModule<z.infer<typeof ZImageSort>> = {
  type: 'image_sort',
  schema: ZImageSort,
  title_cn: '图片排序',
  guide_cn: '故事的图片乱了，按故事的顺序，一张一张点出来。',
  check(part, book) {
    const pages = part.pages ?? spreadPages(book.pages.length, 4);
    const problems = pages.flatMap((p, i) => checkPage(book, p, `pages.${i}`));
    if (pages.some((p, i) => i > 0 && p <= (pages[i - 1] ?? 0))) {
      problems.push({ field: 'pages', message: 'pages must be in story order, each once' });
    }
    return problems;
  },
  texts: () => [],
  build(part, ctx) {
    const pages = part.pages ?? spreadPages(ctx.pageCount, 4);
    const pictures = shuffled(pages, `sort:${pages.join()}`).map((page, i) => ({
      key: keyOf(i),
      page,
      ...ctx.picture(page),
    }));
    return {
      type: 'image_sort',
      pictures,
      answer: pages.map((p) => pictures.find((x) => x.page === p)?.key ?? '').join(''),
    };
  },
};

// ─── reading comprehension ─────────────────────────────────────────────────────────────────
const ZReadingComprehension = z
  .object({
    ...base('reading_comprehension'),
    /** The passage: pages from–to (all of the book when left out, at most 4 pages). */
    pages: z.tuple([pageNumber, pageNumber]).optional(),
    questions: z
      .array(
        z
          .object({
            question_cn: chineseText(4, 40),
            choices: z.array(englishLine).min(2, 'needs 2–3 choices').max(3, 'needs 2–3 choices'),
            answer: z.number().int().min(0),
          })
          .strict(),
      )
      .min(1, 'needs 1–3 questions')
      .max(3, 'needs 1–3 questions')
      .optional(),
  })
  .strict();
type ReadingSource = z.infer<typeof ZReadingComprehension>;

function passagePages(book: BookText, part: ReadingSource): [number, number] {
  return part.pages ?? [1, Math.min(book.pages.length, 4)];
}

/** Without written questions: "which word was in the story?" — one word of the passage, two not. */
function autoQuestions(book: BookText, part: ReadingSource) {
  const [from, to] = passagePages(book, part);
  const text = book.pages
    .slice(from - 1, to)
    .flatMap((p) => p.sentences.map((s) => s.en))
    .join(' ');
  const inside = book.vocabulary.filter((v) => wordIn(text, v.word));
  const outside = book.vocabulary.filter((v) => !wordIn(text, v.word));
  return inside.slice(0, 2).flatMap((v) => {
    const others = shuffled(outside, `reading:${v.word}`).slice(0, 2);
    if (others.length === 0) return [];
    const choices = shuffled([v.word, ...others.map((o) => o.word)], `reading-choices:${v.word}`);
    return [
      {
        question_cn: '故事里说到了哪个单词？',
        choices,
        answer: choices.indexOf(v.word),
        words: true,
      },
    ];
  });
}

/** Listen to (and read) a passage of the story, then answer questions about it. */
export const readingComprehension: PartModule<ReadingSource> = {
  type: 'reading_comprehension',
  schema: ZReadingComprehension,
  title_cn: '阅读理解',
  guide_cn: '先听一段故事，再回答问题。每个答案都可以点一点听一听。',
  check(part, book) {
    const [from, to] = passagePages(book, part);
    const problems = [...checkPage(book, from, 'pages.0'), ...checkPage(book, to, 'pages.1')];
    if (to < from || to - from > 3)
      problems.push({ field: 'pages', message: 'a passage is 1–4 pages, from ≤ to' });
    (part.questions ?? []).forEach((q, i) => {
      if (q.answer >= q.choices.length)
        problems.push({
          field: `questions.${i}.answer`,
          message: `must be 0–${q.choices.length - 1}`,
        });
    });
    if (!part.questions) {
      problems.push(
        ...needAtLeast(
          autoQuestions(book, part).length,
          1,
          'questions',
          'questions (write them: no word of the passage to ask about)',
        ),
      );
    }
    return problems;
  },
  texts: (part) => (part.questions ?? []).flatMap((q) => q.choices),
  build(part, ctx) {
    const [from, to] = passagePages(ctx.book, part);
    const passage: TCourseSentence[] = [];
    for (let p = from; p <= to; p++) {
      for (const [s] of (ctx.book.pages[p - 1]?.sentences ?? []).entries()) {
        passage.push(ctx.sentence(`p${p}s${s + 1}`));
      }
    }
    const wordAudio = (w: string) => ctx.book.vocabulary.find((v) => v.word === w)?.audio;
    const questions = (part.questions ?? autoQuestions(ctx.book, part)).map((q) => ({
      question_cn: q.question_cn,
      choices: q.choices.map((text, i) => {
        const audio = 'words' in q ? wordAudio(text) : undefined;
        return { key: keyOf(i), ...(audio ? { en: text, audio, duration: 0 } : ctx.spoken(text)) };
      }),
      answer: keyOf(q.answer),
    }));
    return { type: 'reading_comprehension', passage, questions };
  },
};
