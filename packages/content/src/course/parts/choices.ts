import { z } from 'zod';
import {
  checkPage,
  chineseText,
  englishLine,
  findSentence,
  type PartModule,
  pageNumber,
  SENTENCE_ID,
  ZSentenceRef,
} from '../part-kit';

const KEYS = 'abcd';
const keyOf = (i: number) => KEYS[i] ?? String(i);

const ZListenTrain = z
  .object({
    type: z.literal('listen_train'),
    title_cn: chineseText(2, 12).optional(),
    questions: z
      .array(
        z
          .object({
            /** The sentence the child hears; its page is the right picture. */
            say: ZSentenceRef,
            /** Pages whose pictures are offered (2–4, the heard sentence's page among them). */
            choices: z.array(pageNumber).min(2, 'needs 2–4 pictures').max(4, 'needs 2–4 pictures'),
          })
          .strict(),
      )
      .min(1, 'needs 1–5 questions')
      .max(5, 'needs 1–5 questions'),
  })
  .strict();
type ListenTrainSource = z.infer<typeof ZListenTrain>;

/** Hear a sentence of the story and pick its picture. */
export const listenTrain: PartModule<ListenTrainSource> = {
  type: 'listen_train',
  schema: ZListenTrain,
  title_cn: '听音选图',
  guide_cn: '听一听，是哪一幅图？用小手点一点。',
  check(part, book) {
    return part.questions.flatMap((q, i) => {
      const found = findSentence(book, q.say);
      const problems = [
        ...(found
          ? []
          : [{ field: `questions.${i}.say`, message: `the book has no sentence ${q.say}` }]),
        ...q.choices.flatMap((p, j) => checkPage(book, p, `questions.${i}.choices.${j}`)),
      ];
      if (new Set(q.choices).size !== q.choices.length) {
        problems.push({ field: `questions.${i}.choices`, message: 'pictures must all differ' });
      }
      const page = Number(SENTENCE_ID.exec(q.say)?.[1]);
      if (found && !q.choices.includes(page)) {
        problems.push({
          field: `questions.${i}.choices`,
          message: `must include page ${page}, where ${q.say} is`,
        });
      }
      return problems;
    });
  },
  texts: () => [],
  build(part, ctx) {
    return {
      type: 'listen_train',
      questions: part.questions.map((q) => {
        const say = ctx.sentence(q.say);
        return {
          say,
          choices: q.choices.map((p) => ({ key: `p${p}`, ...ctx.picture(p) })),
          answer: `p${say.page}`,
        };
      }),
    };
  },
};

const ZLookPicture = z
  .object({
    type: z.literal('look_picture'),
    title_cn: chineseText(2, 12).optional(),
    questions: z
      .array(
        z
          .object({
            page: pageNumber,
            question_cn: chineseText(4, 40),
            /** English sentences to choose from (heard when tapped). */
            choices: z.array(englishLine).min(2, 'needs 2–4 choices').max(4, 'needs 2–4 choices'),
            /** Index of the right choice (from 0). */
            answer: z.number().int().min(0),
          })
          .strict(),
      )
      .min(1, 'needs 1–5 questions')
      .max(5, 'needs 1–5 questions'),
  })
  .strict();
type LookPictureSource = z.infer<typeof ZLookPicture>;

/** Look at a picture of the story and pick the sentence that tells it. */
export const lookPicture: PartModule<LookPictureSource> = {
  type: 'look_picture',
  schema: ZLookPicture,
  title_cn: '看图选句',
  guide_cn: '看看这幅图，哪一句说得对？点一点喇叭可以听。',
  check(part, book) {
    return part.questions.flatMap((q, i) => [
      ...checkPage(book, q.page, `questions.${i}.page`),
      ...(q.answer < q.choices.length
        ? []
        : [{ field: `questions.${i}.answer`, message: `must be 0–${q.choices.length - 1}` }]),
      ...(new Set(q.choices).size === q.choices.length
        ? []
        : [{ field: `questions.${i}.choices`, message: 'choices must all differ' }]),
    ]);
  },
  texts: (part) => part.questions.flatMap((q) => q.choices),
  build(part, ctx) {
    return {
      type: 'look_picture',
      questions: part.questions.map((q) => ({
        picture: ctx.picture(q.page),
        question_cn: q.question_cn,
        choices: q.choices.map((text, i) => ({ key: keyOf(i), ...ctx.spoken(text) })),
        answer: keyOf(q.answer),
      })),
    };
  },
};

const ZSubjectContent = z
  .object({
    type: z.literal('subject_content'),
    title_cn: chineseText(2, 12).optional(),
    topic_cn: chineseText(2, 16),
    /** The knowledge card, for a parent to read with the child. */
    text_cn: chineseText(20, 200),
    /** A sentence of the book that goes with the topic (heard on the card). */
    key_sentence: ZSentenceRef,
    question: z
      .object({
        question_cn: chineseText(4, 40),
        choices: z
          .array(z.string().trim().min(1).max(24))
          .min(2, 'needs 2–4 choices')
          .max(4, 'needs 2–4 choices'),
        answer: z.number().int().min(0),
      })
      .strict(),
  })
  .strict();
type SubjectContentSource = z.infer<typeof ZSubjectContent>;

/** A knowledge card about the week's theme, and one question about it. */
export const subjectContent: PartModule<SubjectContentSource> = {
  type: 'subject_content',
  schema: ZSubjectContent,
  title_cn: '主题小知识',
  guide_cn: '请爸爸妈妈读一读小知识卡片，再一起回答问题。',
  check(part, book) {
    const q = part.question;
    return [
      ...(findSentence(book, part.key_sentence)
        ? []
        : [{ field: 'key_sentence', message: `the book has no sentence ${part.key_sentence}` }]),
      ...(q.answer < q.choices.length
        ? []
        : [{ field: 'question.answer', message: `must be 0–${q.choices.length - 1}` }]),
    ];
  },
  texts: () => [],
  build(part, ctx) {
    return {
      type: 'subject_content',
      topic_cn: part.topic_cn,
      text_cn: part.text_cn,
      key_sentence: ctx.sentence(part.key_sentence),
      question: {
        question_cn: part.question.question_cn,
        choices: part.question.choices.map((text, i) => ({ key: keyOf(i), text })),
        answer: keyOf(part.question.answer),
      },
    };
  },
};

const ZOpenQuestion = z
  .object({
    type: z.literal('open_question'),
    title_cn: chineseText(2, 12).optional(),
    /** The picture the question is about. */
    page: pageNumber,
    question_en: englishLine,
    question_cn: chineseText(4, 40),
    /** Sentences a child might answer with (the nearest one scores the recording). */
    answers: z
      .array(englishLine)
      .min(1, 'needs 1–4 model answers')
      .max(4, 'needs 1–4 model answers'),
  })
  .strict();
type OpenQuestionSource = z.infer<typeof ZOpenQuestion>;

/** A question about the story or the child's own life, answered by speaking. */
export const openQuestion: PartModule<OpenQuestionSource> = {
  type: 'open_question',
  schema: ZOpenQuestion,
  title_cn: '开口说',
  guide_cn: '听听这个问题，按下话筒，用英语说出你的回答吧！',
  check: (part, book) => checkPage(book, part.page, 'page'),
  texts: (part) => [part.question_en, ...part.answers],
  build(part, ctx) {
    return {
      type: 'open_question',
      picture: ctx.picture(part.page),
      question: ctx.spoken(part.question_en),
      question_cn: part.question_cn,
      answers: part.answers.map((a) => ctx.spoken(a)),
    };
  },
};
