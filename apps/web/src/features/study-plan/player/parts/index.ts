import type { PartComponents } from '../part-props';
import { AutoReadingPart } from './auto-reading';
import { BookReadPart } from './book-read';
import { FillBlankPart } from './fill-blank';
import { ImageClassifyPart } from './image-classify';
import { ImageSortPart } from './image-sort';
import { ListenRepeatPart } from './listen-repeat';
import { ListenTrainPart } from './listen-train';
import { LookPicturePart } from './look-picture';
import { OpenQuestionPart } from './open-question';
import { ProductionPart } from './production';
import { ReadingComprehensionPart } from './reading-comprehension';
import { RepeatSelfPart } from './repeat-self';
import { RepeatTrainBPart } from './repeat-train-b';
import { SentenceMatchPart } from './sentence-match';
import { SentenceSpellPart } from './sentence-spell';
import { SubjectContentPart } from './subject-content';
import { WordMatchPart } from './word-match';
import { WordPreviewPart } from './word-preview';
import { WordSpellPart } from './word-spell';
import { WordVacancyPart } from './word-vacancy';

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
  word_preview: WordPreviewPart,
  word_match: WordMatchPart,
  word_spell: WordSpellPart,
  word_vacancy: WordVacancyPart,
  sentence_match: SentenceMatchPart,
  sentence_spell: SentenceSpellPart,
  fill_blank: FillBlankPart,
  image_classify: ImageClassifyPart,
  image_sort: ImageSortPart,
  reading_comprehension: ReadingComprehensionPart,
};
