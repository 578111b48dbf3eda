/** Minimal PCM WAV reading/writing for the narration pipeline (16-bit mono). */
export interface Pcm {
  sampleRate: number;
  samples: Int16Array;
}

export function readWav(buffer: Buffer): Pcm {
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a RIFF/WAVE file');
  }
  let offset = 12;
  let sampleRate = 0;
  let channels = 1;
  let bits = 16;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = buffer.readUInt16LE(body + 2);
      sampleRate = buffer.readUInt32LE(body + 4);
      bits = buffer.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (bits !== 16 || channels !== 1)
        throw new Error(`expected 16-bit mono, got ${bits}-bit ${channels} ch`);
      const end = Math.min(buffer.length, body + size);
      const samples = new Int16Array(
        buffer.buffer.slice(buffer.byteOffset + body, buffer.byteOffset + end),
      );
      return { sampleRate, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}

export function writeWav(pcm: Pcm): Buffer {
  const data = Buffer.from(pcm.samples.buffer, pcm.samples.byteOffset, pcm.samples.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(pcm.sampleRate, 24);
  header.writeUInt32LE(pcm.sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export function concatWithGaps(parts: Pcm[], gapSeconds: number): { pcm: Pcm; offsets: number[] } {
  const sampleRate = parts[0]?.sampleRate ?? 16000;
  const gap = Math.round(gapSeconds * sampleRate);
  const total =
    parts.reduce((n, p) => n + p.samples.length, 0) + gap * Math.max(0, parts.length - 1);
  const samples = new Int16Array(total);
  const offsets: number[] = [];
  let at = 0;
  parts.forEach((part, i) => {
    if (part.sampleRate !== sampleRate) throw new Error('sample rates differ');
    offsets.push(at / sampleRate);
    samples.set(part.samples, at);
    at += part.samples.length + (i < parts.length - 1 ? gap : 0);
  });
  return { pcm: { sampleRate, samples }, offsets };
}

/**
 * Loudness normalisation: scales so the RMS of the voiced frames (20 ms frames above a floor)
 * reaches `targetDb` dBFS, limited so the peak stays below `peakDb`. Deterministic.
 */
export function normaliseLoudness(pcm: Pcm, targetDb = -20, peakDb = -2): Pcm {
  const frame = Math.max(1, Math.round(pcm.sampleRate * 0.02));
  let voicedSum = 0;
  let voicedCount = 0;
  let peak = 0;
  for (let i = 0; i < pcm.samples.length; i += frame) {
    let sum = 0;
    const end = Math.min(pcm.samples.length, i + frame);
    for (let j = i; j < end; j++) {
      const v = (pcm.samples[j] ?? 0) / 32768;
      sum += v * v;
      peak = Math.max(peak, Math.abs(v));
    }
    if (sum / (end - i) > 1e-5) {
      voicedSum += sum;
      voicedCount += end - i;
    }
  }
  if (voicedCount === 0 || peak === 0) return pcm;
  const rms = Math.sqrt(voicedSum / voicedCount);
  const gain = Math.min(10 ** (targetDb / 20) / rms, 10 ** (peakDb / 20) / peak);
  const samples = new Int16Array(pcm.samples.length);
  for (let i = 0; i < samples.length; i++) {
    samples[i] = Math.max(-32768, Math.min(32767, Math.round((pcm.samples[i] ?? 0) * gain)));
  }
  return { sampleRate: pcm.sampleRate, samples };
}
