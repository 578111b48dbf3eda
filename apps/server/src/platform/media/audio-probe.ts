/**
 * What an uploaded recording really is, from its bytes alone (never from a file name or a
 * client's content type): WAV with integer PCM (8/16/24/32-bit) or MPEG-1/2/2.5 Layer III (MP3).
 * Everything else, and anything truncated or inconsistent, is refused with a message a parent
 * can read. The duration comes from the samples or frames actually present, so a forged header
 * cannot shorten a long upload past the caller's duration cap.
 */

export interface AudioInfo {
  format: 'wav' | 'mp3';
  /** The type to store and serve it with. */
  contentType: 'audio/wav' | 'audio/mpeg';
  /** Seconds. */
  duration: number;
  sampleRate: number;
  channels: number;
  /** WAV only. */
  bitsPerSample?: number;
}

export type AudioProbeResult = AudioInfo | { error: string };

export const AUDIO_UNSUPPORTED = '不支持的音频格式，请上传 WAV 或 MP3 录音';
export const AUDIO_CORRUPT = '音频文件已损坏，请重新录制';
export const AUDIO_EMPTY = '录音是空的，请重新录制';

const unsupported = { error: AUDIO_UNSUPPORTED };
const corrupt = { error: AUDIO_CORRUPT };

export function probeAudio(buf: Buffer): AudioProbeResult {
  if (buf.length === 0) return { error: AUDIO_EMPTY };
  if (ascii(buf, 0, 4) === 'RIFF') {
    return ascii(buf, 8, 4) === 'WAVE' ? probeWav(buf) : unsupported;
  }
  if (ascii(buf, 0, 3) === 'ID3' || isFrameSync(buf, 0)) return probeMp3(buf);
  return unsupported;
}

function ascii(buf: Buffer, at: number, length: number): string {
  return at + length <= buf.length ? buf.toString('latin1', at, at + length) : '';
}

// --- WAV -------------------------------------------------------------------------------

const WAVE_FORMAT_PCM = 0x0001;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;
/** KSDATAFORMAT_SUBTYPE_PCM after its first two bytes (which hold the format tag, 1). */
const PCM_SUBFORMAT_TAIL = Buffer.from('000000001000800000aa00389b71', 'hex');
/** Streaming writers (ffmpeg to a pipe) cannot go back to fill in sizes. */
const UNKNOWN_SIZE = 0xffffffff;

interface WavFormat {
  channels: number;
  sampleRate: number;
  blockAlign: number;
  bitsPerSample: number;
}

/** `fmt ` → the PCM layout, 'unsupported' for other encodings, 'corrupt' for nonsense. */
function readFmt(chunk: Buffer): WavFormat | 'unsupported' | 'corrupt' {
  if (chunk.length < 16) return 'corrupt';
  let tag = chunk.readUInt16LE(0);
  if (tag === WAVE_FORMAT_EXTENSIBLE) {
    if (chunk.length < 40) return 'corrupt';
    const subTag = chunk.readUInt16LE(24);
    tag = chunk.subarray(26, 40).equals(PCM_SUBFORMAT_TAIL) ? subTag : 0;
  }
  if (tag !== WAVE_FORMAT_PCM) return 'unsupported';
  const format = {
    channels: chunk.readUInt16LE(2),
    sampleRate: chunk.readUInt32LE(4),
    blockAlign: chunk.readUInt16LE(12),
    bitsPerSample: chunk.readUInt16LE(14),
  };
  const { channels, sampleRate, blockAlign, bitsPerSample } = format;
  if (![8, 16, 24, 32].includes(bitsPerSample)) return 'unsupported';
  if (channels < 1 || channels > 8) return 'corrupt';
  if (sampleRate < 4000 || sampleRate > 192_000) return 'corrupt';
  if (blockAlign !== channels * (bitsPerSample / 8)) return 'corrupt';
  return format;
}

