import { describe, expect, it } from 'vitest';
import { renderScene } from './compose';
import { COVER_CANVAS, PAGE_CANVAS } from './vocabulary';

/** render.ts needs sharp; without it these tests are skipped with the reason printed. */
let render: typeof import('./render') | undefined;
let sharpMeta:
  | ((input: Buffer) => Promise<{ width?: number; height?: number; format?: string }>)
  | undefined;
try {
  render = await import('./render');
  const sharp = (await import('sharp')).default;
  sharpMeta = (input) => sharp(input).metadata();
} catch (err) {
  const reason = err instanceof Error ? err.message : String(err);
  console.warn(`render tests skipped: sharp cannot be imported (${reason})`);
}

const scene = {
  bg: 'park',
  cast: [{ who: 'lele', pose: 'point' as const, x: 0.4 }],
  props: [{ what: 'kite', color: 'red' as const, x: 0.7, y: 0.25 }],
};

describe.skipIf(!render)('render (sharp)', () => {
  it('reads the SVG size from width/height or the viewBox', () => {
    expect(render?.svgSize('<svg width="1280" height="800">')).toEqual({
      width: 1280,
      height: 800,
    });
    expect(render?.svgSize('<svg viewBox="0 0 1000 1000">')).toEqual({ width: 1000, height: 1000 });
    expect(() => render?.svgSize('<div/>')).toThrow(/SVG/);
  });

  it('renders a WebP of the requested width', async () => {
    const svg = renderScene(scene, PAGE_CANVAS);
    const webp = await render?.renderWebp(svg, { width: 960 });
    const meta = await sharpMeta?.(webp ?? Buffer.alloc(0));
    expect(meta).toMatchObject({ format: 'webp', width: 960, height: 600 });
  });

  it('renders a PNG of the requested width, larger than the canvas too', async () => {
    const svg = renderScene(scene, COVER_CANVAS);
    const png = await render?.renderPng(svg, { width: 1500 });
    const meta = await sharpMeta?.(png ?? Buffer.alloc(0));
    expect(meta).toMatchObject({ format: 'png', width: 1500, height: 1500 });
  });

  it('makes a tiny blurred WebP placeholder data URI under 1 KB', async () => {
    const uri = (await render?.placeholderDataUri(renderScene(scene, PAGE_CANVAS))) ?? '';
    expect(uri).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    expect(uri.length).toBeLessThan(1024);
    const meta = await sharpMeta?.(Buffer.from(uri.split(',')[1] ?? '', 'base64'));
    expect(meta?.width).toBeGreaterThanOrEqual(16);
    expect(meta?.width).toBeLessThanOrEqual(24);
  });

  it('rejects a bad width', async () => {
    await expect(render?.renderWebp('<svg width="10" height="10"/>', { width: 0 })).rejects.toThrow(
      /width/,
    );
  });
});
