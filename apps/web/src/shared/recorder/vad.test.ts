import { describe, expect, it } from 'vitest';
import { concat, noise, speech } from './test-signals';
import { EndOfSpeechDetector, type VadOptions } from './vad';

const RATE = 16_000;

/** Feeds 10 ms blocks; returns the time (s) at which the detector ended the recording, or null. */
function endTime(signal: Float32Array, options?: VadOptions): number | null {
  const vad = new EndOfSpeechDetector(options);
  for (let at = 0; at < signal.length; at += 160) {
    if (vad.push(signal.subarray(at, at + 160))) return (at + 160) / RATE;
  }
  return null;
}

describe('end of speech: energy VAD with an adaptive noise floor', () => {
  it.each([
    ['a quiet room', -65, -22],
    ['a normal room', -50, -20],
    ['a noisy room', -38, -14],
    ['a quiet child', -60, -40],
  ])('%s (noise %i dB, voice %i dB): ends 1.2 s after the last word', (_room, noiseDb, voiceDb) => {
    const signal = concat(
      noise(noiseDb, 0.6),
      speech(voiceDb, 1.65, noiseDb),
      noise(noiseDb, 4, 3),
    );
    const speechEnd = 0.6 + 1.65 - 0.08; // the last syllable ends before its trailing gap
    const end = endTime(signal);
    expect(end).not.toBeNull();
    expect(end ?? 0).toBeGreaterThanOrEqual(speechEnd + 1.2 - 0.02);
    expect(end ?? 0).toBeLessThanOrEqual(speechEnd + 1.2 + 0.1);
  });

  it('never ends before speech was heard', () => {
    expect(endTime(noise(-50, 10))).toBeNull();
    expect(endTime(new Float32Array(RATE * 5))).toBeNull();
  });

  it('does not take clicks for speech (shorter than 100 ms)', () => {
    const click = speech(-10, 0.04, -60);
    const parts: Float32Array[] = [];
    for (let i = 0; i < 8; i++) parts.push(noise(-60, 0.5, i + 10), click);
    const vad = new EndOfSpeechDetector();
    vad.push(concat(...parts));
    expect(vad.snapshot.heardSpeech).toBe(false);
  });

  it('waits through a pause shorter than the silence limit', () => {
    const signal = concat(
      noise(-55, 0.5),
      speech(-20, 1, -55),
      noise(-55, 0.9, 4),
      speech(-20, 1, -55),
      noise(-55, 3, 5),
    );
    const end = endTime(signal) ?? 0;
    expect(end).toBeGreaterThan(0.5 + 1 + 0.9 + 1);
  });

  it('takes a configurable silence', () => {
    const signal = concat(noise(-55, 0.5), speech(-20, 1.32, -55), noise(-55, 3, 6));
    const speechEnd = 0.5 + 1.32 - 0.08;
    const end = endTime(signal, { silenceMs: 600 }) ?? 0;
    expect(end).toBeGreaterThanOrEqual(speechEnd + 0.58);
    expect(end).toBeLessThanOrEqual(speechEnd + 0.7);
  });

  it('hears speech that starts at once (the floor is pulled down by the pauses)', () => {
    const signal = concat(speech(-20, 1.65, -55), noise(-55, 3, 8));
    const end = endTime(signal) ?? 0;
    expect(end).toBeGreaterThanOrEqual(1.65 - 0.08 + 1.2 - 0.02);
    expect(end).toBeLessThanOrEqual(1.65 - 0.08 + 1.2 + 0.1);
  });

  it('adapts to a fan switched on after the speech: ends within 3.5 s instead of never', () => {
    const signal = concat(noise(-62, 0.5), speech(-20, 1.32, -62), noise(-42, 8, 9));
    const end = endTime(signal) ?? Number.POSITIVE_INFINITY;
    expect(end - (0.5 + 1.32)).toBeLessThan(3.5);
  });

  it('reports what it measured', () => {
    const vad = new EndOfSpeechDetector();
    vad.push(concat(noise(-50, 0.5), speech(-20, 0.99, -50)));
    const { heardSpeech, speechMs, noiseFloorDb } = vad.snapshot;
    expect(heardSpeech).toBe(true);
    // Three 250 ms syllables.
    expect(speechMs).toBeGreaterThanOrEqual(700);
    expect(speechMs).toBeLessThanOrEqual(800);
    expect(noiseFloorDb).toBeLessThan(-40);
  });
});
