import type { TScoredWord, TSpeechResult, TSpeechVerdict } from '@picbook/contracts';
import { canReplayAttempt, scoreShortfall } from '@picbook/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playSegment, type Track, useTrack } from '../../shared/audio';
import { useSpokenFeedback, verdictFeedbackKey } from '../../shared/audio/spoken-feedback';
import { isDeviceAnswer } from '../../shared/recorder/device-channel';
import {
  type ModelAudio,
  matchModelWords,
  starsForScore,
  wordAt,
} from '../../shared/recorder/score';
import { Button } from '../../shared/ui/Button';
import pauseIcon from '../../shared/ui/icons/pause.svg';
import playIcon from '../../shared/ui/icons/play.svg';
import retryIcon from '../../shared/ui/icons/retry.svg';
import mascotOops from '../../shared/ui/illustrations/mascot-oops.svg';
import { useCountUp } from '../../shared/ui/use-count-up';
import styles from './ScoreView.module.css';

export interface ScoreViewProps {
  result: TSpeechResult;
  /** The child's own recording (the answer's audio_url). */
  recordingUrl?: string | null;
  /** The reference narration and its word times: tapping a word plays it. */
  modelAudio?: ModelAudio | null;
  onRetry?: () => void;
}

const HEADLINES = ['none', 'one', 'two', 'three'] as const;

/**
 * The score of a reading, for the child: stars, the score counting up, the feedback, and the
 * sentence with each word coloured by how it was said (tap a word to hear it said well); the
 * child's own recording can be played back with its words lighting up. Never a red screen.
 * A recording that is not a reading of the sentence (no voice, noise, too short, another
 * sentence) shows the friendly verdict instead of a score, and its words stay uncoloured: no
 * "0 分" for silence, no green words under "this was another sentence", and no "listen to my
 * recording" of silence. A score below what its words say (every word 100, the sentence 87)
 * says which part of the reading pulled it down, with the three parts' numbers (decision 098).
 */
