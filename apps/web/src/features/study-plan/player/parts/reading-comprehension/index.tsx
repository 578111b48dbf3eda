import type { TCoursePartOf } from '@picbook/contracts';
import { PART_EXAM_TYPES } from '@picbook/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrack } from '../../../../../shared/audio';
import { Button } from '../../../../../shared/ui/Button';
import { itemId, type PartProps } from '../../part-props';
import { AnswerNote } from '../shared/ChoiceRow';
import { useQuestions } from '../shared/use-question';
import { hear, ListenButton, StagePicture } from '../shared/WordStage';
import styles from '../shared/word-parts.module.css';

/**
 * reading_comprehension: the passage is read aloud sentence by sentence (the text lights up), then
 * questions about it; every choice can be heard. Answers go in the title-and-tips format (exam 10).
 */
export function ReadingComprehensionPart({
  part,
  onAnswer,
  onDone,
}: PartProps<TCoursePartOf<'reading_comprehension'>>) {
  const { t } = useTranslation('studyPlan');
  const [asking, setAsking] = useState(false);
  const story = useTrack({ url: part.passage.map((s) => s.audio), interval: 300 });
  const reading = story.state.state === 'playing' ? story.state.index : -1;
  const q = useQuestions(
    part.questions,
    (i, tries) => {
      const list = tries.split(',');
      onAnswer({
        examType: PART_EXAM_TYPES.reading_comprehension,
        id: itemId(part, i),
        title_answer: list.at(-1) ?? '',
        tip_answers: list,
        bookScore: list.length === 1 ? 100 : 0,
      });
    },
    onDone,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the passage is read once on arrival
  useEffect(() => {
    story.track.play();
  }, []);
  const picture = part.passage[Math.max(0, reading)]?.picture ?? part.passage[0]?.picture;
  return (
    <div
      className={styles.stage}
      data-testid="reading-comprehension"
      data-asking={asking}
      data-index={q.index}
    >
      {picture && <StagePicture picture={picture} />}
      <section className={styles.task}>
        {!asking ? (
          <>
            <ul className={styles.passage} lang="en">
              {part.passage.map((s, i) => (
                <li key={s.id} className={i === reading ? styles.lit : undefined}>
                  {s.en}
                </li>
              ))}
            </ul>
            <div className={styles.row}>
              <Button variant="sky" onClick={() => story.track.play()}>
                {t('player.hearStory')}
              </Button>
              <Button
                variant="grass"
                onClick={() => {
                  story.track.stop();
                  setAsking(true);
                }}
                data-testid="reading-done"
              >
                {t('player.heardAll')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className={styles.question}>{q.question.question_cn}</p>
            {q.question.choices.map((c) => (
              <span key={`${q.index}-${c.key}`} className={styles.row}>
                <ListenButton url={c.audio} />
                <button
                  type="button"
                  lang="en"
                  className={`${styles.option} ${q.wrong === c.key ? styles.shake : ''} ${q.right === c.key ? styles.right : ''}`}
                  onClick={() => {
                    hear(c.audio);
                    q.pick(c.key);
                  }}
                  data-testid="reading-choice"
                  data-key={c.key}
                >
                  {c.en}
                </button>
              </span>
            ))}
            <AnswerNote q={q} />
          </>
        )}
      </section>
    </div>
  );
}
