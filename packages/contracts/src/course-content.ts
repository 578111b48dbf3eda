import { z } from 'zod';

/**
 * The content of a course as the player receives it (learning-content §3 "Course: content"): a
 * sequence of parts, one of the part types of §2. Every part type is one entry of
 * `ZCoursePart` (a discriminated union on `type`); docs/course-format.md says how a new type is
 * added (a schema piece here and in packages/content, answer checking in packages/domain, a
 * folder in the web player).
 *
 * Media fields are URLs the server built (the web never makes /media paths itself).
 */

export const ZTimedWord = z.object({
  w: z.string(),
  o: z.number().int(),
  start: z.number(),
  end: z.number(),
});

export const ZPicture = z.object({
  image: z.string(),
  image_small: z.string(),
  placeholder: z.string(),
});
export type TPicture = z.infer<typeof ZPicture>;

/** A sentence of the week's book: `id` is p{page}s{n}, the work-item id of the library. */
export const ZCourseSentence = z.object({
  id: z.string(),
  page: z.number().int(),
  en: z.string(),
  zh: z.string(),
  audio: z.string(),
  duration: z.number(),
  /** The narrator's word times in `audio` (light the words while it plays). */
  words: z.array(ZTimedWord),
  picture: ZPicture,
});
export type TCourseSentence = z.infer<typeof ZCourseSentence>;

/** A book page as reading parts show it; `words` are timed in the page audio (s = sentence). */
export const ZCoursePage = ZPicture.extend({
  page: z.number().int(),
  audio: z.string(),
  duration: z.number(),
  sentences: z.array(z.object({ en: z.string(), zh: z.string() })),
  words: z.array(ZTimedWord.extend({ s: z.number().int() })),
});
export type TCoursePage = z.infer<typeof ZCoursePage>;

/** A hand-written English line with the narrator's audio (choices, questions, model answers). */
export const ZSpokenText = z.object({ en: z.string(), audio: z.string(), duration: z.number() });
export type TSpokenText = z.infer<typeof ZSpokenText>;

/** What every part carries: its id in the course and the spoken Chinese instruction. */
const partBase = {
  /** 1-based position in the course; answer ids are `${part}.${item}`. */
  part: z.number().int(),
  title_cn: z.string(),
  /** The instruction read aloud for a child who cannot read Chinese yet. */
  guide: z.object({ text_cn: z.string(), audio: z.string() }),
};

export const ZBookReadPart = z.object({
  type: z.literal('book_read'),
  ...partBase,
  pages: z.array(ZCoursePage),
});
export const ZAutoReadingPart = z.object({
  type: z.literal('auto_reading'),
  ...partBase,
  pages: z.array(ZCoursePage),
});
export const ZListenRepeatPart = z.object({
  type: z.literal('listen_repeat'),
  ...partBase,
  sentences: z.array(ZCourseSentence),
});
export const ZRepeatSelfPart = z.object({
  type: z.literal('repeat_self'),
  ...partBase,
  sentences: z.array(ZCourseSentence),
});
export const ZRepeatTrainBPart = z.object({
  type: z.literal('repeat_train_b'),
  ...partBase,
  sentences: z.array(ZCourseSentence),
});
export const ZProductionPart = z.object({
  type: z.literal('production'),
  ...partBase,
  sentences: z.array(ZCourseSentence),
});
export const ZListenTrainPart = z.object({
  type: z.literal('listen_train'),
  ...partBase,
  questions: z.array(
    z.object({
      /** What the child hears. */
      say: ZCourseSentence,
      /** Pictures to choose from; `key` is what an answer names. */
      choices: z.array(ZPicture.extend({ key: z.string() })),
      answer: z.string(),
    }),
  ),
});
export const ZLookPicturePart = z.object({
  type: z.literal('look_picture'),
  ...partBase,
  questions: z.array(
    z.object({
      picture: ZPicture,
      question_cn: z.string(),
      choices: z.array(ZSpokenText.extend({ key: z.string() })),
      answer: z.string(),
    }),
  ),
});
export const ZSubjectContentPart = z.object({
  type: z.literal('subject_content'),
  ...partBase,
  /** A short knowledge card about the week's theme, for the parent to read with the child. */
  topic_cn: z.string(),
  text_cn: z.string(),
  key_sentence: ZCourseSentence,
  question: z.object({
    question_cn: z.string(),
    choices: z.array(z.object({ key: z.string(), text: z.string() })),
    answer: z.string(),
  }),
});
export const ZOpenQuestionPart = z.object({
  type: z.literal('open_question'),
  ...partBase,
  picture: ZPicture,
  question: ZSpokenText,
  question_cn: z.string(),
  /** Sentences a child might say; the server scores the recording against the nearest one. */
  answers: z.array(ZSpokenText),
});

/** A word of the week's book as the word parts show it: its narration and its example's page. */
export const ZCourseWord = z.object({
  word: z.string(),
  pos: z.string(),
  meaning_cn: z.string(),
  audio: z.string(),
  /** The book's sentence that uses the word (its picture is the word's picture). */
  example: ZCourseSentence,
});
export type TCourseWord = z.infer<typeof ZCourseWord>;

