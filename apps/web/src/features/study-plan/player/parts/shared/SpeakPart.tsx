import type { TCourseSentence, TSpeechAnswer } from '@picbook/contracts';
import { activeWordAt, PART_EXAM_TYPES, sentencePieces } from '@picbook/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrack } from '../../../../../shared/audio';
import { isDeviceAnswer, useRecorder } from '../../../../../shared/recorder';
import { useRecordingDeviceOnly } from '../../../../../shared/settings/recording-device-only';
import { Button } from '../../../../../shared/ui/Button';
import speakerIcon from '../../../../../shared/ui/icons/speaker.svg';
import { MicButton, queueDeviceRecording, ScoreView, useEachRecording } from '../../../../speech';
import { useCourseRun } from '../../course-run';
import { itemId, type PartProps } from '../../part-props';
import styles from '../parts.module.css';

/**
 * How a speaking part presents each sentence before the child records:
 * - listen: the narrator reads it first (listen repeat);
 * - self: the child reads it alone; the model is there after the score (repeat self);
 * - memory: heard once with the words, then the words hide (repeat train B);
 * - dub: the page picture with the text, the child's voice becomes the story (production).
 */
export type SpeakMode = 'listen' | 'self' | 'memory' | 'dub';

type SpeakingPart = PartProps['part'] & {
  type: 'listen_repeat' | 'repeat_self' | 'repeat_train_b' | 'production';
  sentences: TCourseSentence[];
};

const MAX_SECONDS = 20;

export function SpeakPart({
  part,
  mode,
  onAnswer,
  onDone,
  onAllRecorded,
}: Omit<PartProps, 'part'> & {
  part: SpeakingPart;
  mode: SpeakMode;
  /** Called with the recordings when the last sentence is done (production plays them back). */
  onAllRecorded?: (recordings: Array<{ sentence: TCourseSentence; url: string }>) => void;
}) {
  const { t } = useTranslation('studyPlan');
  const [index, setIndex] = useState(0);
  const [takes, setTakes] = useState<Record<string, string>>({});
  const sentence = part.sentences[index] as TCourseSentence;
  const isLast = index === part.sentences.length - 1;

  const deviceOnly = useRecordingDeviceOnly();
  const courseRun = useCourseRun();
  const handleResult = (answer: TSpeechAnswer, wav: Blob | null) => {
    if (!answer.audio_url) return;
    setTakes((m) => ({ ...m, [sentence.id]: answer.audio_url ?? '' }));
    const item = {
      examType: PART_EXAM_TYPES[part.type],
      id: itemId(part, index),
      sentenceId: sentence.id,
    };
    if (!isDeviceAnswer(answer)) {
      return onAnswer({
        ...item,
        audioUrl: answer.audio_url,
        score: answer.result?.score ?? 0,
        duration: answer.duration,
      });
    }
    // Scored on the device: the course is handed in with the server's recording and judgement,
    // so the answer counts once the server has judged it (never the device's number). Queued
    // (IndexedDB: it survives a reload and a closed tab) and judged when the network is there;
    // the course takes it then. With 录音只保存在本机 it stays on the device, not answered.
    const { userId } = courseRun ?? {};
    const { result } = answer;
    if (deviceOnly || !wav || !courseRun || userId === undefined || !result) return;
    void queueDeviceRecording({
      answer: { ...answer, result },
      wav,
      userId,
      refText: sentence.en,
      filing: { kind: 'course', processId: courseRun.processId, run: courseRun.run, item },
    }).catch(() => undefined);
  };
  const next = () => {
    if (!isLast) return setIndex((i) => i + 1);
    const recordings = part.sentences.flatMap((s) =>
      takes[s.id] ? [{ sentence: s, url: takes[s.id] ?? '' }] : [],
    );
    if (onAllRecorded && recordings.length > 0) onAllRecorded(recordings);
    else onDone();
  };

  return (
    <div className={styles.speak} data-testid="speak-part" data-mode={mode} data-index={index}>
      <SpeakItem
        key={sentence.id}
        sentence={sentence}
        mode={mode}
        onResult={handleResult}
        footer={(hasResult, busy) => (
          <div className={styles.itemBar}>
            <span className={styles.pageOf}>
              {index + 1} / {part.sentences.length}
            </span>
            <Button
              size="large"
              variant={hasResult ? 'grass' : 'secondary'}
              disabled={busy}
              onClick={next}
              data-testid="speak-next"
            >
              {hasResult ? (isLast ? t('player.finish') : t('player.next')) : t('player.skip')}
            </Button>
          </div>
        )}
      />
    </div>
  );
}

