import { describe, expect, it } from 'vitest';
import { drawAnimal } from './animals';
import type { Drawing } from './types';
import { ANIMAL_POSES, ANIMALS, type AnimalId, MOODS } from './vocabulary';

const IDS = Object.keys(ANIMALS) as AnimalId[];

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

/** Checks shared by animals and props. */
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

describe('drawAnimal', () => {
  it('draws every animal in every pose and mood as a well-formed fragment', () => {
    for (const id of IDS) {
      for (const pose of ANIMAL_POSES) {
        for (const mood of MOODS) {
          const d = drawAnimal(id, { pose, mood });
          try {
            checkDrawing(d);
          } catch (e) {
            throw new Error(`${id} ${pose} ${mood}: ${(e as Error).message}`);
          }
        }
      }
    }
  });

  it('defaults to standing and happy', () => {
    expect(normalise(drawAnimal('bobo', {}).svg)).toBe(
      normalise(drawAnimal('bobo', { pose: 'stand', mood: 'happy' }).svg),
    );
  });

  it('is deterministic apart from document-unique ids', () => {
    for (const id of IDS) {
      const a = drawAnimal(id, { pose: 'run', mood: 'excited' });
      const b = drawAnimal(id, { pose: 'run', mood: 'excited' });
      expect(normalise(a.svg)).toBe(normalise(b.svg));
      expect(a.width).toBe(b.width);
      expect(a.height).toBe(b.height);
    }
  });

  it('gives every call its own ids so drawings can share one document', () => {
    const doc =
      IDS.map((id) => drawAnimal(id, { pose: 'stand' }).svg).join('') + drawAnimal('mimi', {}).svg;
    const ids = [...doc.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('varies with pose and mood', () => {
    for (const id of IDS) {
      const poses = new Set(ANIMAL_POSES.map((pose) => normalise(drawAnimal(id, { pose }).svg)));
      expect(poses.size, id).toBeGreaterThanOrEqual(3);
      const moods = new Set(MOODS.map((mood) => normalise(drawAnimal(id, { mood }).svg)));
      expect(moods.size, id).toBe(MOODS.length);
    }
  });

  it('has natural page sizes', () => {
    const width = (id: AnimalId) => drawAnimal(id, {}).width;
    const near = (id: AnimalId, target: number, tol = 0.2) => {
      expect(width(id), id).toBeGreaterThan(target * (1 - tol));
      expect(width(id), id).toBeLessThan(target * (1 + tol));
    };
    near('bobo', 110);
    near('mimi', 110);
    near('chick', 45, 0.3);
    near('cow', 260, 0.15);
    near('horse', 260, 0.2);
    near('elephant', 300, 0.15);
    near('panda', 200, 0.15);
    near('butterfly', 50, 0.3);
    near('fish', 70, 0.2);
    near('snail', 50, 0.25);
    expect(width('chick')).toBeLessThan(width('hen'));
    expect(width('bobo')).toBeLessThan(width('tiger'));
  });
});
