import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import {
  type Format,
  ImageOptionError,
  type ImageOptions,
  MAX_SIDE,
  optionsKey,
  PLACEHOLDER_WIDTH,
} from './image-options';
import type { WorkQueue } from './work-queue';

/** Sources larger than this many pixels are refused (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;

const CONTENT_TYPES: Record<Format, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
};

export interface ImageCache {
  dir: string;
  maxBytes: number;
  /** Renders wait here (cache hits do not): a few at a time, a bounded line, then 429. */
  queue: WorkQueue;
}

export interface Transformed {
  file: string;
  contentType: string;
}

function outputFormat(sourceFormat: string | undefined, options: ImageOptions): Format {
  if (options.placeholder) return 'webp';
  if (options.format) return options.format;
  if (
    sourceFormat === 'jpeg' ||
    sourceFormat === 'png' ||
    sourceFormat === 'webp' ||
    sourceFormat === 'avif'
  ) {
    return sourceFormat;
  }
  return 'png';
}

/**
 * The derivative of `source` for `options`, from the disk cache or made with sharp. The cache key
 * covers the source's size and modification time, so a replaced file gets new derivatives.
 */
export async function transformImage(
  source: string,
  options: ImageOptions,
  cache: ImageCache,
): Promise<Transformed> {
  const stat = await fs.promises.stat(source);
  const meta = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const format = outputFormat(meta.format, options);
  const key = createHash('sha256')
    .update(`${source}\0${stat.size}\0${stat.mtimeMs}\0${optionsKey(options)}`)
    .digest('hex')
    .slice(0, 32);
  const file = path.join(cache.dir, key.slice(0, 2), `${key}.${format}`);
  try {
    const now = new Date();
    await fs.promises.utimes(file, now, now);
    return { file, contentType: CONTENT_TYPES[format] };
  } catch {
    // Not cached yet.
  }
  await cache.queue.run(() => render(source, meta, options, format, file));
  scheduleEviction(cache);
  return { file, contentType: CONTENT_TYPES[format] };
}

async function render(
  source: string,
  meta: Metadata,
  options: ImageOptions,
  format: Format,
  file: string,
): Promise<void> {
  let image = sharp(source, {
    limitInputPixels: MAX_INPUT_PIXELS,
    density: meta.format === 'svg' ? 144 : 72,
  });
  if (options.cut) {
    const { left, top, width, height } = options.cut;
    if (!meta.width || !meta.height || left + width > meta.width || top + height > meta.height) {
      throw new ImageOptionError('cut', `超出图片范围（${meta.width}×${meta.height}）`);
    }
    image = image.extract(options.cut);
  }
  if (options.rotate)
    image = image.rotate(options.rotate, { background: { r: 0, g: 0, b: 0, alpha: 0 } });
  if (options.crop)
    image = image.resize({ ...options.crop, fit: 'cover', position: options.gravity });
  if (options.scrop)
    image = image.resize({ ...options.scrop, fit: 'cover', position: sharp.strategy.attention });
  if (options.thumbnail) {
    image = image.resize({
      ...(options.thumbnail.width ? { width: options.thumbnail.width } : {}),
      ...(options.thumbnail.height ? { height: options.thumbnail.height } : {}),
      fit: 'inside',
      withoutEnlargement: true,
    });
  }
  if (options.placeholder) image = image.resize({ width: PLACEHOLDER_WIDTH }).blur(1.5);
  else if (options.blur) image = image.blur(options.blur);

  const quality = options.placeholder ? 40 : options.quality;
  switch (format) {
    case 'jpeg':
      image = image.jpeg({ quality, progressive: options.interlace, mozjpeg: true });
      break;
    case 'png':
      image = image.png({ progressive: options.interlace });
      break;
    case 'avif':
      image = image.avif({ quality });
      break;
    default:
      image = image.webp({ quality });
  }
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  if (info.width > MAX_SIDE || info.height > MAX_SIDE) {
    throw new ImageOptionError('thumbnail', `结果超过 ${MAX_SIDE} 像素，请指定更小的尺寸`);
  }
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.promises.writeFile(temp, data);
  await fs.promises.rename(temp, file);
}

let evicting = false;
let writesSinceEviction = 0;

/** Keeps the cache under its size: every 50 writes, least recently used files go first. */
function scheduleEviction(cache: ImageCache): void {
  writesSinceEviction += 1;
  if (evicting || writesSinceEviction < 50) return;
  writesSinceEviction = 0;
  evicting = true;
  void evictCache(cache).finally(() => {
    evicting = false;
  });
}

export async function evictCache(cache: ImageCache): Promise<number> {
  const files: Array<{ file: string; size: number; used: number }> = [];
  for (const sub of await fs.promises.readdir(cache.dir).catch(() => [])) {
    const dir = path.join(cache.dir, sub);
    for (const name of await fs.promises.readdir(dir).catch(() => [])) {
      const file = path.join(dir, name);
      const st = await fs.promises.stat(file).catch(() => null);
      if (st?.isFile()) files.push({ file, size: st.size, used: Math.max(st.atimeMs, st.mtimeMs) });
    }
  }
  let total = files.reduce((n, f) => n + f.size, 0);
  if (total <= cache.maxBytes) return 0;
  files.sort((a, b) => a.used - b.used);
  let removed = 0;
  for (const f of files) {
    if (total <= cache.maxBytes * 0.9) break;
    await fs.promises.rm(f.file, { force: true });
    total -= f.size;
    removed += 1;
  }
  return removed;
}
