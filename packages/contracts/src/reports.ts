import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { INT4_MAX } from './ids';
import { ZImageSet } from './library';
import { routes } from './routes';
import { ZBalances, ZSubmitCourse } from './study-plan';

/**
 * Placement test, learning reports, posters and the parents' space (learning-content §2, §7;
 * decisions 062–064).
 */
const id = (name: string) =>
  z.coerce.number().int().min(1, `${name} 无效`).max(INT4_MAX, `${name} 无效`);
const level = z.coerce.number().int().min(1, 'level 为 1–6').max(6, 'level 为 1–6');

// ---- Placement test ---------------------------------------------------------------------------

export const ZGradeWordsQuery = z.object({
  age: z.coerce.number().int().min(2, 'age 为 2–15').max(15, 'age 为 2–15'),
  grade: z.coerce.number().int().min(0, 'grade 为 0–9').max(9, 'grade 为 0–9'),
});
export const ZGradeWord = z.object({
  id: z.string(),
  level: z.number().int(),
  word: z.string(),
  meaning_cn: z.string(),
  audio: z.string(),
});
export const ZGradeWords = z.object({
  /** Where the age and grade alone would start the quiz. */
  basis_level: z.number().int(),
  words: z.array(ZGradeWord),
});

/** "itemId:choice" pairs, comma separated, in the order answered. */
const ZAnswerPairs = z
  .string()
  .max(2000)
  .regex(/^([\w-]+:[a-c](,[\w-]+:[a-c])*)?$/, 'answers 格式为 id:choice,id:choice')
  .default('');
export const ZGradeQuizQuery = z.object({
  start: level,
  answers: ZAnswerPairs,
});
export const ZQuizOption = z.object({
  key: z.enum(['a', 'b', 'c']),
  text: z.string().nullable(),
  image: z.string().nullable(),
});
export const ZQuizItem = z.object({
  id: z.string(),
  level: z.number().int(),
  /** listen: hear a sentence, pick its picture; read: see a picture, pick its sentence. */
  kind: z.enum(['listen', 'read']),
  audio: z.string().nullable(),
  image: z.string().nullable(),
  options: z.array(ZQuizOption),
});
export const ZGradeQuiz = z.object({
  /** The level the next question is asked at (the staircase after the answers so far). */
  level: z.number().int(),
  asked: z.number().int(),
  total: z.number().int(),
  done: z.boolean(),
  item: ZQuizItem.nullable(),
});
export type TGradeQuiz = z.infer<typeof ZGradeQuiz>;
export type TQuizItem = z.infer<typeof ZQuizItem>;

export const ZGradingBody = z.object({
  age: z.number().int().min(2, 'age 为 2–15').max(15, 'age 为 2–15'),
  grade: z.number().int().min(0, 'grade 为 0–9').max(9, 'grade 为 0–9'),
  /** Ids of the vocabulary-check words the child knew. */
  known_words: z.array(z.string().max(64)).max(100),
  /** Ids of the vocabulary-check words shown. */
  shown_words: z.array(z.string().max(64)).max(100),
  answers: z
    .array(z.object({ id: z.string().max(64), choice: z.enum(['a', 'b', 'c']) }))
    .min(1, '至少回答一道题')
    .max(20),
});
export const ZGradingResult = z.object({
  /** The recommended level; the child's level changes only when the parent confirms (decision 095). */
  level: z.number().int(),
  /** The level the child follows now (unchanged by the test). */
  current_level: z.number().int(),
  quiz_level: z.number().int(),
  vocabulary_level: z.number().int(),
  /** The level the quiz started at. */
  start_level: z.number().int(),
  quiz_right: z.number().int(),
  quiz_total: z.number().int(),
  words_known: z.number().int(),
  words_shown: z.number().int(),
  /** The evidence: per level asked, lowest first, how many questions and how many right. */
  by_level: z.array(
    z.object({ level: z.number().int(), right: z.number().int(), total: z.number().int() }),
  ),
});
export type TGradingResult = z.infer<typeof ZGradingResult>;

// ---- Course reports and redo -----------------------------------------------------------------