/** A word to hear and tap among others (keys are the words). */
export const ZWordPreviewPart = z.object({
  type: z.literal('word_preview'),
  ...partBase,
  words: z.array(ZCourseWord.extend({ choices: z.array(z.string()), answer: z.string() })),
});
/** Words to pair with their pictures; `pictures` are the words' keys in the order shown. */
export const ZWordMatchPart = z.object({
  type: z.literal('word_match'),
  ...partBase,
  words: z.array(ZCourseWord.extend({ answer: z.string() })),
  pictures: z.array(ZPicture.extend({ key: z.string() })),
});
/** Words to spell on the letter keyboard (`keys`: the word's letters and a few others). */
export const ZWordSpellPart = z.object({
  type: z.literal('word_spell'),
  ...partBase,
  words: z.array(ZCourseWord.extend({ keys: z.array(z.string()), answer: z.string() })),
});
/** Words with a missing letter (`_` in `pattern`) to pick from `choices`. */
export const ZWordVacancyPart = z.object({
  type: z.literal('word_vacancy'),
  ...partBase,
  words: z.array(
    ZCourseWord.extend({ pattern: z.string(), choices: z.array(z.string()), answer: z.string() }),
  ),
});
/** Sentences to pair with their pictures (keys p{page}). */
export const ZSentenceMatchPart = z.object({
  type: z.literal('sentence_match'),
  ...partBase,
  sentences: z.array(ZCourseSentence.extend({ answer: z.string() })),
  pictures: z.array(ZPicture.extend({ key: z.string() })),
});
/** A heard sentence to build from its word tiles; `answer` is the tiles' keys in order. */
export const ZSentenceSpellPart = z.object({
  type: z.literal('sentence_spell'),
  ...partBase,
  questions: z.array(
    z.object({
      sentence: ZCourseSentence,
      tiles: z.array(z.object({ key: z.string(), text: z.string() })),
      answer: z.string(),
    }),
  ),
});
/** A sentence of the book with a word left out, and words (heard when tapped) to fill it. */
export const ZFillBlankPart = z.object({
  type: z.literal('fill_blank'),
  ...partBase,
  questions: z.array(
    z.object({
      sentence: ZCourseSentence,
      before: z.string(),
      after: z.string(),
      choices: z.array(z.object({ key: z.string(), audio: z.string() })),
      answer: z.string(),
    }),
  ),
});
/** The signs a basket of image_classify may carry (drawn by the player, no reading needed). */
export const BASKET_ICONS = ['thing', 'action', 'look', 'sky', 'sleep', 'season', 'tree'] as const;
export const ZBasketIcon = z.enum(BASKET_ICONS);
export type TBasketIcon = z.infer<typeof ZBasketIcon>;

/** Word pictures to put into groups (each group a drawn sign and a spoken name). */
export const ZImageClassifyPart = z.object({
  type: z.literal('image_classify'),
  ...partBase,
  groups: z.array(
    z.object({ key: z.string(), icon: ZBasketIcon, label_cn: z.string(), label_en: z.string() }),
  ),
  items: z.array(ZCourseWord.extend({ answer: z.string() })),
});
/** The story's pictures, shuffled, to put back in order; `answer` is their keys in order. */
export const ZImageSortPart = z.object({
  type: z.literal('image_sort'),
  ...partBase,
  pictures: z.array(ZPicture.extend({ key: z.string(), page: z.number().int() })),
  answer: z.string(),
});
/** A passage of the story read aloud, and questions about it (choices heard when tapped). */
export const ZReadingComprehensionPart = z.object({
  type: z.literal('reading_comprehension'),
  ...partBase,
  passage: z.array(ZCourseSentence),
  questions: z.array(
    z.object({
      question_cn: z.string(),
      choices: z.array(ZSpokenText.extend({ key: z.string() })),
      answer: z.string(),
    }),
  ),
});

export const ZCoursePart = z.discriminatedUnion('type', [
  ZBookReadPart,
  ZAutoReadingPart,
  ZListenRepeatPart,
  ZListenTrainPart,
  ZRepeatSelfPart,
  ZRepeatTrainBPart,
  ZLookPicturePart,
  ZSubjectContentPart,
  ZOpenQuestionPart,
  ZProductionPart,
  ZWordPreviewPart,
  ZWordMatchPart,
  ZWordSpellPart,
  ZWordVacancyPart,
  ZSentenceMatchPart,
  ZSentenceSpellPart,
  ZFillBlankPart,
  ZImageClassifyPart,
  ZImageSortPart,
  ZReadingComprehensionPart,
]);
export type TCoursePart = z.infer<typeof ZCoursePart>;
export type TCoursePartType = TCoursePart['type'];
export type TCoursePartOf<T extends TCoursePartType> = Extract<TCoursePart, { type: T }>;

/** The story video of a week (its own screen, /learning/video/{processId}). */
export const ZCourseVideo = z.object({
  url: z.string(),
  poster: z.string(),
  /** WebVTT English subtitles. */
  subtitles: z.string(),
  duration: z.number(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TCourseVideo = z.infer<typeof ZCourseVideo>;

export const ZCourseContent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('video'), video: ZCourseVideo }),
  z.object({ kind: z.literal('parts'), parts: z.array(ZCoursePart).min(1) }),
]);
export type TCourseContent = z.infer<typeof ZCourseContent>;
