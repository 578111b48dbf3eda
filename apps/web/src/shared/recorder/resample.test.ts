import { describe, expect, it } from 'vitest';
import { floatToInt16, Resampler, resample, rmsDb } from './resample';

const OUT = 16_000;

function sine(hz: number, rate: number, seconds: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / rate);
  return out;
}

/** Amplitude of the `hz` component (a whole number of cycles fits in the window). */
function amplitudeAt(samples: Float32Array, hz: number, rate: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < samples.length; i++) {
    const phase = (2 * Math.PI * hz * i) / rate;
    re += (samples[i] ?? 0) * Math.cos(phase);
    im -= (samples[i] ?? 0) * Math.sin(phase);
  }
  return (2 * Math.hypot(re, im)) / samples.length;
}

function zeroCrossings(samples: Float32Array): number {
  let count = 0;
  for (let i = 1; i < samples.length; i++) {
    if ((samples[i - 1] ?? 0) < 0 !== (samples[i] ?? 0) < 0) count++;
  }
  return count;
}

/** The steady middle half second of a one-second result (away from the filter's edges). */
const middle = (samples: Float32Array) => samples.subarray(OUT / 4, OUT / 4 + OUT / 2);
const rms = (samples: Float32Array) =>
  Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);

describe('resampling to 16 kHz with a windowed-sinc low-pass', () => {
  it.each([
    [48_000, 200],
    [48_000, 1000],
    [44_100, 1000],
    [48_000, 3000],
    [44_100, 5000],
    [48_000, 6800],
    [44_100, 7000],
    [22_050, 2000],
    [96_000, 1000],
  ])('%i Hz in: a %i Hz tone keeps its frequency and amplitude', (rate, hz) => {
    const out = middle(resample(sine(hz, rate, 1), rate, OUT));
    expect(amplitudeAt(out, hz, OUT)).toBeCloseTo(0.5, 2);
    // Half a second of an `hz` tone crosses zero hz times.
    expect(Math.abs(zeroCrossings(out) - hz)).toBeLessThanOrEqual(2);
  });

  it.each([
    // Tone in, where naive decimation would fold it (16 000 − f or f − 16 000).
    [48_000, 8500, 7500],
    [48_000, 9000, 7000],
    [48_000, 10_000, 6000],
    [44_100, 12_000, 4000],
    [48_000, 15_000, 1000],
    [48_000, 20_000, 4000],
  ])('%i Hz in: a %i Hz tone does not alias to %i Hz (≥ 55 dB down)', (rate, hz, alias) => {
    const out = middle(resample(sine(hz, rate, 1), rate, OUT));
    const downDb = 20 * Math.log10(rms(out) / (0.5 / Math.SQRT2));
    expect(downDb).toBeLessThan(-55);
    expect(amplitudeAt(out, alias, OUT)).toBeLessThan(0.5 * 10 ** (-55 / 20));
  });

  it('naive decimation would have aliased the same tone (the test can fail)', () => {
    const input = sine(10_000, 48_000, 1);
    const naive = Float32Array.from({ length: OUT }, (_, i) => input[i * 3] ?? 0);
    expect(amplitudeAt(middle(naive), 6000, OUT)).toBeGreaterThan(0.4);
  });

  it.each([48_000, 44_100, 22_050])('one second at %i Hz gives 16 000 samples', (rate) => {
    expect(resample(new Float32Array(rate), rate, OUT).length).toBe(OUT);
  });

  it('keeps DC at unity gain', () => {
    const out = middle(resample(new Float32Array(44_100).fill(0.25), 44_100, OUT));
    for (const s of out) expect(s).toBeCloseTo(0.25, 4);
  });

  it('streams: any block sizes give exactly the one-shot output', () => {
    const input = sine(440, 44_100, 0.5);
    for (let i = 0; i < input.length; i += 7) input[i] = (input[i] ?? 0) + 0.1; // not a pure tone
    const whole = resample(input, 44_100, OUT);
    const resampler = new Resampler(44_100, OUT);
    const parts: number[] = [];
    let at = 0;
    for (const size of [1, 128, 5, 511, 1024, 3, 2048]) {
      const block = input.subarray(at, Math.min(input.length, at + size));
      at += block.length;
      parts.push(...resampler.process(block));
    }
    parts.push(...resampler.process(input.subarray(at)));
    parts.push(...resampler.flush());
    expect(parts).toHaveLength(whole.length);
    expect(Float32Array.from(parts)).toEqual(whole);
  });

  it('passes 16 kHz through unchanged', () => {
    const input = sine(1000, OUT, 0.1);
    expect(resample(input, OUT, OUT)).toEqual(input);
  });

  it('upsamples 8 kHz to 16 kHz too', () => {
    const out = middle(resample(sine(1000, 8000, 1), 8000, OUT));
    expect(amplitudeAt(out, 1000, OUT)).toBeCloseTo(0.5, 2);
  });

  it('delays the signal by at most a few milliseconds (the filter half-length)', () => {
    const resampler = new Resampler(48_000, OUT);
    expect(resampler.halfTaps / 48_000).toBeLessThan(0.003);
  });
});

describe('floatToInt16 and rmsDb', () => {
  it.each([
    [0, 0],
    [1, 32767],
    [-1, -32767],
    [0.5, 16384],
    [1.7, 32767],
    [-3, -32767],
    [0.00001, 0],
  ])('%f → %i', (input, expected) => {
    expect(floatToInt16(Float32Array.of(input))[0]).toBe(expected);
  });

  it.each([
    ['full-scale sine', sine(1000, OUT, 0.1, 1), -3.01],
    ['half-scale sine', sine(1000, OUT, 0.1, 0.5), -9.03],
    ['silence', new Float32Array(100), -100],
  ])('%s → %f dBFS', (_name, samples, db) => {
    expect(rmsDb(samples)).toBeCloseTo(db, 1);
  });

  it('reads 16-bit samples on the same scale', () => {
    expect(rmsDb(floatToInt16(sine(1000, OUT, 0.1, 0.5)))).toBeCloseTo(-9.03, 1);
  });
});
