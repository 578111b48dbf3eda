import path from 'node:path';
import { SPEECH_SAMPLE_RATE } from '@picbook/contracts';
import { encodeWav, type ScoreResult } from '@picbook/speech';
import { JudgeBusyError, type SpeechJudge } from '../src/platform/speech/judge';

/** The sample library's built books (content/media/books/<id>). */
export const contentMedia = path.resolve(import.meta.dirname, '../../../content/media');

/**
 * A stand-in for the platform judge whose score the test sets: every word "good" at that score,
 * and each reference text it was asked about recorded in `judged`.
 */
export function settableJudge(initialScore = 80) {
  /** busy: answer like the engine pool with a full queue. */
  /** verdict: what the judge says the recording is (ok: a reading of the text). */
  const state = {
    score: initialScore,
    judged: [] as string[],
    busy: false,
    verdict: 'ok' as ScoreResult['verdict'],
  };
  const judge: SpeechJudge = {
    async score(_audio, refText) {
      if (state.busy) throw new JudgeBusyError('busy', new Error('queue full'));
      state.judged.push(refText);
      const score = state.score;
      return {
        score,
        accuracy: score,
        fluency: score,
        completeness: 100,
        words: refText
          .split(/\s+/)
          .filter(Boolean)
          .map((word, i) => ({ word, score, start: i * 0.3, end: i * 0.3 + 0.25, status: 'good' })),
        verdict: state.verdict,
        feedback: '读得很好！',
      } as ScoreResult;
    },
    async close() {},
  };
  return { judge, state };
}

/** A 16 kHz 16-bit WAV of a 440 Hz tone, `seconds` long. */
export function toneWav(seconds: number): Buffer {
  const samples = Float32Array.from(
    { length: Math.round(seconds * SPEECH_SAMPLE_RATE) },
    (_, i) => 0.25 * Math.sin((2 * Math.PI * 440 * i) / SPEECH_SAMPLE_RATE),
  );
  return Buffer.from(encodeWav(samples, SPEECH_SAMPLE_RATE));
}
