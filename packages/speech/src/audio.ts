import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALIGN_SAMPLE_RATE } from './model';
import { pcm16MonoWavHeader, WAVE_FORMAT_PCM } from './wav';

/** Mono audio as 32-bit float samples in [-1, 1]. */
export interface MonoAudio {
  sampleRate: number;
  samples: Float32Array;
}

/** Decoded WAV: the mono mix plus a description of the source format. */
export interface DecodedWav extends MonoAudio {
  /** Channels in the file (they are averaged into `samples`). */
  channels: number;
  /** Bits per sample in the file. */
  bitsPerSample: number;
  /** 'pcm' (integer) or 'float'. */
  encoding: 'pcm' | 'float';
}

const WAVE_FORMAT_IEEE_FLOAT = 0x0003;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** True when `bytes` starts like a RIFF/WAVE file. */
export function isWav(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE';
}

/**
 * Decodes a RIFF/WAVE file with integer PCM (8, 16, 24 or 32 bit) or IEEE float (32 or
 * 64 bit) samples, any sample rate, any number of channels (averaged to mono).
 * @throws Error describing what is wrong with the file.
 */
export function decodeWav(bytes: Uint8Array): DecodedWav {
  if (!isWav(bytes)) throw new Error('Not a WAV file (missing RIFF/WAVE header)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: { tag: number; channels: number; sampleRate: number; bits: number } | undefined;
  let data: Uint8Array | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset, 4);
    let size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'data' && (size === 0 || size === 0xffffffff || body + size > bytes.length)) {
      // Streamed or truncated file: take whatever is there.
      size = bytes.length - body;
    }
    if (id === 'fmt ') {
      if (size < 16) throw new Error('WAV fmt chunk is too short');
      let tag = view.getUint16(body, true);
      if (tag === WAVE_FORMAT_EXTENSIBLE && size >= 26) tag = view.getUint16(body + 24, true);
      format = {
        tag,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      data = bytes.subarray(body, body + size);
    }
    offset = body + size + (size % 2);
  }
  if (!format) throw new Error('WAV file has no fmt chunk');
  if (!data) throw new Error('WAV file has no data chunk');
  const { tag, channels, sampleRate, bits } = format;
  if (channels < 1) throw new Error('WAV file declares 0 channels');
  if (!(sampleRate > 0)) throw new Error('WAV file declares a sample rate of 0');

  let read: (view: DataView, at: number) => number;
  if (tag === WAVE_FORMAT_PCM && bits === 16) read = (v, at) => v.getInt16(at, true) / 32768;
  else if (tag === WAVE_FORMAT_PCM && bits === 8) read = (v, at) => (v.getUint8(at) - 128) / 128;
  else if (tag === WAVE_FORMAT_PCM && bits === 24)
    read = (v, at) => ((v.getUint8(at + 2) << 24) | (v.getUint16(at, true) << 8)) / 2 ** 31;
  else if (tag === WAVE_FORMAT_PCM && bits === 32) read = (v, at) => v.getInt32(at, true) / 2 ** 31;
  else if (tag === WAVE_FORMAT_IEEE_FLOAT && bits === 32) read = (v, at) => v.getFloat32(at, true);
  else if (tag === WAVE_FORMAT_IEEE_FLOAT && bits === 64) read = (v, at) => v.getFloat64(at, true);
  else {
    throw new Error(
      `Unsupported WAV encoding (format tag 0x${tag.toString(16)}, ${bits} bits); ` +
        'use PCM 8/16/24/32-bit or float 32/64-bit',
    );
  }

  const bytesPerSample = bits / 8;
  const frameSize = bytesPerSample * channels;
  const frames = Math.floor(data.length / frameSize);
  const dataView = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const samples = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    const base = i * frameSize;
    for (let c = 0; c < channels; c++) sum += read(dataView, base + c * bytesPerSample);
    samples[i] = sum / channels;
  }
  return {
    sampleRate,
    samples,
    channels,
    bitsPerSample: bits,
    encoding: tag === WAVE_FORMAT_PCM ? 'pcm' : 'float',
  };
}

/** Encodes mono float samples as a 16-bit PCM WAV file (clipping to [-1, 1]). */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  bytes.set(pcm16MonoWavHeader(samples.length * 2, sampleRate));
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(44 + i * 2, s < 0 ? Math.round(s * 32768) : Math.round(s * 32767), true);
  }
  return bytes;
}

