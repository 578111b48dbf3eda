/**
 * Rasterises scene SVGs with sharp (librsvg): PNG for sheets and checks, WebP for the app, and a
 * tiny blurred WebP placeholder as a data URI for progressive loading.
 */
import sharp from 'sharp';

export interface RenderOptions {
  /** Output width in pixels; the height follows the SVG's aspect ratio. */
  width: number;
}

export interface WebpOptions extends RenderOptions {
  /** WebP quality 1–100 (default 80). */
  quality?: number;
}

/** librsvg rasterises one SVG user unit as one pixel at 72 dpi. */
const BASE_DENSITY = 72;
const WEBP_QUALITY = 80;
const WEBP_EFFORT = 6;
const PLACEHOLDER_WIDTH = 20;

/** The SVG's intrinsic size in user units, from its width/height attributes or its viewBox. */
export function svgSize(svg: string): { width: number; height: number } {
  const open = /<svg\b[^>]*>/.exec(svg)?.[0];
  if (!open) throw new Error('Not an SVG document (no <svg> element)');
  const attr = (name: string): number | undefined => {
    const m = new RegExp(`\\s${name}="([\\d.]+)(px)?"`).exec(open);
    return m?.[1] ? Number(m[1]) : undefined;
  };
  const w = attr('width');
  const h = attr('height');
  if (w && h) return { width: w, height: h };
  const vb = /\sviewBox="([^"]+)"/
    .exec(open)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (vb && vb.length === 4 && (vb[2] ?? 0) > 0 && (vb[3] ?? 0) > 0) {
    return { width: vb[2] ?? 0, height: vb[3] ?? 0 };
  }
  throw new Error('SVG has neither width/height nor a viewBox');
}

function checkWidth(width: number): number {
  if (!Number.isInteger(width) || width < 1 || width > 8192) {
    throw new Error(`Output width must be an integer 1–8192 (got ${width})`);
  }
  return width;
}

/** A sharp pipeline rasterising the SVG sharply at (at least) the requested width. */
function rasterise(svg: string, width: number): ReturnType<typeof sharp> {
  const size = svgSize(svg);
  const density = Math.min(100_000, Math.max(1, (BASE_DENSITY * width) / size.width));
  return sharp(Buffer.from(svg), { density }).resize({ width });
}

export async function renderPng(svg: string, { width }: RenderOptions): Promise<Buffer> {
  return rasterise(svg, checkWidth(width)).png({ compressionLevel: 9 }).toBuffer();
}

export async function renderWebp(
  svg: string,
  { width, quality = WEBP_QUALITY }: WebpOptions,
): Promise<Buffer> {
  return rasterise(svg, checkWidth(width)).webp({ quality, effort: WEBP_EFFORT }).toBuffer();
}

/**
 * A tiny blurred WebP of the illustration (20 px wide) as a `data:image/webp;base64,…` URI,
 * well under 1 KB, to show while the full image loads.
 */
export async function placeholderDataUri(svg: string): Promise<string> {
  const small = await rasterise(svg, PLACEHOLDER_WIDTH * 8)
    .blur(3)
    .toBuffer();
  const webp = await sharp(small)
    .resize({ width: PLACEHOLDER_WIDTH })
    .webp({ quality: 50, effort: WEBP_EFFORT, smartSubsample: true })
    .toBuffer();
  return `data:image/webp;base64,${webp.toString('base64')}`;
}
