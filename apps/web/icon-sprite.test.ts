import { describe, expect, it } from 'vitest';
import { iconSprite } from './icon-sprite';

const coin =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" aria-label="Coin"><circle cx="48" cy="48" r="40" fill="#FFC23D"/></svg>\n';
const logo =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" fill="none"><defs><linearGradient id="bg"><stop offset="0"/></linearGradient></defs><rect width="128" height="128" fill="url(#bg)"/><use href="#bg"/></svg>';

describe('iconSprite: the first screen icons in one SVG, each a view of its own box', () => {
  const sprite = iconSprite([
    { name: 'coin', svg: coin },
    { name: 'logo', svg: logo },
  ]);

  it('puts each icon side by side (8 units apart) under a view of its name and box', () => {
    expect(sprite).toContain('<view id="coin" viewBox="0 0 96 96"/>');
    expect(sprite).toContain('<view id="logo" viewBox="104 0 128 128"/>');
    expect(sprite).toContain('<svg viewBox="0 0 96 96" x="0" y="0" width="96" height="96">');
    expect(sprite).toContain(
      '<svg viewBox="0 0 128 128" fill="none" x="104" y="0" width="128" height="128">',
    );
    expect(sprite.startsWith('<svg xmlns="http://www.w3.org/2000/svg">')).toBe(true);
  });

  it("keeps the icon's own attributes but not its size, role or label", () => {
    expect(sprite).not.toMatch(/role=|aria-label=|width="96" height="96" role/);
  });

  it("prefixes an icon's ids and their references with its name", () => {
    expect(sprite).toContain('id="logo--bg"');
    expect(sprite).toContain('fill="url(#logo--bg)"');
    expect(sprite).toContain('href="#logo--bg"');
    expect(sprite).not.toContain('id="bg"');
  });

  it('refuses an icon without a viewBox (its view could not be drawn)', () => {
    expect(() => iconSprite([{ name: 'x', svg: '<svg width="9" height="9"></svg>' }])).toThrow(
      /no viewBox in x/,
    );
  });
});
