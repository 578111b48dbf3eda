import type { PartModule } from '../part-kit';
import { listenTrain, lookPicture, openQuestion, subjectContent } from './choices';
import { autoReading, bookRead } from './reading';
import { listenRepeat, production, repeatSelf, repeatTrainB } from './speaking';
import {
  fillBlank,
  imageClassify,
  imageSort,
  readingComprehension,
  sentenceMatch,
  sentenceSpell,
  wordMatch,
  wordPreview,
  wordSpell,
  wordVacancy,
} from './words';

/**
 * Every part type of the course format. A new type is one module here (schema, checks, build),
 * one entry of contracts ZCoursePart, its scoring in packages/domain course-scoring.ts and a
 * folder in the web player (docs/course-format.md).
 */
export const PART_MODULES = {
  book_read: bookRead,
  auto_reading: autoReading,
  listen_repeat: listenRepeat,
  listen_train: listenTrain,
  repeat_self: repeatSelf,
  repeat_train_b: repeatTrainB,
  look_picture: lookPicture,
  subject_content: subjectContent,
  open_question: openQuestion,
  production,
  word_preview: wordPreview,
  word_match: wordMatch,
  word_spell: wordSpell,
  word_vacancy: wordVacancy,
  sentence_match: sentenceMatch,
  sentence_spell: sentenceSpell,
  fill_blank: fillBlank,
  image_classify: imageClassify,
  image_sort: imageSort,
  reading_comprehension: readingComprehension,
} as const satisfies Record<string, PartModule<{ type: string }>>;

export type PartType = keyof typeof PART_MODULES;
export const PART_TYPES = Object.keys(PART_MODULES) as PartType[];
