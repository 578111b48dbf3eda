import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AUDIO_CORRUPT,
  AUDIO_EMPTY,
  AUDIO_UNSUPPORTED,
  type AudioInfo,
  pcm16ToWav,
  probeAudio,
} from './audio-probe';

// --- builders ----------------------------------------------------------------------------

function chunk(id: string, body: Buffer, declaredSize = body.length): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(declaredSize, 4);
  return Buffer.concat([head, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

function fmtBody(o: {
  tag?: number;
  channels: number;
  sampleRate: number;
  bits: number;
  blockAlign?: number;
}): Buffer {
  const b = Buffer.alloc(16);
  const blockAlign = o.blockAlign ?? o.channels * (o.bits / 8);
  b.writeUInt16LE(o.tag ?? 1, 0);
  b.writeUInt16LE(o.channels, 2);
  b.writeUInt32LE(o.sampleRate, 4);
  b.writeUInt32LE(o.sampleRate * blockAlign, 8);
  b.writeUInt16LE(blockAlign, 12);
  b.writeUInt16LE(o.bits, 14);
  return b;
}

/** WAVE_FORMAT_EXTENSIBLE with the given sub-format tag (1 = PCM, 3 = float). */
function extensibleFmt(channels: number, sampleRate: number, bits: number, subTag: number) {
  const base = fmtBody({ tag: 0xfffe, channels, sampleRate, bits });
  const ext = Buffer.alloc(24);
  ext.writeUInt16LE(22, 0); // cbSize
  ext.writeUInt16LE(bits, 2); // valid bits
  ext.writeUInt32LE(channels === 2 ? 3 : 4, 4); // channel mask
  ext.writeUInt16LE(subTag, 8);
  Buffer.from('000000001000800000aa00389b71', 'hex').copy(ext, 10);
  return Buffer.concat([base, ext]);
}

function riff(chunks: Buffer[], form = 'WAVE'): Buffer {
  const body = Buffer.concat([Buffer.from(form, 'latin1'), ...chunks]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** MPEG audio frame: header bytes, the rest zero (silence decoders accept). */
function mpegFrame(b1: number, b2: number, b3: number, length: number): Buffer {
  const frame = Buffer.alloc(length);
  frame[0] = 0xff;
  frame[1] = b1;
  frame[2] = b2;
  frame[3] = b3;
  return frame;
}

// MPEG-1 Layer III, no CRC (0xfb); 128 kbit/s at 44.1 kHz (0x90, +2 with padding); mono (0xc0).
const V1_128_MONO = mpegFrame(0xfb, 0x90, 0xc0, 417);
const V1_128_MONO_PADDED = mpegFrame(0xfb, 0x92, 0xc0, 418);
// MPEG-2 Layer III (0xf3), 64 kbit/s at 22.05 kHz (0x80), stereo: 72 * 64000 / 22050 = 208 bytes.
const V2_64_STEREO = mpegFrame(0xf3, 0x80, 0x00, 208);
// MPEG-2.5 Layer III (0xe3), 8 kbit/s at 8 kHz (0x18), mono: 72 * 8000 / 8000 = 72 bytes.
const V25_8_MONO = mpegFrame(0xe3, 0x18, 0xc0, 72);
// MPEG-1 Layer II (0xfd) at 128 kbit/s.
const LAYER2 = mpegFrame(0xfd, 0x90, 0xc0, 417);

function id3v2(bodyLength: number): Buffer {
  const tag = Buffer.alloc(10 + bodyLength);
  tag.write('ID3', 0, 'latin1');
  tag[3] = 4;
  let size = bodyLength;
  for (let i = 9; i >= 6; i--) {
    tag[i] = size & 0x7f;
    size >>= 7;
  }
  tag.write('TIT2', 10, 'latin1');
  return tag;
}

function id3v1(): Buffer {
  const tag = Buffer.alloc(128);
  tag.write('TAGA children song', 0, 'latin1');
  return tag;
}

/** A first frame carrying an Info header that says `frames` audio frames follow. */
function infoFrame(frames: number): Buffer {
  const frame = Buffer.from(V1_128_MONO);
  const at = 4 + 17; // MPEG-1 mono side information
  frame.write('Info', at, 'latin1');
  frame.writeUInt32BE(1, at + 4);
  frame.writeUInt32BE(frames, at + 8);
  return frame;
}

const repeat = (frame: Buffer, n: number) => Buffer.concat(Array.from({ length: n }, () => frame));

function sine(seconds: number, sampleRate: number): Buffer {
  const n = Math.round(seconds * sampleRate);
  const pcm = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) {
    pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), i * 2);
  }
  return pcm;
}

const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');

// --- WAV ---------------------------------------------------------------------------------

describe('pcm16ToWav', () => {
  it('writes the 44-byte canonical header', () => {
    const wav = pcm16ToWav(Buffer.alloc(32000), 16000);
    expect(wav.length).toBe(44 + 32000);
    expect(wav.subarray(0, 44).toString('hex')).toBe(
      '52494646' + // RIFF
        '247d0000' + // 36 + 32000
        '57415645' + // WAVE
        '666d7420' + // "fmt "
        '10000000' + // 16
        '0100' + // PCM
        '0100' + // mono
        '803e0000' + // 16000 Hz
        '007d0000' + // 32000 bytes/s
        '0200' + // block align
        '1000' + // 16 bits
        '64617461' + // data
        '007d0000', // 32000
    );
    expect(() => pcm16ToWav(Buffer.alloc(3))).toThrow('even');
  });
});

describe('probeAudio: WAV', () => {
  const pcm = (frames: number, blockAlign: number) => Buffer.alloc(frames * blockAlign);
  it.each<[string, Buffer, Partial<AudioInfo>]>([
    [
      'pcm16ToWav, 16 kHz mono, 1 s',
      pcm16ToWav(sine(1, 16000)),
      { duration: 1, sampleRate: 16000, channels: 1, bitsPerSample: 16 },
    ],
    [
      '44.1 kHz stereo 16-bit, 0.5 s',
      riff([
        chunk('fmt ', fmtBody({ channels: 2, sampleRate: 44100, bits: 16 })),
        chunk('data', pcm(22050, 4)),
      ]),
      { duration: 0.5, sampleRate: 44100, channels: 2, bitsPerSample: 16 },
    ],
    [
      '8 kHz mono 8-bit',
      riff([
        chunk('fmt ', fmtBody({ channels: 1, sampleRate: 8000, bits: 8 })),
        chunk('data', pcm(4000, 1)),
      ]),
      { duration: 0.5, bitsPerSample: 8 },
    ],
    [
      'WAVE_FORMAT_EXTENSIBLE with the PCM sub-format, 24-bit 48 kHz stereo',
      riff([chunk('fmt ', extensibleFmt(2, 48000, 24, 1)), chunk('data', pcm(48000, 6))]),
      { duration: 1, sampleRate: 48000, channels: 2, bitsPerSample: 24 },
    ],
    [
      'an odd-sized LIST chunk (padded) and JUNK before the data',
      riff([
        chunk('JUNK', Buffer.alloc(28)),
        chunk('fmt ', fmtBody({ channels: 1, sampleRate: 16000, bits: 16 })),
        chunk('LIST', Buffer.from('INFOx')),
        chunk('data', pcm(8000, 2)),
      ]),
      { duration: 0.5 },
    ],
    [
      'an 18-byte fmt chunk (cbSize 0)',
      riff([
        chunk(
          'fmt ',
          Buffer.concat([fmtBody({ channels: 1, sampleRate: 16000, bits: 16 }), Buffer.alloc(2)]),
        ),
        chunk('data', pcm(1600, 2)),
      ]),
      { duration: 0.1 },
    ],
    [
      'an odd data chunk at the very end without its pad byte',
      Buffer.concat([
        riff([chunk('fmt ', fmtBody({ channels: 1, sampleRate: 8000, bits: 8 }))]),
        chunk('data', pcm(801, 1)).subarray(0, 8 + 801),
      ]),
      { duration: 801 / 8000 },
    ],
    [
      'a streamed data size (0xFFFFFFFF: to the end of the file)',
      riff([
        chunk('fmt ', fmtBody({ channels: 1, sampleRate: 16000, bits: 16 })),
        chunk('data', pcm(3200, 2), 0xffffffff),
      ]),
      { duration: 0.2 },
    ],
  ])('reads %s', (_name, file, expected) => {
    const info = probeAudio(file);
    expect(info).toMatchObject({ format: 'wav', contentType: 'audio/wav', ...expected });
  });

  const good = riff([
    chunk('fmt ', fmtBody({ channels: 1, sampleRate: 16000, bits: 16 })),
    chunk('data', pcm(1600, 2)),
  ]);

  it.each<[string, Buffer, string]>([
    [
      'IEEE float',
      riff([
        chunk('fmt ', fmtBody({ tag: 3, channels: 1, sampleRate: 16000, bits: 32 })),
        chunk('data', pcm(100, 4)),
      ]),
      AUDIO_UNSUPPORTED,
    ],
    [
      'extensible with the float sub-format',
      riff([chunk('fmt ', extensibleFmt(2, 48000, 32, 3)), chunk('data', pcm(100, 8))]),
      AUDIO_UNSUPPORTED,
    ],
    [
      'A-law',
      riff([
        chunk('fmt ', fmtBody({ tag: 6, channels: 1, sampleRate: 8000, bits: 8 })),
        chunk('data', pcm(100, 1)),
      ]),
      AUDIO_UNSUPPORTED,
    ],
    [
      'a RIFF file that is not WAVE (AVI)',
      riff([chunk('LIST', Buffer.alloc(64))], 'AVI '),
      AUDIO_UNSUPPORTED,
    ],
    ['RIFF with nothing after it', Buffer.from('RIFF'), AUDIO_UNSUPPORTED],
    ['WAVE without a fmt chunk', riff([chunk('data', pcm(100, 2))]), AUDIO_CORRUPT],
    [
      'data before fmt',
      riff([
        chunk('data', pcm(100, 2)),
        chunk('fmt ', fmtBody({ channels: 1, sampleRate: 16000, bits: 16 })),
      ]),
      AUDIO_CORRUPT,
    ],
    [
      'WAVE without a data chunk',
      riff([chunk('fmt ', fmtBody({ channels: 1, sampleRate: 16000, bits: 16 }))]),
      AUDIO_CORRUPT,
    ],
    ['truncated in the middle of the samples', good.subarray(0, good.length - 1000), AUDIO_CORRUPT],
    ['truncated inside the header', good.subarray(0, 30), AUDIO_CORRUPT],
    [
      'a block align that does not fit the format',
      riff([
        chunk('fmt ', fmtBody({ channels: 2, sampleRate: 16000, bits: 16, blockAlign: 2 })),
        chunk('data', pcm(100, 4)),
      ]),
      AUDIO_CORRUPT,
    ],
    [
      'a short fmt chunk',
      riff([chunk('fmt ', Buffer.alloc(12)), chunk('data', pcm(100, 2))]),
      AUDIO_CORRUPT,
    ],
    [
      'no samples',
      riff([
        chunk('fmt ', fmtBody({ channels: 1, sampleRate: 16000, bits: 16 })),
        chunk('data', Buffer.alloc(0)),
      ]),
      AUDIO_EMPTY,
    ],
  ])('refuses %s', (_name, file, error) => {
    expect(probeAudio(file)).toEqual({ error });
  });
});

// --- MP3 (hand-built frames: these never skip) --------------------------------------------

describe('probeAudio: hand-built MP3 frames', () => {
  it.each<[string, Buffer, Partial<AudioInfo>]>([
    [
      'MPEG-1 Layer III 128 kbit/s 44.1 kHz mono, padded and unpadded frames',
      Buffer.concat([repeat(V1_128_MONO, 5), repeat(V1_128_MONO_PADDED, 5)]),
      { duration: (10 * 1152) / 44100, sampleRate: 44100, channels: 1 },
    ],
    [
      'MPEG-2 Layer III 22.05 kHz stereo',
      repeat(V2_64_STEREO, 20),
      { duration: (20 * 576) / 22050, sampleRate: 22050, channels: 2 },
    ],
    [
      'MPEG-2.5 Layer III 8 kHz mono',
      repeat(V25_8_MONO, 50),
      { duration: (50 * 576) / 8000, sampleRate: 8000, channels: 1 },
    ],
    [
      'an ID3v2 tag before and an ID3v1 tag after',
      Buffer.concat([id3v2(300), repeat(V1_128_MONO, 4), id3v1()]),
      { duration: (4 * 1152) / 44100 },
    ],
    [
      'an Info frame that is not audio but counts the frames',
      Buffer.concat([infoFrame(8), repeat(V1_128_MONO, 8)]),
      { duration: (8 * 1152) / 44100 },
    ],
    [
      'an Info frame whose count disagrees with the frames (the walk wins)',
      Buffer.concat([infoFrame(100_000), repeat(V1_128_MONO, 8)]),
      { duration: (8 * 1152) / 44100 },
    ],
  ])('reads %s', (_name, file, expected) => {
    const info = probeAudio(file);
    expect(info).toMatchObject({ format: 'mp3', contentType: 'audio/mpeg' });
    const { duration, ...rest } = expected;
    expect(info).toMatchObject(rest);
    expect((info as AudioInfo).duration).toBeCloseTo(duration as number, 6);
  });

  const good = repeat(V1_128_MONO, 10);
  it.each<[string, Buffer, string]>([
    ['a cut in the last frame', good.subarray(0, good.length - 100), AUDIO_CORRUPT],
    [
      'garbage between frames',
      Buffer.concat([repeat(V1_128_MONO, 3), Buffer.from('junk'), repeat(V1_128_MONO, 3)]),
      AUDIO_CORRUPT,
    ],
    [
      'a change of MPEG version mid-stream',
      Buffer.concat([repeat(V1_128_MONO, 3), repeat(V2_64_STEREO, 3)]),
      AUDIO_CORRUPT,
    ],
    ['MPEG Layer II', repeat(LAYER2, 5), AUDIO_UNSUPPORTED],
    ['a free-format bitrate', repeat(mpegFrame(0xfb, 0x00, 0xc0, 417), 3), AUDIO_UNSUPPORTED],
    ['an ID3v2 tag followed by HTML', Buffer.concat([id3v2(20), html]), AUDIO_UNSUPPORTED],
    ['an ID3v2 tag longer than the file', id3v2(1000).subarray(0, 200), AUDIO_CORRUPT],
    ['an ID3v2 tag and nothing else', id3v2(100), AUDIO_EMPTY],
  ])('refuses %s', (_name, file, error) => {
    expect(probeAudio(file)).toEqual({ error });
  });
});

describe('probeAudio: spoofed and foreign files', () => {
  it.each<[string, Buffer, string]>([
    ['an HTML page renamed .mp3', html, AUDIO_UNSUPPORTED],
    ['plain text', Buffer.from('hello, this is not audio'), AUDIO_UNSUPPORTED],
    ['Ogg', Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60)]), AUDIO_UNSUPPORTED],
    [
      'WebM/Matroska',
      Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.alloc(60)]),
      AUDIO_UNSUPPORTED,
    ],
    [
      'MP4/M4A',
      Buffer.concat([Buffer.from('00000020667479704d344120', 'hex'), Buffer.alloc(60)]),
      AUDIO_UNSUPPORTED,
    ],
    ['an empty file', Buffer.alloc(0), AUDIO_EMPTY],
  ])('refuses %s', (_name, file, error) => {
    expect(probeAudio(file)).toEqual({ error });
  });
});