// --- Resampling -----------------------------------------------------------------------

/** Zero crossings of the sinc on each side of the kernel centre. */
const ZERO_CROSSINGS = 24;
/** Kernel table resolution (entries per zero crossing); linearly interpolated. */
const TABLE_RESOLUTION = 512;
/** Kaiser window β: ~80 dB stop-band attenuation. */
const KAISER_BETA = 8;
/** Pass-band edge as a fraction of the lower Nyquist frequency. */
const CUTOFF = 0.94;

let kernelTable: Float64Array | undefined;

/** Zeroth-order modified Bessel function of the first kind (series expansion). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const half = x / 2;
  for (let k = 1; k < 50; k++) {
    term *= (half / k) ** 2;
    sum += term;
    if (term < sum * 1e-16) break;
  }
  return sum;
}

const KAISER_NORM = besselI0(KAISER_BETA);

/** Kaiser-windowed sinc at `x` zero crossings from the centre. */
function kernel(x: number): number {
  const ax = Math.abs(x);
  if (ax >= ZERO_CROSSINGS) return 0;
  const sinc = ax === 0 ? 1 : Math.sin(Math.PI * ax) / (Math.PI * ax);
  const r = ax / ZERO_CROSSINGS;
  return (sinc * besselI0(KAISER_BETA * Math.sqrt(1 - r * r))) / KAISER_NORM;
}

