/**
 * The 44-byte RIFF/WAVE header of 16-bit mono PCM — browser-safe (no Node module), shared by the
 * server's `encodeWav` and the web recorder's filed recordings.
 */
export const WAVE_FORMAT_PCM = 0x0001;

/** The header of `dataBytes` bytes of 16-bit mono PCM at `sampleRate`. */
export function pcm16MonoWavHeader(dataBytes: number, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44);
  const view = new DataView(bytes.buffer);
  const writeAscii = (at: number, text: string): void => {
    for (let i = 0; i < text.length; i++) view.setUint8(at + i, text.charCodeAt(i));
  };
  writeAscii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(8, 'WAVE');
  writeAscii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, WAVE_FORMAT_PCM, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  writeAscii(36, 'data');
  view.setUint32(40, dataBytes, true);
  return bytes;
}