export const ZReportQuery = z.object({ report_id: id('report_id') });
export const ZReportItem = z.object({
  id: z.string(),
  part: z.number().int(),
  part_type: z.string(),
  exam_type: z.number().int(),
  kind: z.enum(['speak', 'choice', 'read', 'spell']),
  score: z.number().int(),
  answered: z.boolean(),
  /** The sentence or word (speak and spell items). */
  text: z.string().nullable(),
  /** The child's recording (signed for the viewer), null for other items. */
  audio_url: z.string().nullable(),
});
export const ZReportPart = z.object({
  part: z.number().int(),
  part_type: z.string(),
  score: z.number().int(),
  answered: z.number().int(),
  total: z.number().int(),
});
export const ZReportCourse = z.object({
  uuid: z.string(),
  process_id: z.number().int(),
  title_cn: z.string(),
  title_en: z.string(),
  level: z.number().int(),
  week: z.number().int(),
  stage: z.number().int(),
  book_id: z.number().int(),
});
export const ZCourseReport = z.object({
  report_id: z.number().int(),
  course: ZReportCourse,
  score: z.number().int(),
  stars: z.number().int(),
  /** Seconds. */
  study_time: z.number().int(),
  created_at: z.number().int(),
  /** Items replaced by a better redo. */
  redo_count: z.number().int(),
  parts: z.array(ZReportPart),
  items: z.array(ZReportItem),
  reward: z.object({ coins: z.number().int(), diamonds: z.number().int() }),
});
export type TCourseReport = z.infer<typeof ZCourseReport>;

export const ZReportRedoQuery = z.object({
  report_id: id('report_id'),
  course_id: id('course_id'),
});
export const ZReportRedo = z.object({
  report_id: z.number().int(),
  process_id: z.number().int(),
  uuid: z.string(),
  /** Items below three stars, to do again (all of them when none is). */
  redo_ids: z.array(z.string()),
  items: z.array(ZReportItem),
});
/** type 0: every recorded sentence or word; 1: those below three stars. */
export const ZRedoTypeQuery = z.object({
  report_id: id('report_id'),
  type: z.coerce.number().int().min(0, 'type 为 0 或 1').max(1, 'type 为 0 或 1').default(0),
});
export const ZRedoWords = z.object({
  report_id: z.number().int(),
  type: z.number().int(),
  items: z.array(ZReportItem),
});
export const ZRedoPronounceBody = z.object({
  report_id: z.number().int().min(1, 'report_id 无效').max(INT4_MAX),
  type: z.number().int().min(0).max(1).default(0),
  answers: z
    .array(z.object({ id: z.string().max(16), audio_url: z.string().min(1).max(2048) }))
    .min(1, 'answers 不能为空')
    .max(100),
});
export const ZRedoResult = z.object({
  report_id: z.number().int(),
  score: z.number().int(),
  stars: z.number().int(),
  /** Items whose score this redo replaced (it was better). */
  improved: z.array(z.string()),
  items: z.array(ZReportItem),
  /** What this redo paid (a course's worth is paid once; a better score pays only the rest). */
  reward: z.object({ coins: z.number().int(), diamonds: z.number().int() }),
  balances: ZBalances,
});
export type TRedoResult = z.infer<typeof ZRedoResult>;
export const ZReportRedoBody = ZSubmitCourse.extend({
  report_id: z.number().int().min(1, 'report_id 无效').max(INT4_MAX, 'report_id 无效'),
});

// ---- Report cards, book reports, read reports, stars, awards ---------------------------------

export const ZReportCardsQuery = z.object({ level });
export const ZReportCard = z.object({
  book_id: z.number().int(),
  week: z.number().int(),
  title_cn: z.string(),
  title_en: z.string(),
  cover: ZImageSet,
  courses_done: z.number().int(),
  course_num: z.number().int(),
  /** Mean best score of the finished courses (0 without). */
  score: z.number().int(),
  stars: z.number().int(),
  last_report_id: z.number().int().nullable(),
  /** Minutes learned with the book (courses and learning screens), as its book report sums them. */
  minutes: z.number().int(),
});
export const ZReportCards = z.object({ level: z.number().int(), cards: z.array(ZReportCard) });
export type TReportCards = z.infer<typeof ZReportCards>;

export const ZBookReportParams = z.object({ id: id('id') });
export const ZSoundScore = z.object({
  sound: z.string(),
  score: z.number().int(),
  count: z.number().int(),
});
export const ZBookReport = z.object({
  book: z.object({
    id: z.number().int(),
    title_cn: z.string(),
    title_en: z.string(),
    level: z.number().int(),
    cover: ZImageSet,
  }),
  courses: z.array(
    z.object({
      process_id: z.number().int(),
      title_cn: z.string(),
      score: z.number().int(),
      stars: z.number().int(),
      report_id: z.number().int().nullable(),
      study_time: z.number().int(),
    }),
  ),
  /** Minutes per China day (courses and reading of this book). */
  daily_minutes: z.array(z.object({ day: z.string(), minutes: z.number().int() })),
  words: z.object({ learned: z.number().int(), total: z.number().int() }),
  pronunciation: z.object({
    trend: z.array(
      z.object({ week: z.string(), score: z.number().int(), count: z.number().int() }),
    ),
    strongest: z.array(ZSoundScore),
    weakest: z.array(ZSoundScore),
  }),
});
export type TBookReport = z.infer<typeof ZBookReport>;

