import type { TCoursePartOf } from '@picbook/contracts';
import { PART_EXAM_TYPES } from '@picbook/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createTrack, useTrack } from '../../../../../shared/audio';
import { useRecorder } from '../../../../../shared/recorder';
import { Button } from '../../../../../shared/ui/Button';
import speakerIcon from '../../../../../shared/ui/icons/speaker.svg';
import { MicButton, useEachRecording } from '../../../../speech';
import { itemId, type PartProps } from '../../part-props';
import styles from '../parts.module.css';

/**
 * open_question: the question is asked aloud about a picture; the child answers in their own
 * words (model answers can be heard as hints). The server scores the recording against the
 * nearest model answer, and any real answer earns at least a pass.
 */
export function OpenQuestionPart({
  part,
  onAnswer,
  onDone,
}: PartProps<TCoursePartOf<'open_question'>>) {
  const { t } = useTranslation('studyPlan');
  const question = useTrack({ url: part.question.audio });
  const recorder = useRecorder({ maxSeconds: 20 });
  const answer = recorder.answer;
  // biome-ignore lint/correctness/useExhaustiveDependencies: ask once
  useEffect(() => {
    question.track.play();
  }, []);
  useEachRecording(answer, (a) =>
    onAnswer({
      examType: PART_EXAM_TYPES.open_question,
      id: itemId(part, 0),
      audioUrl: a.audio_url ?? '',
      score: a.result?.score ?? 0,
      duration: a.duration,
    }),
  );
  const mine = useTrack({ url: answer?.audio_url ?? null });
  const done = Boolean(answer?.audio_url);
  return (
    <div className={styles.open} data-testid="open-question">
      <figure
        className={styles.lookPicture}
        style={{ backgroundImage: `url(${part.picture.placeholder})` }}
      >
        <img src={part.picture.image} alt="" />
      </figure>
      <div className={styles.lookSide}>
        <button
          type="button"
          className={styles.keySentence}
          onClick={() => question.track.play()}
          lang="en"
        >
          <img src={speakerIcon} alt="" />
          {part.question.en}
        </button>
        <p className={styles.zh}>{part.question_cn}</p>
        <p className={styles.hintTitle}>{t('player.hints')}</p>
        <div className={styles.chips}>
          {part.answers.map((a) => (
            <button
              key={a.en}
              type="button"
              className={styles.chip}
              lang="en"
              onClick={() => createTrack({ url: a.audio }).play()}
            >
              {a.en}
            </button>
          ))}
        </div>
        {done ? (
          <div className={styles.heard} data-testid="open-heard">
            <p>{t('player.heard')}</p>
            <Button variant="secondary" onClick={() => mine.track.play()}>
              {t('player.listen')}
            </Button>
            <Button variant="secondary" onClick={() => recorder.reset()}>
              {t('player.recordAgain')}
            </Button>
          </div>
        ) : (
          <MicButton
            state={recorder.state}
            level={recorder.level}
            seconds={recorder.seconds}
            maxSeconds={recorder.maxSeconds}
            onStart={() => {
              question.track.stop();
              void recorder.start(part.answers[0]?.en ?? part.question.en);
            }}
            onStop={recorder.stop}
          />
        )}
        <Button
          size="large"
          variant={done ? 'grass' : 'secondary'}
          onClick={onDone}
          disabled={recorder.state === 'recording' || recorder.state === 'stopping'}
          data-testid="open-next"
        >
          {done ? t('player.next') : t('player.skip')}
        </Button>
      </div>
    </div>
  );
}
