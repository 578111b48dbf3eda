import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeWav, decodeWithFfmpeg, encodeWav, isWav, loadAudio, resample } from './audio';

const tone = (frequency: number, rate: number, seconds: number, amplitude = 0.5): Float32Array =>
  Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / rate),
  );

const rms = (x: Float32Array, from = 0, to = x.length): number => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (x[i] ?? 0) ** 2;
  return Math.sqrt(sum / (to - from));
};

/** Builds a WAV by hand so that formats encodeWav does not produce are covered too. */
function wavBytes(opts: {
  tag: number;
  channels: number;
  rate: number;
  bits: number;
  frames: number[][];
}): Uint8Array {
  const { tag, channels, rate, bits, frames } = opts;
  const bytesPerSample = bits / 8;
  const dataSize = frames.length * channels * bytesPerSample;
  const buf = Buffer.alloc(44 + dataSize);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataSize, 4);
  buf.write('WAVEfmt ', 8, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(tag, 20);
  buf.writeUInt16LE(channels, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * channels * bytesPerSample, 28);
  buf.writeUInt16LE(channels * bytesPerSample, 32);
  buf.writeUInt16LE(bits, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataSize, 40);
  let at = 44;
  for (const frame of frames) {
    for (const value of frame) {
      if (tag === 3) buf.writeFloatLE(value, at);
      else if (bits === 16) buf.writeInt16LE(Math.round(value * 32767), at);
      else if (bits === 24) buf.writeIntLE(Math.round(value * 8388607), at, 3);
      else if (bits === 8) buf.writeUInt8(Math.round(value * 127 + 128), at);
      at += bytesPerSample;
    }
  }
  return new Uint8Array(buf);
}

describe('decodeWav', () => {
  it('round-trips encodeWav (16-bit mono)', () => {
    const samples = tone(440, 22_050, 0.1);
    const wav = decodeWav(encodeWav(samples, 22_050));
    expect(wav).toMatchObject({
      sampleRate: 22_050,
      channels: 1,
      bitsPerSample: 16,
      encoding: 'pcm',
    });
    expect(wav.samples.length).toBe(samples.length);
    for (let i = 0; i < samples.length; i++) {
      expect(Math.abs((wav.samples[i] ?? 0) - (samples[i] ?? 0))).toBeLessThan(1e-4);
    }
  });

  it.each([
    [1, 16],
    [1, 8],
    [1, 24],
    [3, 32],
  ])('averages stereo to mono (format %i, %i bit)', (tag, bits) => {
    const frames = [
      [0.5, 0.25],
      [-0.5, 0.5],
      [0, 0],
    ];
    const wav = decodeWav(wavBytes({ tag, channels: 2, rate: 44_100, bits, frames }));
    expect(wav.channels).toBe(2);
    expect(wav.sampleRate).toBe(44_100);
    expect([...wav.samples].map((x) => Math.round(x * 100) / 100)).toEqual([0.38, 0, 0]);
  });

  it('skips unknown chunks and rejects what it cannot read', () => {
    const plain = encodeWav(tone(100, 8000, 0.01), 8000);
    // Insert a LIST chunk between fmt and data.
    const list = Buffer.from('LIST\x04\x00\x00\x00abcd', 'latin1');
    const withList = Buffer.concat([plain.subarray(0, 36), list, plain.subarray(36)]);
    expect(decodeWav(new Uint8Array(withList)).samples.length).toBe(80);

    expect(isWav(new TextEncoder().encode('ID3 not a wav file'))).toBe(false);
    expect(() => decodeWav(new Uint8Array(8))).toThrow(/Not a WAV/);
    const alaw = wavBytes({ tag: 6, channels: 1, rate: 8000, bits: 8, frames: [[0]] });
    expect(() => decodeWav(alaw)).toThrow(/Unsupported WAV encoding/);
  });
});