/**
 * A run through a book (a work) by what was actually scored in it (decision 098): a run left
 * after one sentence of five at 99 is 「读了 1/5 句 · 99 分」, not the ranking's 20. Runs with nothing
 * scored are not listed.
 */
export const ZReadReportSummary = z.object({
  uuid: z.string(),
  /** The work: /library/production/{book_id}/{work_id} plays it. */
  work_id: z.number().int(),
  book_id: z.number().int(),
  title_cn: z.string(),
  title_en: z.string(),
  cover: ZImageSet,
  type: z.number().int(),
  /** Mean of the scored items' best scores (items not read do not count). */
  score: z.number().int(),
  /** Items with a scored reading. */
  items: z.number().int(),
  /** Items of the book in this mode (sentences for repeat, pages for speak). */
  item_total: z.number().int(),
  /** Every item was scored. */
  complete: z.boolean(),
  created_at: z.number().int(),
});
export const ZReadReports = z.object({ list: z.array(ZReadReportSummary) });
export const ZReadReportQuery = z.object({ uuid: z.string().min(1, 'uuid 不能为空').max(64) });
export const ZReadReport = ZReadReportSummary.extend({
  sentences: z.array(
    z.object({
      content_id: z.string(),
      page: z.number().int(),
      text: z.string(),
      score: z.number().int(),
      audio_url: z.string(),
    }),
  ),
});

export const ZStarsQuery = z.object({ level });
export const ZStars = z.object({
  level: z.number().int(),
  total: z.number().int(),
  /** Stars of the level at most (3 per course). */
  possible: z.number().int(),
  weeks: z.array(
    z.object({
      week: z.number().int(),
      title_cn: z.string(),
      stars: z.number().int(),
      courses: z.array(
        z.object({
          process_id: z.number().int(),
          title_cn: z.string(),
          stage: z.number().int(),
          stars: z.number().int(),
        }),
      ),
    }),
  ),
});
export type TStars = z.infer<typeof ZStars>;

/** my_award?currency=coins: one balance's entries (the top bar's pills open them). */
export const ZMyEarningsQuery = z.object({
  currency: z
    .enum(['coins', 'credits', 'diamonds'], { message: 'currency 为 coins、credits 或 diamonds' })
    .optional(),
});

export const ZMyEarnings = z.object({
  balances: ZBalances,
  /** Everything ever earned, per balance. */
  totals: z.object({
    coins: z.number().int(),
    credits: z.number().int(),
    diamonds: z.number().int(),
  }),
  /**
   * Latest entries first (at most 50): earnings only, or with `currency` that balance's earnings
   * and spendings (amount below 0).
   */
  list: z.array(
    z.object({
      reason: z.string(),
      /** What it was for, one word the screens translate (ledgerReasonKind). */
      kind: z.string(),
      title_cn: z.string(),
      /** The book it was for (reading, sharing, the reading challenge), or null. */
      book_title: z.string().nullable(),
      currency: z.string(),
      amount: z.number().int(),
      created_at: z.number().int(),
    }),
  ),
});
export type TMyEarnings = z.infer<typeof ZMyEarnings>;

// ---- Posters --------------------------------------------------------------------------------

export const ZPosterBody = z.object({
  /** The report (course report id, or book id for a book report). */
  id: z.number().int().min(1, 'id 无效').max(INT4_MAX, 'id 无效'),
  user_id: z.number().int().min(1, 'user_id 无效').max(INT4_MAX, 'user_id 无效'),
  /** What the poster shows: course (a course report) or book (a book report). */
  arg: z.enum(['course', 'book']).default('course'),
});
export const ZPoster = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TPoster = z.infer<typeof ZPoster>;

// ---- Parent space ---------------------------------------------------------------------------

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'reminder_time 为 HH:MM');
export const ZLearnSetting = z.object({
  /** Daily goal in minutes. */
  daily_minutes: z
    .number()
    .int()
    .min(5, 'daily_minutes 为 5–120')
    .max(120, 'daily_minutes 为 5–120'),
  /** Study days of the week, 1 Monday … 7 Sunday. */
  study_days: z
    .array(z.number().int().min(1, 'study_days 为 1–7').max(7, 'study_days 为 1–7'))
    .min(1, '至少选择一天')
    .max(7),
  reminder_time: hhmm.nullable(),
  level: z.number().int().min(1, 'level 为 1–6').max(6, 'level 为 1–6'),
});
export type TLearnSetting = z.infer<typeof ZLearnSetting>;

