import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AUDIO_CORRUPT, AUDIO_EMPTY } from './audio-probe';
import { isM4a, M4A_NOT_AAC, probeM4a } from './m4a-probe';

// --- hand-made boxes: every rule, without any encoder -----------------------------------------

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const text = (s: string) => Buffer.from(s, 'latin1');

interface Shape {
  brand?: string;
  handler?: string;
  codec?: string;
  scale?: number;
  length?: number;
  tracks?: number;
  mdat?: number;
}

/** An M4A of the given shape: ftyp, moov/trak/mdia (mdhd, hdlr, minf/stbl/stsd), mdat. */
function m4a({
  brand = 'M4A ',
  handler = 'soun',
  codec = 'mp4a',
  scale = 44_100,
  length = 66_150,
  tracks = 1,
  mdat = 32,
}: Shape = {}): Buffer {
  const mdhd = box('mdhd', u32(0), u32(0), u32(0), u32(scale), u32(length), u32(0));
  const hdlr = box('hdlr', u32(0), u32(0), text(handler), Buffer.alloc(12), text('\0'));
  const entry = Buffer.alloc(28);
  entry.writeUInt16BE(1, 6); // data reference index
  entry.writeUInt16BE(2, 16); // channels: a template
  entry.writeUInt16BE(16, 18);
  entry.writeUInt32BE(((scale & 0xffff) << 16) >>> 0, 24);
  const stsd = box('stsd', u32(0), u32(1), box(codec, entry));
  const trak = box('trak', box('mdia', mdhd, hdlr, box('minf', box('stbl', stsd))));
  return Buffer.concat([
    box('ftyp', text(brand), u32(0), text('isom')),
    box('moov', box('mvhd', Buffer.alloc(100)), ...Array.from({ length: tracks }, () => trak)),
    box('mdat', Buffer.alloc(mdat, 0x21)),
  ]);
}

describe('probeM4a', () => {
  it('reads an AAC track: its length and rate', () => {
    const file = m4a();
    expect(isM4a(file)).toBe(true);
    expect(probeM4a(file)).toEqual({
      format: 'm4a',
      contentType: 'audio/mp4',
      duration: 1.5,
      sampleRate: 44_100,
    });
  });

  it.each<[string, Buffer, string]>([
    ['a video track', m4a({ handler: 'vide' }), M4A_NOT_AAC],
    ['Apple Lossless', m4a({ codec: 'alac' }), M4A_NOT_AAC],
    ['two tracks', m4a({ tracks: 2 }), M4A_NOT_AAC],
    ['a brand that is not MPEG-4 audio', m4a({ brand: 'qt  ' }).fill(0x20, 16, 20), M4A_NOT_AAC],
    ['no samples', m4a({ mdat: 0 }), AUDIO_EMPTY],
    ['a length of 0', m4a({ length: 0 }), AUDIO_EMPTY],
    ['a time scale of 0', m4a({ scale: 0 }), AUDIO_CORRUPT],
    ['a truncated file', m4a().subarray(0, 150), AUDIO_CORRUPT],
    ['a WAV', Buffer.concat([text('RIFF'), u32(4), text('WAVE')]), AUDIO_CORRUPT],
  ])('refuses %s', (_name, file, error) => {
    expect(probeM4a(file)).toEqual({ error });
  });

  it('refuses a box that claims more than the file holds', () => {
    const file = m4a();
    file.writeUInt32BE(file.length * 2, 0);
    expect(probeM4a(file)).toEqual({ error: AUDIO_CORRUPT });
  });
});

// --- a real encoder ---------------------------------------------------------------------------

const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
if (!hasFfmpeg) console.warn('m4a-probe tests: `ffmpeg` not installed, skipping its M4A files');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-m4a-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

describe.skipIf(!hasFfmpeg)('probeM4a: files from ffmpeg', () => {
  const make = (name: string, args: string[]) => {
    const out = path.join(workDir, name);
    const source = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1.5:sample_rate=44100'];
    const result = spawnSync('ffmpeg', ['-loglevel', 'error', '-y', ...source, ...args, out]);
    if (result.status !== 0) throw new Error(String(result.stderr));
    return fs.readFileSync(out);
  };

  it('reads AAC in M4A (moov first and last)', () => {
    for (const flags of [[], ['-movflags', '+faststart']]) {
      const info = probeM4a(
        make(`aac${flags.length}.m4a`, ['-c:a', 'aac', '-b:a', '64k', ...flags]),
      );
      expect(info).toMatchObject({ format: 'm4a', sampleRate: 44_100 });
      expect(Math.abs((info as { duration: number }).duration - 1.5)).toBeLessThan(0.05);
    }
  });

  it('refuses a video', () => {
    const video = make('video.mp4', [
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=64x64:d=1.5',
      '-c:v',
      'mpeg4',
      '-c:a',
      'aac',
      '-shortest',
    ]);
    expect(probeM4a(video)).toEqual({ error: M4A_NOT_AAC });
  });
});