// --- real encoders -----------------------------------------------------------------------

const hasTool = (tool: string) => spawnSync(tool, ['-version'], { stdio: 'ignore' }).status === 0;
const hasLame = spawnSync('lame', ['--version'], { stdio: 'ignore' }).status === 0;
const hasFfmpeg = hasTool('ffmpeg');
if (!hasLame) console.warn('audio-probe tests: `lame` not installed, skipping lame-encoded MP3s');
if (!hasFfmpeg) console.warn('audio-probe tests: `ffmpeg` not installed, skipping ffmpeg files');

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-probe-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

function run(tool: string, args: string[]): void {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr}`);
}

/** 2.000 s of 440 Hz at 44.1 kHz mono as a WAV file for the encoders. */
function sourceWav(channels: 1 | 2 = 1): string {
  const file = path.join(workDir, `source-${channels}.wav`);
  if (fs.existsSync(file)) return file;
  const mono = sine(2, 44100);
  if (channels === 1) {
    fs.writeFileSync(file, pcm16ToWav(mono, 44100));
    return file;
  }
  const stereo = Buffer.alloc(mono.length * 2);
  for (let i = 0; i < mono.length / 2; i++) {
    stereo.writeInt16LE(mono.readInt16LE(i * 2), i * 4);
    stereo.writeInt16LE(-mono.readInt16LE(i * 2), i * 4 + 2);
  }
  const format = fmtBody({ channels: 2, sampleRate: 44100, bits: 16 });
  fs.writeFileSync(file, riff([chunk('fmt ', format), chunk('data', stereo)]));
  return file;
}

/** ffprobe's duration, which counts whole frames (it does not trim the encoder delay). */
function ffprobeDuration(file: string): number {
  const result = spawnSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
    { encoding: 'utf8' },
  );
  return Number(result.stdout.trim());
}

describe.skipIf(!hasLame)('probeAudio: MP3s from lame', () => {
  // "gapless": the Info/Xing frame's LAME tag gives the encoder delay and padding, so the
  // duration is the source's 2.000 s. Without that tag the frames are all there is, and the
  // duration is what ffprobe says (whole frames).
  it.each<[string, string[], Partial<AudioInfo>, 'gapless' | 'frames']>([
    [
      'CBR 64 kbit/s (Info frame, LAME tag)',
      ['-b', '64'],
      { sampleRate: 44100, channels: 1 },
      'gapless',
    ],
    ['VBR -V 5 (Xing frame)', ['-V', '5'], { sampleRate: 44100 }, 'gapless'],
    [
      'stereo at 48 kHz',
      ['-m', 's', '-b', '96', '--resample', '48'],
      { sampleRate: 48000, channels: 2 },
      'gapless',
    ],
    ['joint stereo VBR', ['-m', 'j', '-V', '4'], { sampleRate: 44100, channels: 2 }, 'gapless'],
    [
      'VBR at 22.05 kHz (MPEG-2)',
      ['--resample', '22.05', '-V', '7'],
      { sampleRate: 22050 },
      'gapless',
    ],
    // Frames too small for an Info tag at these bitrates, so lame writes none.
    [
      'CBR 32 kbit/s at 22.05 kHz (MPEG-2)',
      ['--resample', '22.05', '-b', '32'],
      { sampleRate: 22050 },
      'frames',
    ],
    [
      'CBR 16 kbit/s at 8 kHz (MPEG-2.5)',
      ['--resample', '8', '-b', '16'],
      { sampleRate: 8000 },
      'frames',
    ],
    ['no Xing/Info frame (-t)', ['-t', '-b', '64'], { sampleRate: 44100 }, 'frames'],
    [
      'ID3v2 and ID3v1 tags',
      ['-b', '64', '--add-id3v2', '--tt', 'Little Star', '--ta', 'PicBook'],
      { sampleRate: 44100 },
      'gapless',
    ],
  ])('%s', (name, args, expected, kind) => {
    const out = path.join(workDir, `${name.replace(/\W+/g, '-')}.mp3`);
    run('lame', ['--quiet', ...args, sourceWav(expected.channels === 2 ? 2 : 1), out]);
    const info = probeAudio(fs.readFileSync(out));
    expect(info).toMatchObject({ format: 'mp3', contentType: 'audio/mpeg', ...expected });
    const duration = (info as AudioInfo).duration;
    if (kind === 'gapless') expect(duration).toBeCloseTo(2, 3);
    else if (hasTool('ffprobe')) expect(duration).toBeCloseTo(ffprobeDuration(out), 3);
    else expect(duration).toBeGreaterThan(2);
  });

  it('refuses a lame MP3 cut short', () => {
    const out = path.join(workDir, 'cut.mp3');
    run('lame', ['--quiet', '-b', '64', sourceWav(), out]);
    const bytes = fs.readFileSync(out);
    expect(probeAudio(bytes.subarray(0, Math.floor(bytes.length * 0.6)))).toEqual({
      error: AUDIO_CORRUPT,
    });
  });
});

describe.skipIf(!hasFfmpeg)('probeAudio: files from ffmpeg', () => {
  const make = (name: string, args: string[]) => {
    const out = path.join(workDir, name);
    run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=1.5:sample_rate=44100',
      ...args,
      out,
    ]);
    return fs.readFileSync(out);
  };

  it.each<[string, string[], Partial<AudioInfo>]>([
    ['mp3 (libmp3lame, ID3v2 + Info)', ['-c:a', 'libmp3lame', '-b:a', '48k'], { format: 'mp3' }],
    ['wav 16-bit', ['-c:a', 'pcm_s16le'], { format: 'wav', bitsPerSample: 16 }],
    ['wav 24-bit (extensible)', ['-c:a', 'pcm_s24le'], { format: 'wav', bitsPerSample: 24 }],
    [
      'wav 22.05 kHz stereo',
      ['-ar', '22050', '-ac', '2'],
      { format: 'wav', channels: 2, sampleRate: 22050 },
    ],
  ])('reads %s', (name, args, expected) => {
    const ext = expected.format === 'mp3' ? 'mp3' : 'wav';
    const info = probeAudio(make(`${name.replace(/\W+/g, '-')}.${ext}`, args));
    expect(info).toMatchObject(expected);
    expect(Math.abs((info as AudioInfo).duration - 1.5)).toBeLessThanOrEqual(0.01);
  });

  it('reads a WAV streamed to a pipe (sizes left as 0xFFFFFFFF)', () => {
    const result = spawnSync(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'sine=duration=0.5',
        '-f',
        'wav',
        '-',
      ],
      { maxBuffer: 10 * 1024 * 1024 },
    );
    expect(result.stdout.readUInt32LE(4)).toBe(0xffffffff);
    expect(probeAudio(result.stdout)).toMatchObject({ format: 'wav', duration: 0.5 });
  });

  it.each([
    ['ogg', ['-c:a', 'libvorbis']],
    ['opus', ['-c:a', 'libopus']],
    ['webm', ['-c:a', 'libopus']],
    ['m4a', ['-c:a', 'aac']],
    ['flac', ['-c:a', 'flac']],
    ['mp2', ['-c:a', 'mp2']],
    ['f32.wav', ['-c:a', 'pcm_f32le']],
  ])('refuses .%s', (ext, args) => {
    expect(probeAudio(make(`x.${ext}`, args))).toEqual({ error: AUDIO_UNSUPPORTED });
  });
});