function SpeakItem({
  sentence,
  mode,
  onResult,
  footer,
}: {
  sentence: TCourseSentence;
  mode: SpeakMode;
  onResult(answer: TSpeechAnswer, wav: Blob | null): void;
  footer(hasResult: boolean, busy: boolean): React.ReactNode;
}) {
  const { t } = useTranslation('studyPlan');
  const recorder = useRecorder({ maxSeconds: MAX_SECONDS });
  const model = useTrack({ url: sentence.audio, needProgress: true });
  const [heard, setHeard] = useState(mode !== 'memory');
  const playing = model.state.state === 'playing';
  const lit = playing ? activeWordAt(sentence.words, model.state.currentTime) : -1;
  const pieces = useMemo(() => sentencePieces(sentence.en, sentence.words), [sentence]);
  const result = recorder.result;
  const answer = recorder.answer;

  // listen and memory modes start with the narrator.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per sentence
  useEffect(() => {
    if (mode === 'listen' || mode === 'memory') model.track.play();
  }, []);
  // Memory: once heard, the words hide.
  useEffect(() => {
    if (mode === 'memory' && model.state.state === 'ended') setHeard(false);
  }, [mode, model.state.state]);
  const wav = recorder.wav;
  useEachRecording(
    answer,
    useCallback((each: TSpeechAnswer) => onResult(each, wav), [onResult, wav]),
  );

  const hideText = mode === 'memory' && !heard && !result && !playing;
  const busy =
    recorder.state === 'recording' ||
    recorder.state === 'stopping' ||
    recorder.state === 'starting';
  return (
    <>
      <div className={`${styles.speakStage} ${result ? styles.scored : ''}`}>
        <figure
          className={styles.speakPicture}
          style={{ backgroundImage: `url(${sentence.picture.placeholder})` }}
        >
          <img src={sentence.picture.image} alt="" />
        </figure>
        <section className={styles.speakCard}>
          {!result ? (
            <>
              <div className={styles.textRow}>
                <button
                  type="button"
                  className={styles.listen}
                  aria-label={t('player.listen')}
                  onClick={() => model.track.play()}
                >
                  <img src={speakerIcon} alt="" />
                </button>
                {hideText ? (
                  <p className={styles.hidden} data-testid="speak-hidden">
                    {t('player.sayIt')}
                  </p>
                ) : (
                  <p className={styles.speakText} lang="en" data-testid="speak-text">
                    {pieces.map((piece) => (
                      <span
                        key={piece.at}
                        className={
                          piece.word !== null && piece.word === lit ? styles.lit : undefined
                        }
                      >
                        {piece.text}
                      </span>
                    ))}
                  </p>
                )}
              </div>
              <p className={styles.zh}>{sentence.zh}</p>
              <MicButton
                state={recorder.state}
                level={recorder.level}
                seconds={recorder.seconds}
                maxSeconds={recorder.maxSeconds}
                onStart={() => {
                  model.track.stop();
                  void recorder.start(sentence.en);
                }}
                onStop={recorder.stop}
              />
            </>
          ) : (
            <ScoreView
              result={result}
              recordingUrl={answer?.audio_url ?? null}
              modelAudio={{ url: sentence.audio, words: sentence.words }}
              onRetry={() => recorder.reset()}
            />
          )}
        </section>
      </div>
      {footer(Boolean(result), busy)}
    </>
  );
}
