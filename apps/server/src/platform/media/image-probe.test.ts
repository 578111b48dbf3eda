import { describe, expect, it } from 'vitest';
import { probeImage } from './image-probe';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const hex = (h: string) => Buffer.from(h.replaceAll(' ', ''), 'hex');
const webp = (chunk: string) =>
  Buffer.concat([Buffer.from(`RIFF\0\0\0\0WEBP${chunk}`, 'latin1'), Buffer.alloc(8)]);

describe('probeImage', () => {
  it.each([
    ['a 1×1 PNG', PNG_1X1, 'png'],
    ['a JFIF JPEG', hex('ff d8 ff e0 00 10 4a 46 49 46 00'), 'jpeg'],
    ['an Exif JPEG', hex('ff d8 ff e1 00 10 45 78 69 66 00'), 'jpeg'],
    ['a JPEG starting with its quantisation table', hex('ff d8 ff db 00 43 00'), 'jpeg'],
    ['a lossy WebP', webp('VP8 '), 'webp'],
    ['a lossless WebP', webp('VP8L'), 'webp'],
    ['an extended WebP', webp('VP8X'), 'webp'],
  ] as const)('%s is what its bytes say', (_name, bytes, format) => {
    expect(probeImage(bytes)?.format).toBe(format);
  });

  it.each([
    ['nothing', Buffer.alloc(0)],
    ['text', Buffer.from('not really a png')],
    ['HTML', Buffer.from('<svg onload="alert(1)"></svg>')],
    ['a PNG signature alone', PNG_1X1.subarray(0, 8)],
    ['a PNG cut inside IHDR', PNG_1X1.subarray(0, 24)],
    ['a PNG whose first chunk is not IHDR', Buffer.from(PNG_1X1).fill(0x41, 12, 16)],
    ['a PNG of width 0', Buffer.from(PNG_1X1).fill(0, 16, 20)],
    ['a JPEG start of image alone', hex('ff d8')],
    ['a JPEG start followed by a fill byte', hex('ff d8 ff ff')],
    ['a WAV', Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'), Buffer.alloc(8)])],
    ['a WebP without an image chunk', webp('JUNK')],
  ])('%s is not an image', (_name, bytes) => {
    expect(probeImage(bytes)).toBeNull();
  });

  it('names the extension and type to store with', () => {
    expect(probeImage(PNG_1X1)).toEqual({ format: 'png', ext: 'png', contentType: 'image/png' });
    expect(probeImage(hex('ff d8 ff e0'))).toEqual({
      format: 'jpeg',
      ext: 'jpg',
      contentType: 'image/jpeg',
    });
  });
});
