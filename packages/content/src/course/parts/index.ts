import type { PartModule } from '../part-kit';
import { listenTrain, lookPicture, openQuestion, subjectContent } from './choices';
import { autoReading, bookRead } from './reading';
import { listenRepeat, production, repeatSelf, repeatTrainB } from './speaking';

/**
 * Every part type of the course format. A new type is one module here (schema, checks, build),
 * one entry of contracts ZCoursePart, its scoring in packages/domain course-parts.ts and a
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
} as const satisfies Record<string, PartModule<{ type: string }>>;

export type PartType = keyof typeof PART_MODULES;
export const PART_TYPES = Object.keys(PART_MODULES) as PartType[];