export const ZParentSpace = z.object({
  child: z.object({ nickname: z.string(), avatar: z.string(), level: z.number().int() }),
  today_minutes: z.number().int(),
  week: z.object({
    minutes: z.number().int(),
    courses: z.number().int(),
    books: z.number().int(),
    words: z.number().int(),
  }),
  /** Minutes per China day for the last 7 days (oldest first). */
  daily_minutes: z.array(z.object({ day: z.string(), minutes: z.number().int() })),
  totals: z.object({
    days: z.number().int(),
    books: z.number().int(),
    courses: z.number().int(),
    words: z.number().int(),
    stars: z.number().int(),
  }),
  unread_messages: z.number().int(),
  learn_setting: ZLearnSetting,
});
export type TParentSpace = z.infer<typeof ZParentSpace>;

/** What a learning screen was: reading (and listening to it), repeating, speaking, word practice. */
export const ZStudyKind = z.enum(['read', 'repeat', 'speak', 'words']);
export type TStudyKind = z.infer<typeof ZStudyKind>;

/**
 * POST /api/v1/user/study_time (decision 091): seconds a learning screen was open and visible
 * since its last report; the server adds at most the time that really passed.
 */
export const ZStudyTimeRequest = z.object({
  /** The book the screen is about; 0 when it is about none. */
  book_id: z.number().int().min(0, 'book_id 无效').max(INT4_MAX, 'book_id 无效'),
  kind: ZStudyKind,
  seconds: z.number().min(0, 'seconds 为 0–3600').max(3600, 'seconds 为 0–3600'),
});
export type TStudyTimeRequest = z.infer<typeof ZStudyTimeRequest>;
export const ZStudyTimeResult = z.object({
  /** Seconds this report added (less than sent when sent faster than the clock allows). */
  added: z.number(),
});
export type TStudyTimeResult = z.infer<typeof ZStudyTimeResult>;

export const ZMessagesQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
});
export const ZParentMessage = z.object({
  id: z.number().int(),
  /** weekly (summary), reward, order, feedback (an answer to the parent's feedback). */
  kind: z.enum(['weekly', 'reward', 'order', 'feedback', 'system']),
  title: z.string(),
  body: z.string(),
  /** An in-app path the message leads to, if any. */
  link: z.string().nullable(),
  clicked: z.boolean(),
  created_at: z.number().int(),
});
export const ZParentMessages = z.object({
  list: z.array(ZParentMessage),
  unread: z.number().int(),
  current_page: z.number().int(),
  page_count: z.number().int(),
});
export type TParentMessages = z.infer<typeof ZParentMessages>;
export const ZClickMessage = z.object({ id: z.number().int().min(1, 'id 无效').max(INT4_MAX) });
export const ZClickMessageResult = z.object({ id: z.number().int(), unread: z.number().int() });

