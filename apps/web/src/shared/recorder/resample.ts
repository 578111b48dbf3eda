/**
 * Sample-rate conversion for the recorder: microphones run at the audio context's rate (44.1 or
 * 48 kHz), the speech endpoint takes 16 kHz. A Kaiser-windowed sinc low-pass evaluated at each
 * output instant (a polyphase FIR: one coefficient set per distinct fractional phase), so nothing
 * above the new Nyquist frequency folds back into the speech band.
 */

export interface ResamplerOptions {
  /** Highest frequency kept flat (Hz); default 7/8 of the lower Nyquist frequency (7 kHz at 16 kHz). */
  passHz?: number;
  /** Lowest frequency fully attenuated (Hz); default the lower Nyquist frequency (8 kHz). */
  stopHz?: number;
  /** Stop-band attenuation in dB; default 60. */
  attenuationDb?: number;
}

/** Phases cached when the rate ratio has few of them (48 k → 16 k: 1; 44.1 k → 16 k: 160). */
const MAX_CACHED_PHASES = 2048;

/** Modified Bessel function of the first kind, order 0 (power series; converges fast for β ≤ 12). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const q = (x / 2) ** 2;
  for (let k = 1; k < 64; k++) {
    term *= q / (k * k);
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}

/** Kaiser's β for a stop-band attenuation in dB. */
export function kaiserBeta(attenuationDb: number): number {
  if (attenuationDb > 50) return 0.1102 * (attenuationDb - 8.7);
  if (attenuationDb >= 21) {
    return 0.5842 * (attenuationDb - 21) ** 0.4 + 0.07886 * (attenuationDb - 21);
  }
  return 0;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * A streaming resampler: feed blocks of any size with `process`, then `flush` once at the end.
 * The output is the same whatever the block sizes (the tests check it sample for sample).
 */
export class Resampler {
  readonly inRate: number;
  readonly outRate: number;
  /** Half the filter length, in input samples (the latency of the filter). */
  readonly halfTaps: number;
  private readonly cutoff: number;
  private readonly halfWidth: number;
  private readonly beta: number;
  private readonly i0Beta: number;
  private readonly phases = new Map<number, Float32Array>();
  private readonly cachePhases: boolean;
  /** Input not yet consumed; `buffer[0]` is input sample number `bufferStart`. */
  private buffer = new Float32Array(0);
  private bufferStart = 0;
  private inputCount = 0;
  private outputCount = 0;

  constructor(inRate: number, outRate: number, options: ResamplerOptions = {}) {
    if (!(inRate > 0 && outRate > 0)) throw new RangeError('sample rates must be positive');
    this.inRate = Math.round(inRate);
    this.outRate = Math.round(outRate);
    const nyquist = Math.min(this.inRate, this.outRate) / 2;
    const passHz = options.passHz ?? nyquist * 0.875;
    const stopHz = options.stopHz ?? nyquist;
    const attenuation = options.attenuationDb ?? 60;
    // Cut-off halfway through the transition band, in cycles per input sample.
    this.cutoff = (passHz + stopHz) / 2 / this.inRate;
    const transition = (stopHz - passHz) / this.inRate;
    // Kaiser's estimate of the length for this attenuation and transition width.
    const taps = Math.ceil((attenuation - 7.95) / (14.36 * transition)) + 1;
    this.halfWidth = taps / 2;
    this.halfTaps = Math.ceil(this.halfWidth);
    this.beta = kaiserBeta(attenuation);
    this.i0Beta = besselI0(this.beta);
    this.cachePhases = this.outRate / gcd(this.inRate, this.outRate) <= MAX_CACHED_PHASES;
  }

  /** Resamples a block; returns the output samples that can be computed so far. */
  process(input: Float32Array): Float32Array {
    if (this.inRate === this.outRate) {
      this.inputCount += input.length;
      this.outputCount += input.length;
      return input.slice();
    }
    this.append(input);
    this.inputCount += input.length;
    return this.produce(this.inputCount - this.halfTaps - 1, Number.POSITIVE_INFINITY);
  }

  /** The rest of the output (the input's last samples, filtered against silence); then resets. */
  flush(): Float32Array {
    if (this.inRate === this.outRate) {
      this.reset();
      return new Float32Array(0);
    }
    // Output n lies at input time n · in/out; the last one at or before the last input sample.
    const total = Math.floor(((this.inputCount - 1) * this.outRate) / this.inRate) + 1;
    this.append(new Float32Array(this.halfTaps + 2));
    const out = this.produce(Number.POSITIVE_INFINITY, Math.max(0, total));
    this.reset();
    return out;
  }

  reset(): void {
    this.buffer = new Float32Array(0);
    this.bufferStart = 0;
    this.inputCount = 0;
    this.outputCount = 0;
  }

  private append(input: Float32Array): void {
    const joined = new Float32Array(this.buffer.length + input.length);
    joined.set(this.buffer);
    joined.set(input, this.buffer.length);
    this.buffer = joined;
  }

  /** Computes outputs whose centre input sample is ≤ `lastCentre` and whose number is < `limit`. */
  private produce(lastCentre: number, limit: number): Float32Array {
    const { inRate, outRate, halfTaps } = this;
    const out: number[] = [];
    const end = this.bufferStart + this.buffer.length;
    for (;;) {
      const n = this.outputCount;
      if (n >= limit) break;
      const position = n * inRate; // exact: stays far below 2^53 for an hour of audio
      const centre = Math.floor(position / outRate);
      if (centre > lastCentre || centre + halfTaps + 1 > end) break;
      const phase = position - centre * outRate;
      const coefficients = this.coefficients(phase);
      const first = centre - halfTaps + 1;
      let sum = 0;
      for (let j = 0; j < coefficients.length; j++) {
        const k = first + j - this.bufferStart;
        // Samples before the first one are silence.
        if (k >= 0) sum += (this.buffer[k] ?? 0) * (coefficients[j] ?? 0);
      }
      out.push(sum);
      this.outputCount++;
    }
    // Keep only what the next output still needs.
    const nextCentre = Math.floor((this.outputCount * inRate) / outRate);
    const drop = Math.min(this.buffer.length, nextCentre - halfTaps + 1 - this.bufferStart);
    if (drop > 0) {
      this.buffer = this.buffer.slice(drop);
      this.bufferStart += drop;
    }
    return Float32Array.from(out);
  }

  /** The taps for an output at input time `centre + phase / outRate`, normalised to unit gain. */
  private coefficients(phase: number): Float32Array {
    const cached = this.phases.get(phase);
    if (cached) return cached;
    const { halfTaps, halfWidth, cutoff, beta, i0Beta } = this;
    const fraction = phase / this.outRate;
    const taps = new Float32Array(2 * halfTaps);
    let total = 0;
    for (let j = 0; j < taps.length; j++) {
      // Distance from the output instant to input sample (centre - halfTaps + 1 + j).
      const tau = fraction + halfTaps - 1 - j;
      const ratio = tau / halfWidth;
      if (Math.abs(ratio) >= 1) continue;
      const x = 2 * cutoff * tau;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const window = besselI0(beta * Math.sqrt(1 - ratio * ratio)) / i0Beta;
      const value = 2 * cutoff * sinc * window;
      taps[j] = value;
      total += value;
    }
    for (let j = 0; j < taps.length; j++) taps[j] = (taps[j] ?? 0) / total;
    if (this.cachePhases) this.phases.set(phase, taps);
    return taps;
  }
}

/** One-shot conversion of a whole signal. */
export function resample(
  input: Float32Array,
  inRate: number,
  outRate: number,
  options?: ResamplerOptions,
): Float32Array {
  const resampler = new Resampler(inRate, outRate, options);
  const head = resampler.process(input);
  const tail = resampler.flush();
  const out = new Float32Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}

/** Float samples (−1…1) to 16-bit PCM, clipped and rounded. */
export function floatToInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out[i] = Math.round(s * 32767);
  }
  return out;
}

/** Level of a block in dB full scale (a full-scale sine is −3 dB); −100 for silence. */
export function rmsDb(samples: Float32Array | Int16Array): number {
  if (samples.length === 0) return -100;
  const scale = samples instanceof Int16Array ? 1 / 32768 : 1;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const s = (samples[i] ?? 0) * scale;
    sum += s * s;
  }
  const rms = Math.sqrt(sum / samples.length);
  return rms > 1e-5 ? Math.max(-100, 20 * Math.log10(rms)) : -100;
}