/** {@link kernel} sampled on [0, ZERO_CROSSINGS] for interpolated lookup. */
function getKernelTable(): Float64Array {
  if (kernelTable) return kernelTable;
  const size = ZERO_CROSSINGS * TABLE_RESOLUTION + 2;
  const table = new Float64Array(size);
  for (let i = 0; i < size; i++) table[i] = kernel(i / TABLE_RESOLUTION);
  kernelTable = table;
  return table;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** Largest number of filter phases precomputed for a rational rate ratio. */
const MAX_PHASES = 4096;

/**
 * Band-limited resampling with a Kaiser-windowed sinc (24 zero crossings, β = 8,
 * pass band up to 94 % of the lower Nyquist frequency, so downsampling low-passes
 * before decimating and nothing aliases). Works for any pair of rates; common integer
 * rate pairs (44.1/48/22.05/8 kHz → 16 kHz) use precomputed polyphase filters.
 */
export function resample(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (!(fromRate > 0) || !(toRate > 0)) throw new Error('Sample rates must be positive');
  if (fromRate === toRate) return samples.slice();
  const ratio = toRate / fromRate;
  // Cut-off in cycles per input sample, relative to the input Nyquist (=1).
  const scale = Math.min(1, ratio) * CUTOFF;
  const halfWidth = ZERO_CROSSINGS / scale;
  const outLength = Math.round(samples.length * ratio);
  const out = new Float32Array(outLength);
  const n = samples.length;

  if (Number.isInteger(fromRate) && Number.isInteger(toRate)) {
    const g = gcd(fromRate, toRate);
    const up = toRate / g;
    const down = fromRate / g;
    if (up <= MAX_PHASES) {
      // Output i sits at input position (i·down)/up = base + phase/up.
      const firstTap = new Int32Array(up);
      const weights: Float32Array[] = [];
      for (let phase = 0; phase < up; phase++) {
        const frac = phase / up;
        const lo = Math.ceil(frac - halfWidth);
        const hi = Math.floor(frac + halfWidth);
        firstTap[phase] = lo;
        const w = new Float32Array(hi - lo + 1);
        for (let j = lo; j <= hi; j++) w[j - lo] = kernel((frac - j) * scale) * scale;
        weights.push(w);
      }
      for (let i = 0; i < outLength; i++) {
        const position = i * down;
        const base = Math.floor(position / up);
        const phase = position - base * up;
        const w = weights[phase] ?? new Float32Array();
        const start = base + (firstTap[phase] ?? 0);
        const from = Math.max(0, -start);
        const to = Math.min(w.length, n - start);
        let sum = 0;
        for (let j = from; j < to; j++) sum += (samples[start + j] ?? 0) * (w[j] ?? 0);
        out[i] = sum;
      }
      return out;
    }
  }

  const table = getKernelTable();
  for (let i = 0; i < outLength; i++) {
    const t = i / ratio;
    const first = Math.max(0, Math.ceil(t - halfWidth));
    const last = Math.min(n - 1, Math.floor(t + halfWidth));
    let sum = 0;
    for (let k = first; k <= last; k++) {
      const pos = Math.abs(t - k) * scale * TABLE_RESOLUTION;
      const index = Math.floor(pos);
      const frac = pos - index;
      const a = table[index] ?? 0;
      const b = table[index + 1] ?? 0;
      sum += (samples[k] ?? 0) * (a + (b - a) * frac);
    }
    out[i] = sum * scale;
  }
  return out;
}

// --- Loading ----------------------------------------------------------------------------

export interface LoadAudioOptions {
  /** Output sample rate; default {@link ALIGN_SAMPLE_RATE} (16 kHz). */
  sampleRate?: number;
  /** ffmpeg executable for non-WAV input; default `ffmpeg` on PATH. */
  ffmpegPath?: string;
}

/**
 * Loads narration audio as mono float samples at `sampleRate` (16 kHz by default).
 * WAV files are decoded and resampled in-process; anything else (MP3, M4A, OGG, …)
 * is decoded by `ffmpeg`, which must be installed.
 * @param source a file path or the file's bytes.
 */
export async function loadAudio(
  source: string | Uint8Array,
  options: LoadAudioOptions = {},
): Promise<Float32Array> {
  const sampleRate = options.sampleRate ?? ALIGN_SAMPLE_RATE;
  const bytes = typeof source === 'string' ? new Uint8Array(await readFile(source)) : source;
  if (isWav(bytes)) {
    let wav: DecodedWav | undefined;
    try {
      wav = decodeWav(bytes);
    } catch (error) {
      // Exotic WAV encodings (ADPCM, µ-law, …): let ffmpeg have a go, else report ours.
      if (!(error instanceof Error) || !error.message.startsWith('Unsupported WAV')) throw error;
    }
    if (wav) return resample(wav.samples, wav.sampleRate, sampleRate);
  }
  return decodeWithFfmpeg(source, { sampleRate, ffmpegPath: options.ffmpegPath });
}

/**
 * Decodes any audio file ffmpeg understands to mono float samples:
 * `ffmpeg -i <in> -f s16le -ac 1 -ar <rate> -`.
 * Bytes are written to a temporary file first: ffmpeg can only honour an MP3's
 * encoder-delay/padding (gapless) header when it can seek, and without it every time
 * would be shifted by ~20 ms relative to what browsers play.
 * @throws Error with an explanation when ffmpeg is missing or fails.
 */
export async function decodeWithFfmpeg(
  source: string | Uint8Array,
  options: LoadAudioOptions = {},
): Promise<Float32Array> {
  if (typeof source === 'string') return runFfmpeg(source, `"${source}"`, options);
  const dir = await mkdtemp(path.join(tmpdir(), 'picbook-speech-'));
  try {
    const file = path.join(dir, 'input');
    await writeFile(file, source);
    return await runFfmpeg(file, 'audio data', options);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runFfmpeg(file: string, what: string, options: LoadAudioOptions): Promise<Float32Array> {
  const sampleRate = options.sampleRate ?? ALIGN_SAMPLE_RATE;
  const ffmpeg = options.ffmpegPath ?? 'ffmpeg';
  const args = [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    file,
    '-f',
    's16le',
    '-acodec',
    'pcm_s16le',
    '-ac',
    '1',
    '-ar',
    String(sampleRate),
    '-',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `Cannot decode ${what}: ffmpeg was not found (looked for "${ffmpeg}" on PATH). ` +
                'Install ffmpeg to import MP3 or other compressed narration, or supply a ' +
                'PCM WAV file.',
            )
          : new Error(`Cannot decode ${what}: failed to run ffmpeg: ${error.message}`),
      );
    });
    child.on('close', (code) => {
      if (code !== 0) {
        const message = Buffer.concat(err).toString('utf8').trim();
        reject(new Error(`ffmpeg could not decode ${what} (exit code ${code}): ${message}`));
        return;
      }
      const pcm = Buffer.concat(out);
      const samples = new Float32Array(Math.floor(pcm.length / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 32768;
      resolve(samples);
    });
  });
}

// --- Speech region ----------------------------------------------------------------------

// In its own module: the browser's scorer needs it and nothing of this file's Node I/O.
export { findSpeechBounds, type SpeechBounds } from './speech-bounds';