export const ZFeedbackBody = z.object({
  content: z.string().trim().min(5, '请至少写 5 个字').max(1000, '最多 1000 字'),
  contact: z.string().trim().max(64).default(''),
  /** An optional screenshot as a data URL (PNG or JPEG, at most ~1 MB). */
  screenshot: z
    .string()
    .max(1_400_000, '截图太大')
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, '截图须为 PNG 或 JPEG')
    .nullable()
    .default(null),
});
export const ZFeedbackResult = z.object({ id: z.number().int() });

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const reportsEndpoints = {
  gradeWords: {
    ...routes.gradeWords,
    summary: 'Placement test: the vocabulary check (words of every level) and the starting level',
    tags: ['reports'],
    query: ZGradeWordsQuery,
    response: ZGradeWords,
  },
  gradeQuiz: {
    ...routes.gradeQuiz,
    summary:
      'Placement test: the next listening or reading question, adapted to the answers so far',
    tags: ['reports'],
    query: ZGradeQuizQuery,
    response: ZGradeQuiz,
  },
  grading: {
    ...routes.grading,
    summary:
      'Finish the placement test: answers scored on the server, the recommended level and its evidence (the level is not changed)',
    tags: ['reports'],
    body: ZGradingBody,
    response: ZGradingResult,
  },
  report: {
    ...routes.report,
    summary: 'A course report: accuracy per part, every item (recordings signed), time, reward',
    tags: ['reports'],
    query: ZReportQuery,
    response: ZCourseReport,
  },
  reportRedo: {
    ...routes.reportRedo,
    summary: 'What to redo of a course report: the items below three stars',
    tags: ['reports'],
    query: ZReportRedoQuery,
    response: ZReportRedo,
  },
  reportRedoCoreWords: {
    ...routes.reportRedoCoreWords,
    summary: 'The word items of a report (type 1: below three stars)',
    tags: ['reports'],
    query: ZRedoTypeQuery,
    response: ZRedoWords,
  },
  reportRedoPronounce: {
    ...routes.reportRedoPronounce,
    summary: 'The recorded sentences and words of a report (type 1: below three stars)',
    tags: ['reports'],
    query: ZRedoTypeQuery,
    response: ZRedoWords,
  },
  submitRedoPronounce: {
    ...routes.submitRedoPronounce,
    summary: 'New recordings for a report’s sentences: judged, a better score replaces the item’s',
    tags: ['reports'],
    body: ZRedoPronounceBody,
    response: ZRedoResult,
  },
  submitReportRedo: {
    ...routes.submitReportRedo,
    summary: 'Redo a course of a report: better item scores replace, the reward stays once',
    tags: ['reports'],
    body: ZReportRedoBody,
    response: ZRedoResult,
  },
  reportCards: {
    ...routes.reportCards,
    summary: 'Report cards of a level: one per week’s book, with courses done, score and stars',
    tags: ['reports'],
    query: ZReportCardsQuery,
    response: ZReportCards,
  },
  bookReport: {
    ...routes.bookReport,
    summary:
      'A book report: courses, minutes per day, words learned, pronunciation by week and sound',
    tags: ['reports'],
    params: ZBookReportParams,
    response: ZBookReport,
  },
  readReports: {
    ...routes.readReports,
    summary: 'The child’s read reports (recorded runs through books), latest first',
    tags: ['reports'],
    response: ZReadReports,
  },
  readReport: {
    ...routes.readReport,
    summary: 'One read report by run uuid: every recorded sentence with its score and recording',
    tags: ['reports'],
    query: ZReadReportQuery,
    response: ZReadReport,
  },
  userStars: {
    ...routes.userStars,
    summary: 'Stars of a level by week and course',
    tags: ['reports'],
    query: ZStarsQuery,
    response: ZStars,
  },
  myAward: {
    ...routes.myAward,
    summary: 'What the child has earned: balances, totals and the latest entries of one balance',
    tags: ['reports'],
    query: ZMyEarningsQuery,
    response: ZMyEarnings,
  },
  poster: {
    ...routes.poster,
    summary: 'Render a report poster (PNG, with a QR code to the product) on this server',
    tags: ['reports'],
    body: ZPosterBody,
    response: ZPoster,
  },
  posterV2: {
    ...routes.posterV2,
    summary: 'Render a report poster (same as /api/poster; answers the image size too)',
    tags: ['reports'],
    body: ZPosterBody,
    response: ZPoster,
  },
  parentSpace: {
    ...routes.parentSpace,
    summary: 'The parents’ overview: today, this week, totals, unread messages, learn setting',
    tags: ['parents'],
    response: ZParentSpace,
  },
  learnSetting: {
    ...routes.learnSetting,
    summary: 'Save the learn setting: daily goal, study days, reminder time, level',
    tags: ['parents'],
    body: ZLearnSetting,
    response: ZLearnSetting,
  },
  studyTime: {
    ...routes.studyTime,
    summary:
      'Seconds a learning screen (read, repeat, speak, words) was open since its last report; adds at most the time that passed',
    tags: ['parents'],
    body: ZStudyTimeRequest,
    response: ZStudyTimeResult,
  },
  parentMessages: {
    ...routes.parentMessages,
    summary: 'Messages the system wrote to the parent (weekly summary, rewards, orders, answers)',
    tags: ['parents'],
    query: ZMessagesQuery,
    response: ZParentMessages,
  },
  clickMessage: {
    ...routes.clickMessage,
    summary: 'Mark a message read',
    tags: ['parents'],
    body: ZClickMessage,
    response: ZClickMessageResult,
  },
  feedback: {
    ...routes.feedback,
    summary: 'A parent’s feedback (with an optional screenshot), answered in the messages',
    tags: ['parents'],
    body: ZFeedbackBody,
    response: ZFeedbackResult,
  },
} as const satisfies AreaEndpoints;
