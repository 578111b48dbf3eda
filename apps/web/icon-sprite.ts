/**
 * The first screen's icons as one SVG (vite.config.ts `firstScreenIconSprite`, decision 114):
 * each icon a nested <svg> side by side, shown through a `<view id="name">` of its box, so that
 * `sprite.svg#name` in an <img> is that icon alone. Each icon's ids are prefixed with its name,
 * so that two icons' gradients or clip paths cannot meet.
 */
export function iconSprite(files: readonly { name: string; svg: string }[]): string {
  let x = 0;
  const parts: string[] = [];
  const views: string[] = [];
  for (const { name, svg } of files) {
    const m = /<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/.exec(svg.trim());
    const box = m && /\bviewBox="([^"]+)"/.exec(m[1] ?? '');
    const [, , w = 0, h = 0] = (box?.[1] ?? '').split(/[\s,]+/).map(Number);
    if (!m || !box || !(w > 0) || !(h > 0)) throw new Error(`icon sprite: no viewBox in ${name}`);
    const attrs = (m[1] ?? '').replace(/\s(?:xmlns|width|height|x|y|role|aria-label)="[^"]*"/g, '');
    const inner = (m[2] ?? '')
      .replace(/\bid="([^"]+)"/g, `id="${name}--$1"`)
      .replace(/url\(#([^)]+)\)/g, `url(#${name}--$1)`)
      .replace(/href="#([^"]+)"/g, `href="#${name}--$1"`);
    parts.push(`<svg${attrs} x="${x}" y="0" width="${w}" height="${h}">${inner}</svg>`);
    views.push(`<view id="${name}" viewBox="${x} 0 ${w} ${h}"/>`);
    x += w + 8;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">${views.join('')}${parts.join('')}</svg>`;
}
