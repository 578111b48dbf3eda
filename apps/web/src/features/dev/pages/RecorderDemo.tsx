import type { TSpeechResult } from '@picbook/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { playSegment } from '../../../shared/audio';
import { useRecorder } from '../../../shared/recorder';
import type { ModelAudio } from '../../../shared/recorder/score';
import { Button } from '../../../shared/ui/Button';
import speakerIcon from '../../../shared/ui/icons/speaker.svg';
import { MicButton, ScoreView } from '../../speech';
import styles from './RecorderDemo.module.css';

/** Page 5 of the sample library's "The Red Kite" (book 1101): its sentence, narration and timeline. */
const SENTENCE = 'I see my red kite.';
const MODEL: ModelAudio = {
  url: '/media/books/1101/p5-s1.e72bc4f7.mp3',
  words: [
    { w: 'I', start: 0.175, end: 0.27 },
    { w: 'see', start: 0.27, end: 0.51 },
    { w: 'my', start: 0.51, end: 0.695 },
    { w: 'red', start: 0.695, end: 0.905 },
    { w: 'kite.', start: 0.905, end: 1.245 },
  ],
};

/** A made-up result to look at the score view without a server (?sample=1 or the button). */
const SAMPLE: TSpeechResult = {
  score: 74,
  accuracy: 76,
  fluency: 80,
  completeness: 80,
  verdict: 'ok',
  feedback: '不错哦！再试一次，别漏掉 kite 哦！注意 my 的发音。',
  channels: [{ name: 'judge', score: 74 }],
  words: [
    { word: 'I', score: 95, start: 0.42, end: 0.55, status: 'good' },
    { word: 'see', score: 88, start: 0.55, end: 0.86, status: 'good' },
    { word: 'my', score: 58, start: 0.86, end: 1.1, status: 'mispronounced' },
    { word: 'red', score: 91, start: 1.1, end: 1.4, status: 'good' },
    { word: 'kite.', score: 0, start: 0, end: 0, status: 'missed' },
  ],
};

/** /demo/recorder: the recorder end to end — microphone, level, countdown, streaming, score. */
export function RecorderDemo() {
  const { t } = useTranslation('speech');
  const [params] = useSearchParams();
  const recorder = useRecorder({ maxSeconds: Number(params.get('max')) || 10 });
  const [sample, setSample] = useState<TSpeechResult | null>(params.get('sample') ? SAMPLE : null);
  const result = recorder.result ?? sample;

  const handleStart = () => {
    setSample(null);
    void recorder.start(SENTENCE);
  };
  const handleRetry = () => {
    setSample(null);
    recorder.reset();
  };

  return (
    <div className={styles.page} data-testid="recorder-demo" data-state={recorder.state}>
      {!result && (
        <div className={styles.sentenceBand}>
          <button
            type="button"
            className={styles.listen}
            aria-label={t('demo.listen')}
            onClick={() => playSegment(MODEL.url, 0, 1.435)}
          >
            <img src={speakerIcon} alt="" />
          </button>
          <p className={styles.sentence} lang="en">
            {SENTENCE}
          </p>
        </div>
      )}
      {result ? (
        <ScoreView
          result={result}
          recordingUrl={recorder.answer?.audio_url ?? null}
          modelAudio={MODEL}
          onRetry={handleRetry}
        />
      ) : (
        <MicButton
          state={recorder.state}
          level={recorder.level}
          seconds={recorder.seconds}
          maxSeconds={recorder.maxSeconds}
          onStart={handleStart}
          onStop={recorder.stop}
        />
      )}
      <div className={styles.dev}>
        <span data-testid="recorder-state">
          {t('demo.state', { state: recorder.state })}
          {recorder.capture ? ` · ${recorder.capture}` : ''}
          {recorder.stopReason ? ` · ${recorder.stopReason}` : ''}
          {recorder.error ? ` · ${recorder.error.kind}` : ''}
        </span>
        {!result && (
          <Button size="small" variant="secondary" onClick={() => setSample(SAMPLE)}>
            {t('demo.sample')}
          </Button>
        )}
      </div>
    </div>
  );
}
