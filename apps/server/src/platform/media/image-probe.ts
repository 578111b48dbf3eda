/**
 * What an uploaded picture really is, from its bytes alone (never from a data URL's or a
 * client's declared type), as audio-probe.ts does for recordings: PNG (its signature, then an
 * IHDR chunk with a size), JPEG (start of image, then a marker) or WebP (a RIFF WEBP file with a
 * VP8, VP8L or VP8X chunk). Anything else answers null. The stored object's type follows from
 * the format found, so the server never serves bytes as an image they are not.
 */

export interface ImageInfo {
  format: 'png' | 'jpeg' | 'webp';
  /** The object key's extension (storage derives the content type from it). */
  ext: 'png' | 'jpg' | 'webp';
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function probeImage(buf: Buffer): ImageInfo | null {
  if (isPng(buf)) return { format: 'png', ext: 'png', contentType: 'image/png' };
  if (isJpeg(buf)) return { format: 'jpeg', ext: 'jpg', contentType: 'image/jpeg' };
  if (isWebp(buf)) return { format: 'webp', ext: 'webp', contentType: 'image/webp' };
  return null;
}

/** The signature, then IHDR first (13 bytes) with a width and height above 0. */
function isPng(buf: Buffer): boolean {
  return (
    buf.length >= 33 &&
    buf.subarray(0, 8).equals(PNG_SIGNATURE) &&
    buf.readUInt32BE(8) === 13 &&
    ascii(buf, 12, 4) === 'IHDR' &&
    buf.readUInt32BE(16) > 0 &&
    buf.readUInt32BE(20) > 0
  );
}

/** SOI (FF D8), then a marker segment (FF xx, not a fill byte or another SOI). */
function isJpeg(buf: Buffer): boolean {
  const marker = buf[3] ?? 0;
  return (
    buf.length >= 4 &&
    buf[0] === 0xff &&
    buf[1] === 0xd8 &&
    buf[2] === 0xff &&
    marker >= 0xc0 &&
    marker !== 0xd8 &&
    marker !== 0xff
  );
}

function isWebp(buf: Buffer): boolean {
  const chunk = ascii(buf, 12, 4);
  return (
    buf.length >= 20 &&
    ascii(buf, 0, 4) === 'RIFF' &&
    ascii(buf, 8, 4) === 'WEBP' &&
    (chunk === 'VP8 ' || chunk === 'VP8L' || chunk === 'VP8X')
  );
}

function ascii(buf: Buffer, at: number, length: number): string {
  return at + length <= buf.length ? buf.toString('latin1', at, at + length) : '';
}