/** Walks the RIFF chunks (each padded to an even size) for `fmt ` and `data`. */
function probeWav(buf: Buffer): AudioProbeResult {
  let format: WavFormat | undefined;
  let dataBytes: number | undefined;
  let at = 12;
  while (at + 8 <= buf.length) {
    const id = ascii(buf, at, 4);
    const declared = buf.readUInt32LE(at + 4);
    const start = at + 8;
    const streaming = id === 'data' && declared === UNKNOWN_SIZE;
    const size = streaming ? buf.length - start : declared;
    if (start + size > buf.length) return corrupt;
    if (id === 'fmt ') {
      const read = readFmt(buf.subarray(start, start + size));
      if (read === 'unsupported') return unsupported;
      if (read === 'corrupt') return corrupt;
      format = read;
    } else if (id === 'data') {
      // The format must come first: a reader cannot interpret samples it has not been told about.
      if (!format) return corrupt;
      dataBytes = size;
      break;
    }
    at = start + size + (size % 2);
  }
  if (!format || dataBytes === undefined) return corrupt;
  const frames = Math.floor(dataBytes / format.blockAlign);
  if (frames === 0) return { error: AUDIO_EMPTY };
  return {
    format: 'wav',
    contentType: 'audio/wav',
    duration: frames / format.sampleRate,
    sampleRate: format.sampleRate,
    channels: format.channels,
    bitsPerSample: format.bitsPerSample,
  };
}