describe('resample', () => {
  it('keeps a pass-band tone (frequency and level) when going 44.1 kHz → 16 kHz', () => {
    const out = resample(tone(1000, 44_100, 1), 44_100, 16_000);
    expect(out.length).toBe(16_000);
    const reference = tone(1000, 16_000, 1);
    // Compare away from the edges (the filter needs its support).
    expect(rms(out, 400, 15_600) / rms(reference, 400, 15_600)).toBeCloseTo(1, 2);
    let maxError = 0;
    for (let i = 400; i < 15_600; i++) {
      maxError = Math.max(maxError, Math.abs((out[i] ?? 0) - (reference[i] ?? 0)));
    }
    expect(maxError).toBeLessThan(2e-3);
  });

  it('removes content above the new Nyquist frequency instead of aliasing it', () => {
    // 10 kHz would alias to 6 kHz at 16 kHz; it must be attenuated by > 60 dB.
    const out = resample(tone(10_000, 44_100, 0.5), 44_100, 16_000);
    expect(rms(out, 400, out.length - 400) / rms(tone(10_000, 44_100, 0.5))).toBeLessThan(1e-3);
  });

  it('upsamples (8 kHz → 16 kHz) and copies when the rate is unchanged', () => {
    const input = tone(500, 8000, 0.5);
    const up = resample(input, 8000, 16_000);
    expect(up.length).toBe(8000);
    expect(rms(up, 200, 7800) / rms(tone(500, 16_000, 0.5), 200, 7800)).toBeCloseTo(1, 2);
    const same = resample(input, 8000, 8000);
    expect(same).toEqual(input);
    expect(same).not.toBe(input);
    expect(() => resample(input, 0, 16_000)).toThrow();
  });

  it('gives the same result on the polyphase path and the generic path', () => {
    const input = tone(1234, 48_000, 0.25);
    const polyphase = resample(input, 48_000, 16_000);
    const generic = resample(input, 48_000.000001, 16_000);
    let maxDifference = 0;
    for (let i = 0; i < polyphase.length; i++) {
      maxDifference = Math.max(maxDifference, Math.abs((polyphase[i] ?? 0) - (generic[i] ?? 0)));
    }
    expect(maxDifference).toBeLessThan(1e-5);
  });
});

const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;

describe('loadAudio', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'picbook-speech-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('decodes and resamples a stereo 44.1 kHz WAV to 16 kHz mono', async () => {
    const left = tone(440, 44_100, 0.5);
    const frames = [...left].map((x) => [x, x]);
    const file = path.join(dir, 'stereo.wav');
    writeFileSync(file, wavBytes({ tag: 1, channels: 2, rate: 44_100, bits: 16, frames }));
    const audio = await loadAudio(file);
    expect(audio.length).toBe(8000);
    expect(rms(audio, 200, 7800)).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });

  it.skipIf(!hasFfmpeg)('decodes MP3 with ffmpeg, from a path or from bytes', async () => {
    const wav = path.join(dir, 'tone.wav');
    const mp3 = path.join(dir, 'tone.mp3');
    writeFileSync(wav, encodeWav(tone(440, 44_100, 1), 44_100));
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', wav, mp3]);
    const fromPath = await loadAudio(mp3);
    // MP3 encoders pad with a little silence (encoder delay).
    expect(Math.abs(fromPath.length - 16_000)).toBeLessThan(1200);
    expect(rms(fromPath, 2000, 14_000)).toBeCloseTo(0.5 / Math.SQRT2, 1);
    const { readFile } = await import('node:fs/promises');
    const fromBytes = await loadAudio(new Uint8Array(await readFile(mp3)));
    expect(fromBytes.length).toBe(fromPath.length);
  });

  it('explains clearly when ffmpeg is missing', async () => {
    const bytes = new TextEncoder().encode('ID3 pretend this is an MP3');
    await expect(loadAudio(bytes, { ffmpegPath: '/nonexistent/ffmpeg' })).rejects.toThrow(
      /ffmpeg was not found.*Install ffmpeg/,
    );
  });

  it.skipIf(!hasFfmpeg)('reports ffmpeg failures', async () => {
    await expect(decodeWithFfmpeg(new TextEncoder().encode('garbage'))).rejects.toThrow(
      /ffmpeg could not decode audio data/,
    );
  });
});
