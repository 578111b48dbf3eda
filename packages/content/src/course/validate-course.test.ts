import { describe, expect, it } from 'vitest';
import type { TBookSource } from '../book-schema';
import { type LoadedWeek, validatePlan, validateWeekSource } from './validate-course';

const book = {
  id: 1101,
  level: 1,
  pages: [
    { sentences: [{ en: 'It is a windy day.', zh: '今天风很大。' }] },
    { sentences: [{ en: 'Dad has a red kite.', zh: '爸爸有一只红风筝。' }] },
    { sentences: [{ en: 'I run with the kite.', zh: '我拉着风筝跑。' }] },
    { sentences: [{ en: 'Up, up, up it goes!', zh: '它往上飞！' }] },
    { sentences: [{ en: 'We go home.', zh: '我们回家。' }] },
  ],
  vocabulary: [
    { word: 'windy', pos: 'adj.', meaning_cn: '有风的', example: 'It is a windy day.' },
    { word: 'kite', pos: 'n.', meaning_cn: '风筝', example: 'Dad has a red kite.' },
    { word: 'red', pos: 'adj.', meaning_cn: '红色的', example: 'Dad has a red kite.' },
    { word: 'home', pos: 'n.', meaning_cn: '家', example: 'We go home.' },
  ],
} as unknown as TBookSource;
const books = new Map([[1101, book]]);
let pid = 101100;
const uuid = () =>
  `6b2d1b21-ebed-40a2-8153-${String(++pid).padStart(12, '0')}`.replace(/^(.{14})./, '$14');
const course = (parts: unknown[] | null) => ({
  uuid: uuid(),
  process_id: pid,
  title_cn: '读一读',
  title_en: 'Read',
  ...(parts ? { parts } : { video: true }),
});
const day = (major: unknown[]) => ({ title_cn: '认识故事', title_en: 'Day', major });
const week = (patch: Record<string, unknown> = {}, firstDay?: unknown[]) => ({
  level: 1,
  week: 1,
  world: 1,
  book: 1101,
  theme_cn: '放风筝',
  theme_en: 'A windy day',
  days: [
    day(firstDay ?? [course(null), course([{ type: 'book_read' }])]),
    ...[2, 3, 4, 5].map(() => day([course([{ type: 'listen_repeat', sentences: ['p1s1'] }])])),
  ],
  ...patch,
});
const ctx = { file: 'content/courses/level-1/week-1.yaml', level: 1, week: 1, books };
const problemsOf = (raw: unknown) =>
  validateWeekSource(raw, ctx).problems.map((p) => `${p.field}: ${p.message}`);

