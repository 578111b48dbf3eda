import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadAudio } from './audio';
import { classifyActivity, measureVoiceActivity, voicedFraction } from './vad';

const RATE = 16_000;
const fixture = fileURLToPath(new URL('../test-fixtures/score-kite.wav', import.meta.url));

function noise(seconds: number, amplitude: number): Float32Array {
  let state = 3;
  return Float32Array.from({ length: Math.round(seconds * RATE) }, () => {
    state = (state * 16807) % 2147483647;
    return (state / 2147483647 - 0.5) * 2 * amplitude;
  });
}

describe('voice activity', () => {
  it('finds the voiced part of a reading', async () => {
    const speech = await loadAudio(fixture);
    const padded = new Float32Array(speech.length + RATE);
    padded.set(speech, RATE / 2);
    const activity = measureVoiceActivity(padded, RATE);
    expect(classifyActivity(activity, 1)).toBe('ok');
    expect(activity.voicedStart).toBeGreaterThan(0.5);
    expect(activity.voicedEnd).toBeLessThan(0.5 + speech.length / RATE + 0.05);
    expect(activity.voicedSeconds).toBeGreaterThan(0.5);
    expect(voicedFraction(activity, 0, 0.45)).toBe(0);
  });

  it('tells silence, noise, hum and short clips apart', () => {
    const classify = (x: Float32Array): string =>
      classifyActivity(measureVoiceActivity(x, RATE), 1);
    expect(classify(new Float32Array(2 * RATE))).toBe('no_voice');
    expect(classify(noise(2, 0.001))).toBe('no_voice');
    expect(classify(noise(2, 0.3))).toBe('noise');
    const hum = Float32Array.from(
      { length: 2 * RATE },
      (_, i) => 0.3 * Math.sin((2 * Math.PI * 50 * i) / RATE),
    );
    expect(classify(hum)).toBe('noise');
    expect(classify(new Float32Array(0.3 * RATE))).toBe('too_short');
  });
});
