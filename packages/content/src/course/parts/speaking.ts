import type { z } from 'zod';
import { checkSentences, type PartModule, sentencesPart } from '../part-kit';

type SentencesSource<T extends string> = { type: T; title_cn?: string; sentences: string[] };

function speakingModule<T extends string>(
  type: T,
  title_cn: string,
  guide_cn: string,
): PartModule<SentencesSource<T>> {
  return {
    type,
    schema: sentencesPart(type) as unknown as z.ZodType<SentencesSource<T>>,
    title_cn,
    guide_cn,
    check: (part, book) => checkSentences(book, part.sentences),
    texts: () => [],
    build: (part, ctx) =>
      ({ type, sentences: part.sentences.map((id) => ctx.sentence(id)) }) as never,
  };
}

/** Hear the narrator, then say the sentence (scored by the server's judge). */
export const listenRepeat = speakingModule(
  'listen_repeat',
  '听音跟读',
  '先听一听，再按下话筒，大声跟着读。',
);

/** Read the sentence alone first; the model reading comes after the score. */
export const repeatSelf = speakingModule(
  'repeat_self',
  '自己读',
  '这次请你自己先读，读完再听听标准的读法。',
);

/** Hear it once, then the words hide: say it from the picture and the Chinese meaning. */
export const repeatTrainB = speakingModule(
  'repeat_train_b',
  '记忆挑战',
  '仔细听一遍，句子会藏起来，看着图片把它说出来！',
);

/** Dub the story's pages with one's own voice; the child's recordings play back as a story. */
export const production = speakingModule(
  'production',
  '我来配音',
  '你来当小配音员！看着图片，把每一句读出来，最后听听你自己讲的故事。',
);