describe('study-plan week validation (docs/course-format.md)', () => {
  it('accepts a correct week', () => {
    expect(validateWeekSource(week(), ctx).problems).toEqual([]);
  });

  it('accepts every word and sentence exercise with nothing but its type (chosen from the book)', () => {
    const types = [
      'word_preview',
      'word_match',
      'word_spell',
      'word_vacancy',
      'sentence_match',
      'sentence_spell',
      'fill_blank',
      'image_classify',
      'image_sort',
      'reading_comprehension',
    ];
    const raw = week({}, [
      course(null),
      course(types.slice(0, 5).map((type) => ({ type }))),
      course(types.slice(5).map((type) => ({ type }))),
    ]);
    expect(problemsOf(raw)).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ['level from the folder', week({ level: 2 }), 'level: must be 1 (the folder)'],
    ['a book of another id', week({ book: 9999 }), 'book: no book with id 9999 in content/books'],
    ['four days', { ...week(), days: week().days.slice(0, 4) }, 'days: needs 5 days'],
    [
      'the video not first',
      week({}, [course([{ type: 'book_read' }]), course(null)]),
      'days.0.major.0: the week opens with its story video: exactly one course with video: true, the first major course of day 1',
    ],
    [
      'an unknown part type',
      week({}, [course(null), course([{ type: 'dance' }])]),
      'days.0.major.1.parts.0.type: unknown part type "dance" (book_read, auto_reading, listen_repeat, listen_train, repeat_self, repeat_train_b, look_picture, subject_content, open_question, production, word_preview, word_match, word_spell, word_vacancy, sentence_match, sentence_spell, fill_blank, image_classify, image_sort, reading_comprehension)',
    ],
    [
      'a word the book does not teach',
      week({}, [course(null), course([{ type: 'word_spell', words: ['cat'] }])]),
      `days.0.major.1.parts.0.words.0: "cat" is not in the book's vocabulary`,
    ],
    [
      'word match with two words on one picture',
      week({}, [course(null), course([{ type: 'word_match', words: ['kite', 'red'] }])]),
      'days.0.major.1.parts.0.words: each word needs its own picture: examples on different pages',
    ],
    [
      'a sentence to build with a word twice',
      week({}, [course(null), course([{ type: 'sentence_spell', sentences: ['p4s1'] }])]),
      'days.0.major.1.parts.0.sentences.0: p4s1 needs 3–7 words, none twice',
    ],
    [
      'classify with one group only',
      week({}, [
        course(null),
        course([
          {
            type: 'image_classify',
            groups: [{ icon: 'thing', label_cn: '东西', label_en: 'Things', words: ['kite'] }],
          },
        ]),
      ]),
      'days.0.major.1.parts.0.groups: needs 2–3 groups',
    ],
    [
      'story pictures out of order',
      week({}, [course(null), course([{ type: 'image_sort', pages: [3, 1, 2] }])]),
      'days.0.major.1.parts.0.pages: pages must be in story order, each once',
    ],
    [
      'sentence match on one page twice',
      week({}, [course(null), course([{ type: 'sentence_match', sentences: ['p2s1', 'p2s1'] }])]),
      'days.0.major.1.parts.0.sentences.1: p2s1 is listed twice',
    ],
    [
      'a sentence the book does not have',
      week({}, [course(null), course([{ type: 'listen_repeat', sentences: ['p9s1'] }])]),
      'days.0.major.1.parts.0.sentences.0: the book has no sentence p9s1',
    ],
    [
      'a bad sentence id',
      week({}, [course(null), course([{ type: 'repeat_self', sentences: ['page1'] }])]),
      'days.0.major.1.parts.0.sentences.0: must name a sentence of the book as p{page}s{n}, e.g. p3s1',
    ],
    [
      'a listen question without the heard page',
      week({}, [
        course(null),
        course([{ type: 'listen_train', questions: [{ say: 'p2s1', choices: [1, 3] }] }]),
      ]),
      'days.0.major.1.parts.0.questions.0.choices: must include page 2, where p2s1 is',
    ],
    [
      'an answer out of range',
      week({}, [
        course(null),
        course([
          {
            type: 'look_picture',
            questions: [
              { page: 1, question_cn: '选一选吧', choices: ['A kite.', 'A bird.'], answer: 2 },
            ],
          },
        ]),
      ]),
      'days.0.major.1.parts.0.questions.0.answer: must be 0–1',
    ],
    [
      'digits in English',
      week({}, [
        course(null),
        course([
          {
            type: 'open_question',
            page: 1,
            question_en: 'How many?',
            question_cn: '有几个？',
            answers: ['I see 3 kites.'],
          },
        ]),
      ]),
      'days.0.major.1.parts.0.answers.0: must not contain digits (write numbers as words)',
    ],
    [
      'a page the book does not have',
      week({}, [course(null), course([{ type: 'book_read', pages: [1, 7] }])]),
      'days.0.major.1.parts.0.pages.1: the book has pages 1–5, not 7',
    ],
  ])('%s', (_, raw, message) => expect(problemsOf(raw)).toContain(message));

  it('checks the plan: uuids and process ids unique, weeks without gaps, one week per book', () => {
    const a = validateWeekSource(week(), ctx).week;
    if (!a) throw new Error('fixture must be valid');
    const weeks: LoadedWeek[] = [
      { file: 'w1', week: a },
      { file: 'w3', week: { ...a, week: 3 } },
    ];
    const messages = validatePlan(weeks).map((p) => `${p.file}: ${p.field}: ${p.message}`);
    expect(messages).toContain('w3: week: level 1 weeks must be numbered 1–2 without gaps');
    expect(
      messages.some(
        (m) => m.startsWith('w3: days.0.major.0.uuid:') && m.includes('also used in w1'),
      ),
    ).toBe(true);
    expect(messages).toContain('w3: book: book 1101 is also the book of w1');
  });
});