/** A 44-byte header in front of mono 16-bit little-endian samples. */
export function pcm16ToWav(pcm: Buffer, sampleRate = 16000): Buffer {
  if (pcm.length % 2 !== 0) throw new Error('16-bit PCM needs an even number of bytes');
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(WAVE_FORMAT_PCM, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

// --- MP3 -------------------------------------------------------------------------------

/** kbit/s by bitrate index, Layer III; index 0 ("free") and 15 are not accepted. */
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
/** Hz by sample-rate index, per version. */
const SAMPLE_RATES = {
  '1': [44100, 48000, 32000],
  '2': [22050, 24000, 16000],
  '2.5': [11025, 12000, 8000],
} as const;

interface FrameHeader {
  version: '1' | '2' | '2.5';
  sampleRate: number;
  channels: number;
  /** Bytes including the header. */
  length: number;
  samples: number;
  hasCrc: boolean;
}

function isFrameSync(buf: Buffer, at: number): boolean {
  return at + 1 < buf.length && buf[at] === 0xff && ((buf[at + 1] as number) & 0xe0) === 0xe0;
}

/** The MPEG audio frame header at `at`; 'layer' for a valid header of Layer I/II. */
function readFrameHeader(buf: Buffer, at: number): FrameHeader | 'layer' | null {
  if (at + 4 > buf.length || !isFrameSync(buf, at)) return null;
  const b1 = buf[at + 1] as number;
  const b2 = buf[at + 2] as number;
  const b3 = buf[at + 3] as number;
  const versionBits = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (versionBits === 1 || layerBits === 0 || rateIndex === 3 || (b3 & 3) === 2) return null;
  if (bitrateIndex === 0 || bitrateIndex === 15) return null;
  if (layerBits !== 1) return 'layer';
  const version = versionBits === 3 ? '1' : versionBits === 2 ? '2' : '2.5';
  const kbps = (version === '1' ? BITRATES_V1 : BITRATES_V2)[bitrateIndex] as number;
  const sampleRate = SAMPLE_RATES[version][rateIndex] as number;
  const padding = (b2 >> 1) & 1;
  const samples = version === '1' ? 1152 : 576;
  return {
    version,
    sampleRate,
    channels: b3 >> 6 === 3 ? 1 : 2,
    length: Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding,
    samples,
    hasCrc: (b1 & 1) === 0,
  };
}

/** ID3v2 tags at the start (several may follow each other), skipped whole. */
function skipId3v2(buf: Buffer): number | null {
  let at = 0;
  while (ascii(buf, at, 3) === 'ID3') {
    if (at + 10 > buf.length) return null;
    const flags = buf[at + 5] as number;
    let size = 0;
    for (let i = 6; i < 10; i++) {
      const byte = buf[at + i] as number;
      if (byte & 0x80) return null; // sizes are "syncsafe": 7 bits per byte
      size = (size << 7) | byte;
    }
    at += 10 + size + (flags & 0x10 ? 10 : 0);
    if (at > buf.length) return null;
  }
  return at;
}

/** Where the audio ends: before an ID3v1 tag and/or an APEv2 tag at the end of the file. */
function audioEnd(buf: Buffer, start: number): number {
  let end = buf.length;
  if (end - 128 >= start && ascii(buf, end - 128, 3) === 'TAG') end -= 128;
  if (end - 32 >= start && ascii(buf, end - 32, 8) === 'APETAGEX') {
    const size = buf.readUInt32LE(end - 32 + 12);
    const hasHeader = ((buf.readUInt32LE(end - 32 + 20) >>> 31) & 1) === 1;
    const total = size + (hasHeader ? 32 : 0);
    if (total <= end - start) end -= total;
  }
  return end;
}

interface VbrInfo {
  frames: number;
  /** Encoder delay + padding from a LAME/Lavc tag, to subtract for the exact length. */
  trimSamples: number;
}

/** A Xing/Info (LAME, ffmpeg) or VBRI (Fraunhofer) header frame: not audio, but a frame count. */
function readVbrHeader(buf: Buffer, at: number, header: FrameHeader): VbrInfo | null {
  const sideInfo =
    header.version === '1' ? (header.channels === 1 ? 17 : 32) : header.channels === 1 ? 9 : 17;
  const xing = at + 4 + (header.hasCrc ? 2 : 0) + sideInfo;
  const tag = ascii(buf, xing, 4);
  if (tag === 'Xing' || tag === 'Info') {
    if (xing + 8 > at + header.length) return null;
    const flags = buf.readUInt32BE(xing + 4);
    if (!(flags & 1)) return { frames: -1, trimSamples: 0 };
    const frames = buf.readUInt32BE(xing + 8);
    // With all four optional fields present the LAME tag follows at a fixed place.
    let trimSamples = 0;
    const lame = xing + 120;
    if ((flags & 0xf) === 0xf && lame + 24 <= at + header.length) {
      const encoder = ascii(buf, lame, 4);
      if (encoder === 'LAME' || encoder === 'Lavc' || encoder === 'Lavf') {
        const b = buf.readUIntBE(lame + 21, 3);
        trimSamples = (b >> 12) + (b & 0xfff);
      }
    }
    return { frames, trimSamples };
  }
  const vbri = at + 4 + 32;
  if (ascii(buf, vbri, 4) === 'VBRI' && vbri + 18 <= at + header.length) {
    return { frames: buf.readUInt32BE(vbri + 14), trimSamples: 0 };
  }
  return null;
}

/** Walks every frame from the first to the end; any gap, change or cut means a bad file. */
function probeMp3(buf: Buffer): AudioProbeResult {
  const start = skipId3v2(buf);
  if (start === null) return corrupt;
  let at = start;
  // Some taggers pad with zeros past the declared tag size.
  while (at < buf.length && buf[at] === 0) at++;
  const first = readFrameHeader(buf, at);
  if (first === 'layer') return unsupported;
  if (first === null) return at >= buf.length ? { error: AUDIO_EMPTY } : unsupported;

  const end = audioEnd(buf, at);
  const vbr = readVbrHeader(buf, at, first);
  let audioFrames = 0;
  let frameAt = at;
  while (frameAt < end) {
    const header = readFrameHeader(buf, frameAt);
    if (header === null || header === 'layer') return corrupt;
    if (header.version !== first.version || header.sampleRate !== first.sampleRate) return corrupt;
    if (frameAt + header.length > end) return corrupt;
    if (frameAt !== at || !vbr) audioFrames++;
    frameAt += header.length;
  }
  if (audioFrames === 0) return { error: AUDIO_EMPTY };

  // The VBR header counts frames without reading them all; trust it only when the walk agrees.
  const frames = vbr && Math.abs(vbr.frames - audioFrames) <= 1 ? vbr.frames : audioFrames;
  const totalSamples = frames * first.samples;
  const trim = vbr && vbr.trimSamples < totalSamples ? vbr.trimSamples : 0;
  return {
    format: 'mp3',
    contentType: 'audio/mpeg',
    duration: (totalSamples - trim) / first.sampleRate,
    sampleRate: first.sampleRate,
    channels: first.channels,
  };
}
