import type { PartComponents } from '../part-props';
import { AutoReadingPart } from './auto-reading';
import { BookReadPart } from './book-read';
import { ListenRepeatPart } from './listen-repeat';
import { ListenTrainPart } from './listen-train';
import { LookPicturePart } from './look-picture';
import { OpenQuestionPart } from './open-question';
import { ProductionPart } from './production';
import { RepeatSelfPart } from './repeat-self';
import { RepeatTrainBPart } from './repeat-train-b';
import { SubjectContentPart } from './subject-content';

/**
 * The player's part types: one folder each. A new type is its folder here plus its entry below
 * (the compiler lists what is missing: every type of contracts ZCoursePart needs a component).
 */
export const PART_COMPONENTS: PartComponents = {
  book_read: BookReadPart,
  auto_reading: AutoReadingPart,
  listen_repeat: ListenRepeatPart,
  listen_train: ListenTrainPart,
  repeat_self: RepeatSelfPart,
  repeat_train_b: RepeatTrainBPart,
  look_picture: LookPicturePart,
  subject_content: SubjectContentPart,
  open_question: OpenQuestionPart,
  production: ProductionPart,
};