export function ScoreView({ result, recordingUrl, modelAudio, onRetry }: ScoreViewProps) {
  const { t } = useTranslation('speech');
  const isScored = result.verdict === 'ok';
  const stars = isScored ? starsForScore(result.score) : 0;
  const shownScore = useCountUp(result.score);
  const shortfall = isScored ? scoreShortfall(result) : null;
  const canReplay = Boolean(recordingUrl) && canReplayAttempt(result.verdict);
  // Scored on this device (offline, or 录音只保存在本机): said in a small tag.
  const onDevice = isDeviceAnswer({ result });
  // A verdict the child must act on is said aloud in the owl's voice (decision 099).
  useSpokenFeedback(verdictFeedbackKey(result.verdict), result);
  const [selected, setSelected] = useState<number | null>(null);
  const models = useMemo(
    () => (modelAudio ? matchModelWords(result.words, modelAudio.words) : []),
    [result.words, modelAudio],
  );
  const modelTrack = useRef<Track | null>(null);
  useEffect(() => () => modelTrack.current?.stop(), []);
  const mine = useTrack({ url: recordingUrl ?? null, needProgress: true });
  const isPlayingMine = mine.state.state === 'playing';
  const spoken = isPlayingMine ? wordAt(result.words, mine.state.currentTime) : -1;

  const handleWord = (index: number) => {
    setSelected(index);
    const model = models[index];
    if (!modelAudio || !model) return;
    if (isPlayingMine) mine.track.stop();
    modelTrack.current = playSegment(modelAudio.url, model.start, model.end);
  };

  const handleMine = () => {
    if (isPlayingMine) {
      mine.track.stop();
      return;
    }
    modelTrack.current?.stop();
    mine.track.play();
  };

  return (
    <section
      className={styles.view}
      data-testid="score-view"
      data-stars={stars}
      data-verdict={result.verdict}
      data-reason={shortfall ?? undefined}
      data-channel={onDevice ? 'device' : 'server'}
    >
      {isScored ? (
        <div className={styles.top}>
          <div className={styles.stars} role="img" aria-label={t('stars', { count: stars })}>
            {[0, 1, 2].map((i) => (
              <Star key={i} index={i} isFilled={i < stars} />
            ))}
          </div>
          <div className={styles.scoreBox}>
            <p className={styles.score} data-tier={HEADLINES[stars]}>
              <span aria-hidden="true">{shownScore}</span>
              <span className="visually-hidden">{t('score', { score: result.score })}</span>
            </p>
            <p className={styles.headline}>{t(`headline.${HEADLINES[stars]}`)}</p>
          </div>
        </div>
      ) : (
        <div className={styles.top} data-testid="score-verdict">
          <img className={styles.verdictMascot} src={mascotOops} alt="" />
          <p className={styles.headline}>
            {t(`verdict.${result.verdict as Exclude<TSpeechVerdict, 'ok'>}`)}
          </p>
        </div>
      )}
      {result.feedback && (
        <p className={styles.feedback}>
          {result.feedback}
          {onDevice && (
            <span className={styles.deviceTag} data-testid="score-device">
              {t('device.scored')}
            </span>
          )}
        </p>
      )}
      {shortfall && (
        <p className={styles.reason} data-testid="score-reason" data-reason={shortfall}>
          <span className={styles.reasonLong}>{t(`reason.${shortfall}`)} </span>
          <span className={styles.reasonShort}>{t(`reasonShort.${shortfall}`)} · </span>
          <span className={styles.channels}>
            {t('channels', {
              accuracy: result.accuracy,
              fluency: result.fluency,
              completeness: result.completeness,
            })}
          </span>
        </p>
      )}
      <p
        className={`${styles.sentence} ${result.verdict === 'different_text' ? styles.sentenceWrong : ''}`}
        lang="en"
        data-testid="score-sentence"
        data-wrong={result.verdict === 'different_text' || undefined}
      >
        {result.words.map((word, index) => (
          <WordChip
            // Words repeat ("up, up, up"): the position is the identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: the sentence never reorders
            key={index}
            word={word}
            isScored={isScored}
            isSelected={selected === index}
            isSpoken={spoken === index}
            label={
              isScored
                ? t('wordHint', {
                    word: word.word,
                    score: word.score,
                    status: t(`status.${word.status}`),
                  })
                : t('wordListen', { word: word.word })
            }
            scoreText={t('score', { score: word.score })}
            onTap={() => handleWord(index)}
          />
        ))}
      </p>
      <div className={styles.actions}>
        {canReplay && (
          <Button
            variant="sky"
            size="large"
            onClick={handleMine}
            aria-pressed={isPlayingMine}
            icon={
              <img
                className={styles.buttonIcon}
                src={isPlayingMine ? pauseIcon : playIcon}
                alt=""
              />
            }
          >
            {isPlayingMine ? t('stopMine') : t('playMine')}
          </Button>
        )}
        {onRetry && (
          <Button
            variant="grass"
            size="large"
            onClick={onRetry}
            icon={<img className={styles.buttonIcon} src={retryIcon} alt="" />}
          >
            {t('retry')}
          </Button>
        )}
      </div>
    </section>
  );
}

interface WordChipProps {
  word: TScoredWord;
  /** False when the recording was not scored as this sentence: the word is not coloured. */
  isScored: boolean;
  isSelected: boolean;
  isSpoken: boolean;
  label: string;
  scoreText: string;
  onTap(): void;
}

function WordChip({
  word,
  isScored,
  isSelected,
  isSpoken,
  label,
  scoreText,
  onTap,
}: WordChipProps) {
  const classes = [
    styles.word,
    isScored ? styles[word.status] : styles.plain,
    isSelected ? styles.selected : '',
    isSpoken ? styles.spoken : '',
  ].join(' ');
  return (
    <button
      type="button"
      className={classes}
      data-status={isScored ? word.status : 'plain'}
      data-selected={isSelected || undefined}
      data-spoken={isSpoken || undefined}
      aria-label={label}
      title={isScored ? scoreText : undefined}
      onClick={onTap}
    >
      {word.word}
      {isScored && (
        <span className={styles.bubble} aria-hidden="true">
          {word.score}
        </span>
      )}
    </button>
  );
}

const STAR_PATH =
  'M50 6l12.9 27.5 30.1 3.6-22.2 20.6 5.9 29.7L50 72.6 23.3 87.4l5.9-29.7L7 37.1l30.1-3.6z';

function Star({ index, isFilled }: { index: number; isFilled: boolean }) {
  return (
    <svg
      className={`${styles.star} ${isFilled ? styles.starFilled : ''}`}
      style={{ animationDelay: `${150 + index * 220}ms` }}
      viewBox="0 0 100 100"
      aria-hidden="true"
      data-filled={isFilled || undefined}
    >
      <path d={STAR_PATH} strokeLinejoin="round" />
    </svg>
  );
}
