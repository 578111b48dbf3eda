/**
 * Image display options of the spec (shell-and-account §3): thumbnail, cut, crop, gravity
 * (default center), scrop, rotate, quality (default 85), blur, interlace (default 1),
 * placeholder — plus format. Parsed from the query string; every bad value is an error naming
 * the parameter.
 */
export const GRAVITIES = [
  'center',
  'north',
  'south',
  'east',
  'west',
  'northeast',
  'northwest',
  'southeast',
  'southwest',
] as const;
export type Gravity = (typeof GRAVITIES)[number];
export const FORMATS = ['webp', 'jpeg', 'png', 'avif'] as const;
export type Format = (typeof FORMATS)[number];

/**
 * The sides (px) a thumbnail, crop or scrop may ask for: common display widths up to 2048. A
 * bounded set keeps the number of derivatives of a picture — and the work a stranger can ask
 * for with made-up sizes — bounded (decision 025); placeholders are 24 px wide.
 */
export const IMAGE_SIDES = [
  16, 24, 32, 40, 48, 64, 80, 96, 100, 120, 128, 144, 150, 160, 180, 192, 200, 240, 256, 270, 300,
  320, 360, 375, 400, 480, 500, 512, 540, 600, 640, 720, 750, 768, 800, 960, 1024, 1080, 1200, 1280,
  1440, 1536, 1600, 1920, 2048,
] as const;
export const MAX_SIDE = 2048;
export const PLACEHOLDER_WIDTH = 24;

export interface Size {
  width: number | null;
  height: number | null;
}

export interface ImageOptions {
  /** Fit inside (never enlarges). */
  thumbnail: Size | null;
  /** Exact size, cropped around the gravity. */
  crop: { width: number; height: number } | null;
  /** Exact size, cropped around the most interesting region. */
  scrop: { width: number; height: number } | null;
  /** A region of the source: x, y, width, height in source pixels. */
  cut: { left: number; top: number; width: number; height: number } | null;
  gravity: Gravity;
  rotate: number;
  quality: number;
  blur: number | null;
  interlace: boolean;
  placeholder: boolean;
  format: Format | null;
}

export const IMAGE_PARAMS = [
  'thumbnail',
  'crop',
  'scrop',
  'cut',
  'gravity',
  'rotate',
  'quality',
  'blur',
  'interlace',
  'placeholder',
  'format',
] as const;

export class ImageOptionError extends Error {
  constructor(
    readonly param: string,
    reason: string,
  ) {
    super(`${param} ${reason}`);
  }
}

const side = (param: string, value: string): number => {
  if (!/^\d{1,5}$/.test(value)) throw new ImageOptionError(param, '的宽高应为正整数');
  const n = Number(value);
  if (!(IMAGE_SIDES as readonly number[]).includes(n)) {
    throw new ImageOptionError(param, `的宽高应为以下尺寸之一：${IMAGE_SIDES.join('、')}`);
  }
  return n;
};

/** "WxH", "Wx" or "xH". */
function parseSize(param: string, value: string): Size {
  const m = /^(\d*)x(\d*)$/.exec(value);
  if (!m || (!m[1] && !m[2])) throw new ImageOptionError(param, '格式应为 宽x高，例如 400x300');
  return { width: m[1] ? side(param, m[1]) : null, height: m[2] ? side(param, m[2]) : null };
}

function parseExact(param: string, value: string): { width: number; height: number } {
  const size = parseSize(param, value);
  if (size.width === null || size.height === null)
    throw new ImageOptionError(param, '需要同时给出宽和高');
  return { width: size.width, height: size.height };
}

/** Whole numbers only: fractions would multiply the derivatives one picture can have. */
function parseNumber(param: string, value: string, min: number, max: number): number {
  if (!/^-?\d{1,4}$/.test(value)) throw new ImageOptionError(param, '应为整数');
  const n = Number(value);
  if (n < min || n > max) throw new ImageOptionError(param, `应在 ${min}–${max} 之间`);
  return n;
}

function parseFlag(param: string, value: string): boolean {
  if (value !== '0' && value !== '1') throw new ImageOptionError(param, '应为 0 或 1');
  return value === '1';
}

/** Whether a query string asks for any transformation at all. */
export function hasImageOptions(query: Record<string, unknown>): boolean {
  return IMAGE_PARAMS.some((p) => query[p] !== undefined);
}

export function parseImageOptions(query: Record<string, unknown>): ImageOptions {
  for (const key of Object.keys(query)) {
    if (!(IMAGE_PARAMS as readonly string[]).includes(key))
      throw new ImageOptionError(key, '不是支持的图片参数');
  }
  const get = (p: string): string | undefined => {
    const v = query[p];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw new ImageOptionError(p, '只能出现一次');
    return v;
  };
  const options: ImageOptions = {
    thumbnail: null,
    crop: null,
    scrop: null,
    cut: null,
    gravity: 'center',
    rotate: 0,
    quality: 85,
    blur: null,
    interlace: true,
    placeholder: false,
    format: null,
  };
  const thumbnail = get('thumbnail');
  if (thumbnail !== undefined) options.thumbnail = parseSize('thumbnail', thumbnail);
  const crop = get('crop');
  if (crop !== undefined) options.crop = parseExact('crop', crop);
  const scrop = get('scrop');
  if (scrop !== undefined) options.scrop = parseExact('scrop', scrop);
  if (options.crop && options.scrop) throw new ImageOptionError('scrop', '不能与 crop 同时使用');
  const cut = get('cut');
  if (cut !== undefined) {
    const parts = cut.split(',');
    if (parts.length !== 4 || parts.some((p) => !/^\d{1,5}$/.test(p))) {
      throw new ImageOptionError('cut', '格式应为 x,y,宽,高');
    }
    const [left, top, width, height] = parts.map(Number) as [number, number, number, number];
    if (width < 1 || height < 1) throw new ImageOptionError('cut', '的宽高应大于 0');
    options.cut = { left, top, width, height };
  }
  const gravity = get('gravity');
  if (gravity !== undefined) {
    if (!(GRAVITIES as readonly string[]).includes(gravity)) {
      throw new ImageOptionError('gravity', `应为 ${GRAVITIES.join('/')} 之一`);
    }
    options.gravity = gravity as Gravity;
  }
  const rotate = get('rotate');
  if (rotate !== undefined) options.rotate = parseNumber('rotate', rotate, -360, 360);
  const quality = get('quality');
  if (quality !== undefined) options.quality = parseNumber('quality', quality, 1, 100);
  const blur = get('blur');
  if (blur !== undefined) options.blur = parseNumber('blur', blur, 1, 50);
  const interlace = get('interlace');
  if (interlace !== undefined) options.interlace = parseFlag('interlace', interlace);
  const placeholder = get('placeholder');
  if (placeholder !== undefined) options.placeholder = parseFlag('placeholder', placeholder);
  const format = get('format');
  if (format !== undefined) {
    if (!(FORMATS as readonly string[]).includes(format))
      throw new ImageOptionError('format', `应为 ${FORMATS.join('/')} 之一`);
    options.format = format as Format;
  }
  return options;
}

/** A stable key of the options (the cache file name part). */
export function optionsKey(options: ImageOptions): string {
  return JSON.stringify(options);
}
