import { describe, expect, it } from 'vitest';
import { drawProp, propTakesColor } from './props';
import type { Drawing } from './types';
import { COLOR_HEX, COLORS, PROPS, type PropId } from './vocabulary';

/** Throws unless the markup is a balanced tree of tags with quoted attributes. */
function assertWellFormed(markup: string): void {
  const doc = `<svg xmlns="http://www.w3.org/2000/svg">${markup}</svg>`;
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>/y;
  let i = 0;
  while (i < doc.length) {
    const lt = doc.indexOf('<', i);
    const text = doc.slice(i, lt < 0 ? doc.length : lt);
    if (text.includes('>')) throw new Error(`stray '>' near ${i}`);
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(doc);
    if (!m) throw new Error(`malformed tag at ${lt}: ${doc.slice(lt, lt + 60)}`);
    const [, close, name, , selfClose] = m;
    if (close) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}>`);
    } else if (!selfClose) {
      stack.push(name as string);
    }
    i = tag.lastIndex;
  }
  if (stack.length) throw new Error(`unclosed: ${stack.join(', ')}`);
}

/** Checks shared with animals.test.ts. */
function checkDrawing(d: Drawing): void {
  expect(d.svg.startsWith('<g')).toBe(true);
  expect(d.svg.endsWith('</g>')).toBe(true);
  expect(d.svg).not.toMatch(/<svg/);
  expect(d.svg).not.toMatch(/NaN|undefined|Infinity/);
  assertWellFormed(d.svg);
  expect(Number.isFinite(d.width) && d.width > 0).toBe(true);
  expect(Number.isFinite(d.height) && d.height > 0).toBe(true);
  expect(d.svg.length).toBeLessThan(4096);
  for (const m of d.svg.matchAll(/stroke-width="([\d.]+)"/g))
    expect(Number(m[1])).toBeLessThanOrEqual(3);
  const ids = [...d.svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(ids).size).toBe(ids.length);
  for (const m of d.svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(m[1]);
}

/** Ids come from a module counter: blank them to compare two calls. */
const normalise = (svg: string): string => svg.replace(/pba\d+/g, 'ID');

const IDS = Object.keys(PROPS) as PropId[];
const COLORED = IDS.filter((id) => PROPS[id].includes('(color)'));

describe('drawProp', () => {
  it('draws every prop, in every colour, as a well-formed fragment', () => {
    for (const id of IDS) {
      for (const color of [undefined, ...COLORS]) {
        const d = drawProp(id, color ? { color } : {});
        try {
          checkDrawing(d);
        } catch (e) {
          throw new Error(`${id} ${color ?? ''}: ${(e as Error).message}`);
        }
      }
    }
  });

  it('knows which props take a colour', () => {
    for (const id of IDS) expect(propTakesColor(id), id).toBe(COLORED.includes(id));
  });

  it('uses the requested colour on colourable props', () => {
    for (const id of COLORED) {
      for (const color of COLORS) {
        const svg = drawProp(id, { color }).svg.toUpperCase();
        expect(svg, `${id} ${color}`).toContain(`"${COLOR_HEX[color].toUpperCase()}"`);
      }
      const looks = new Set(COLORS.map((color) => drawProp(id, { color }).svg));
      expect(looks.size, id).toBe(COLORS.length);
    }
  });

  it('ignores colour on props without one', () => {
    for (const id of IDS.filter((p) => !COLORED.includes(p))) {
      expect(normalise(drawProp(id, { color: 'purple' }).svg)).toBe(
        normalise(drawProp(id, {}).svg),
      );
    }
  });

  it('is deterministic apart from document-unique ids', () => {
    for (const id of IDS) {
      const a = drawProp(id, { color: 'green' });
      const b = drawProp(id, { color: 'green' });
      expect(normalise(a.svg)).toBe(normalise(b.svg));
      expect([a.width, a.height]).toEqual([b.width, b.height]);
    }
  });

  it('gives every call its own ids', () => {
    const doc = IDS.map((id) => drawProp(id, {}).svg).join('') + drawProp('ball', {}).svg;
    const ids = [...doc.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has natural page sizes', () => {
    const size = (id: PropId) => {
      const d = drawProp(id, {});
      return Math.max(d.width, d.height);
    };
    const within = (id: PropId, lo: number, hi: number) => {
      expect(size(id), id).toBeGreaterThanOrEqual(lo);
      expect(size(id), id).toBeLessThanOrEqual(hi);
    };
    within('apple', 35, 60);
    within('book', 65, 100);
    within('ball', 35, 70);
    within('chair', 140, 230);
    within('table', 140, 230);
    within('tree', 280, 360);
    within('bike', 170, 230);
    within('bus', 340, 420);
    within('sun', 120, 160);
    within('moon', 90, 130);
    within('cloud', 150, 210);
    within('rainbow', 450, 550);
    for (const id of ['pencil', 'apple', 'egg', 'strawberry', 'heart', 'cup'] as const)
      within(id, 35, 95);
  });
});
