import { AUDIO_CORRUPT, AUDIO_EMPTY } from './audio-probe';

/**
 * What an uploaded M4A really is, from its bytes alone (the companion of `probeAudio`, which reads
 * WAV and MP3): an MPEG-4 file (ISO base media boxes) whose one track is sound coded as AAC
 * (`mp4a`), the kind every browser plays. A video, a second track, Apple Lossless or anything
 * truncated is refused. The duration comes from the audio track's own header.
 */
export interface M4aInfo {
  format: 'm4a';
  contentType: 'audio/mp4';
  /** Seconds. */
  duration: number;
  sampleRate: number;
}

export const M4A_NOT_AAC = 'M4A 录音需要是 AAC 编码的声音（不能有视频）';

/** `ftyp` brands of MPEG-4 audio files (iTunes, QuickTime, phones' recorders, ffmpeg). */
const BRANDS = new Set(['M4A ', 'M4B ', 'mp42', 'mp41', 'isom', 'iso2', 'iso5', 'iso6', 'dash']);

interface Box {
  type: string;
  /** The payload, after the box header. */
  body: Buffer;
}

/** True when the bytes start as an MPEG-4 file does (an `ftyp` box first). */
export function isM4a(buf: Buffer): boolean {
  return buf.length >= 12 && buf.toString('latin1', 4, 8) === 'ftyp';
}

/** The boxes laid end to end in `buf`; null when one claims more bytes than there are. */
function boxes(buf: Buffer): Box[] | null {
  const out: Box[] = [];
  let at = 0;
  while (at + 8 <= buf.length) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > buf.length) return null;
      const large = buf.readBigUInt64BE(at + 8);
      if (large > BigInt(buf.length - at)) return null;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = buf.length - at;
    }
    if (size < header || at + size > buf.length) return null;
    out.push({ type, body: buf.subarray(at + header, at + size) });
    at += size;
  }
  return at === buf.length ? out : null;
}

const child = (list: Box[] | null, type: string) => list?.find((b) => b.type === type) ?? null;
const children = (box: Box | null) => (box ? boxes(box.body) : null);

/** `mdhd` → the track's time scale and length in it (versions 0 and 1). */
function mediaHeader(box: Box | null): { scale: number; length: number } | null {
  if (!box || box.body.length < 24) return null;
  if (box.body[0] === 1) {
    if (box.body.length < 36) return null;
    return { scale: box.body.readUInt32BE(20), length: Number(box.body.readBigUInt64BE(24)) };
  }
  return { scale: box.body.readUInt32BE(12), length: box.body.readUInt32BE(16) };
}

export function probeM4a(buf: Buffer): M4aInfo | { error: string } {
  const corrupt = { error: AUDIO_CORRUPT };
  if (!isM4a(buf)) return corrupt;
  const top = boxes(buf);
  const ftyp = child(top, 'ftyp');
  if (!top || !ftyp || ftyp.body.length < 8) return corrupt;
  const brands = [ftyp.body.toString('latin1', 0, 4)];
  for (let at = 8; at + 4 <= ftyp.body.length; at += 4) {
    brands.push(ftyp.body.toString('latin1', at, at + 4));
  }
  if (!brands.some((b) => BRANDS.has(b))) return { error: M4A_NOT_AAC };
  const mdat = top.filter((b) => b.type === 'mdat').reduce((n, b) => n + b.body.length, 0);
  const traks = (children(child(top, 'moov')) ?? []).filter((b) => b.type === 'trak');
  if (traks.length !== 1) return traks.length === 0 ? corrupt : { error: M4A_NOT_AAC };
  const mdia = child(children(traks[0] ?? null), 'mdia');
  const parts = children(mdia);
  const hdlr = child(parts, 'hdlr');
  if (!hdlr || hdlr.body.length < 12) return corrupt;
  if (hdlr.body.toString('latin1', 8, 12) !== 'soun') return { error: M4A_NOT_AAC };
  const time = mediaHeader(child(parts, 'mdhd'));
  const stsd = child(children(child(children(child(parts, 'minf')), 'stbl')), 'stsd');
  // stsd: version/flags, entry count, then the first sample entry (size, format, …).
  if (!time || !stsd || stsd.body.length < 16) return corrupt;
  if (stsd.body.toString('latin1', 12, 16) !== 'mp4a') return { error: M4A_NOT_AAC };
  // The audio sample entry: 6 reserved + 2 reference + 8 reserved, channels, sample size, …,
  // the rate as 16.16 fixed point. (Its channel count is a template, often 2 for mono: the real
  // one is in the AAC configuration, and nothing here needs it.)
  const entry = stsd.body.subarray(8);
  if (entry.length < 36) return corrupt;
  const sampleRate = entry.readUInt32BE(32) >>> 16 || time.scale;
  if (time.scale === 0) return corrupt;
  const duration = time.length / time.scale;
  if (duration <= 0 || mdat === 0) return { error: AUDIO_EMPTY };
  return { format: 'm4a', contentType: 'audio/mp4', duration, sampleRate };
}
