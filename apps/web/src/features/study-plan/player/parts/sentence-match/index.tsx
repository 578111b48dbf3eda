import type { TCoursePartOf } from '@picbook/contracts';
import { PART_EXAM_TYPES } from '@picbook/domain';
import { itemId, type PartProps } from '../../part-props';
import { MatchBoard } from '../shared/MatchBoard';

/** sentence_match: pair each sentence of the story (heard when chosen) with its picture. */
export function SentenceMatchPart({
  part,
  onAnswer,
  onDone,
}: PartProps<TCoursePartOf<'sentence_match'>>) {
  return (
    <MatchBoard
      testId="sentence-match"
      entries={part.sentences.map((s) => ({
        answer: s.answer,
        text: s.en,
        audio: s.audio,
        lang: 'en',
      }))}
      pictures={part.pictures}
      onMatched={(i, tries) =>
        onAnswer({ examType: PART_EXAM_TYPES.sentence_match, id: itemId(part, i), answer: tries })
      }
      onDone={onDone}
    />
  );
}
