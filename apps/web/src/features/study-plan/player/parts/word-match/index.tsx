import type { TCoursePartOf } from '@picbook/contracts';
import { PART_EXAM_TYPES } from '@picbook/domain';
import { itemId, type PartProps } from '../../part-props';
import { MatchBoard } from '../shared/MatchBoard';

/** word_match: pair each word (it speaks when chosen) with its picture from the book. */
export function WordMatchPart({ part, onAnswer, onDone }: PartProps<TCoursePartOf<'word_match'>>) {
  return (
    <MatchBoard
      testId="word-match"
      entries={part.words.map((w) => ({
        answer: w.answer,
        text: w.word,
        audio: w.audio,
        lang: 'en',
      }))}
      pictures={part.pictures}
      onMatched={(i, tries) =>
        onAnswer({ examType: PART_EXAM_TYPES.word_match, id: itemId(part, i), answer: tries })
      }
      onDone={onDone}
    />
  );
}
