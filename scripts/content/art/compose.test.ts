import { hotspotWord } from '@picbook/content';
import { describe, expect, it } from 'vitest';
import { drawBackground } from './backgrounds';
import { CAST_SCALE, heldPlacement, renderScene, sceneHotspots } from './compose';
import { drawPerson } from './people';
import type { Scene } from './types';
import { BACKGROUNDS, COVER_CANVAS, GROUND_Y, PAGE_CANVAS, TIMES, WEATHERS } from './vocabulary';

/**
 * A small XML well-formedness check: every tag is syntactically sound (name, quoted
 * attributes), tags nest and balance, there is one root, and no text sits outside elements.
 * Returns the problems found (empty when well formed).
 */
function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const tag = /<[^>]*>/g;
  const sound = /^<(\/?)([A-Za-z][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*="[^"<]*")*)\s*(\/?)>$/;
  let roots = 0;
  let last = 0;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    const between = xml.slice(last, m.index);
    if (stack.length === 0 && between.trim() !== '') problems.push(`text outside root: ${between}`);
    if (/[<>]/.test(between)) problems.push(`stray bracket near ${between.slice(0, 40)}`);
    last = m.index + m[0].length;
    const t = m[0];
    if (t.startsWith('<?') || t.startsWith('<!--')) continue;
    const parts = sound.exec(t);
    if (!parts) {
      problems.push(`malformed tag ${t.slice(0, 80)}`);
      continue;
    }
    const [, closing, name = '', , selfClosing] = parts;
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? 'nothing'}>`);
    } else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name);
    } else if (stack.length === 0) roots++;
  }
  if (xml.slice(last).trim() !== '') problems.push('text after the root element');
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(' > ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

/** The translate/scale transform of the first element with the given data attribute. */
function placement(svg: string, attr: string): { x: number; y: number; sx: number; sy: number } {
  const re = new RegExp(
    `<g ${attr} transform="translate\\(([-\\d.]+) ([-\\d.]+)\\) scale\\(([-\\d.]+) ([-\\d.]+)\\)">`,
  );
  const m = re.exec(svg);
  if (!m) throw new Error(`no element with ${attr}`);
  return { x: Number(m[1]), y: Number(m[2]), sx: Number(m[3]), sy: Number(m[4]) };
}

/** Removes every window view (`<g clip-path="url(#bg-win-…)">…</g>`, nesting-aware). */
function withoutWindows(svg: string): string {
  let out = svg;
  for (;;) {
    const start = out.search(/<g clip-path="url\(#bg-win-\d+\)">/);
    if (start < 0) return out.replace(/bg-[a-z]+-\d+/g, 'id');
    const tag = /<(\/?)g\b[^>]*?(\/?)>/g;
    tag.lastIndex = start;
    let depth = 0;
    let end = out.length;
    for (let m = tag.exec(out); m; m = tag.exec(out)) {
      if (m[2]) continue;
      depth += m[1] ? -1 : 1;
      if (depth === 0) {
        end = m.index + m[0].length;
        break;
      }
    }
    out = out.slice(0, start) + out.slice(end);
  }
}

const BG_IDS = Object.keys(BACKGROUNDS);
const CANVASES = { page: PAGE_CANVAS, cover: COVER_CANVAS };

describe('xmlProblems (the test helper)', () => {
  it('accepts well-formed and rejects broken markup', () => {
    expect(xmlProblems('<svg a="1"><g><rect x="1"/></g></svg>')).toEqual([]);
    expect(xmlProblems('<svg><g></svg>')).not.toEqual([]);
    expect(xmlProblems('<svg><rect x=1/></svg>')).not.toEqual([]);
    expect(xmlProblems('<svg/><svg/>')).not.toEqual([]);
  });
});

describe('drawBackground', () => {
  for (const [canvasName, canvas] of Object.entries(CANVASES)) {
    for (const id of BG_IDS) {
      it(`${id} is well-formed for every time and weather (${canvasName})`, () => {
        for (const time of TIMES) {
          for (const weather of WEATHERS) {
            const fragment = drawBackground(id, { ...canvas, time, weather });
            const doc = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${canvas.width} ${canvas.height}">${fragment}</svg>`;
            const where = `${id} ${time} ${weather} ${canvasName}`;
            expect(xmlProblems(doc), where).toEqual([]);
            expect(fragment, where).not.toMatch(/NaN|undefined|Infinity|\uE000|\uE001/);
            const ids = [...fragment.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
            expect(new Set(ids).size, `${where}: duplicate ids`).toBe(ids.length);
            const widths = [...fragment.matchAll(/stroke-width="([\d.]+)"/g)].map((m) =>
              Number(m[1]),
            );
            expect(Math.max(0, ...widths), `${where}: stroke width`).toBeLessThanOrEqual(3);
          }
        }
      });
    }
  }

  it('is deterministic', () => {
    const a = drawBackground('park', { ...PAGE_CANVAS, time: 'night', weather: 'snow' });
    const b = drawBackground('park', { ...PAGE_CANVAS, time: 'night', weather: 'snow' });
    expect(a).toBe(b);
  });

  it('scales the 800-high design to the canvas', () => {
    expect(drawBackground('beach', PAGE_CANVAS)).toMatch(/^<g data-bg="beach">/);
    expect(drawBackground('beach', COVER_CANVAS)).toMatch(
      /^<g data-bg="beach" transform="scale\(1\.25\)">/,
    );
  });

  it('changes with time and weather', () => {
    const day = drawBackground('street', PAGE_CANVAS);
    expect(drawBackground('street', { ...PAGE_CANVAS, time: 'night' })).not.toBe(day);
    expect(drawBackground('street', { ...PAGE_CANVAS, weather: 'rain' })).not.toBe(day);
  });

  it.each(['home_living', 'library', 'classroom'])(
    'shows indoor weather only through the window (%s)',
    (id) => {
      const clear = drawBackground(id, PAGE_CANVAS);
      // The room itself is unchanged; only the clipped window view differs.
      for (const weather of ['rain', 'snow', 'wind', 'leaves'] as const) {
        const wet = drawBackground(id, { ...PAGE_CANVAS, weather });
        expect(wet).not.toBe(clear);
        expect(withoutWindows(wet)).toBe(withoutWindows(clear));
      }
    },
  );

  it('keeps a room the same at every time of day (lights may be added)', () => {
    const shapes = (s: string) =>
      [...withoutWindows(s).matchAll(/<(rect|circle|ellipse) ([^>]*?)fill=/g)].map(
        (m) => m[2] ?? '',
      );
    /** Whether every shape of `a` appears in `b`, in order. */
    const within = (a: string[], b: string[]) => {
      let j = 0;
      for (const shape of a) {
        while (j < b.length && b[j] !== shape) j++;
        if (j++ >= b.length) return false;
      }
      return true;
    };
    for (const id of ['library', 'home_bedroom', 'home_living', 'supermarket']) {
      const day = shapes(drawBackground(id, PAGE_CANVAS));
      for (const time of ['evening', 'night'] as const) {
        const other = shapes(drawBackground(id, { ...PAGE_CANVAS, time }));
        expect(within(day, other), `${id} ${time}`).toBe(true);
      }
    }
  });

  it('throws on an unknown background, naming it', () => {
    expect(() => drawBackground('moon_base', PAGE_CANVAS)).toThrow(/moon_base/);
  });
});

describe('renderScene', () => {
  const lele = (extra: Partial<Scene['cast'] extends (infer C)[] | undefined ? C : never>) => ({
    bg: 'park',
    cast: [{ who: 'lele', x: 0.25, ...extra }],
  });

  it('returns a standalone, well-formed SVG document', () => {
    const svg = renderScene(
      {
        bg: 'festival_street',
        time: 'night',
        weather: 'snow',
        cast: [
          { who: 'grandma', pose: 'hold', x: 0.3, holding: 'dumplings' },
          { who: 'bobo', pose: 'run', x: 0.5, face: 'left' },
          { who: 'bird', pose: 'fly', x: 0.7, y: 0.3 },
        ],
        props: [{ what: 'lantern', x: 0.85, y: 0.3 }],
      },
      PAGE_CANVAS,
    );
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1280 800" width="1280" height="800">/,
    );
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).not.toMatch(/NaN|undefined/);
  });

  it('places a figure with its feet at (x·width, GROUND_Y·height) on the page', () => {
    const p = placement(renderScene(lele({}), PAGE_CANVAS), 'data-cast="lele"');
    expect(p).toEqual({ x: 320, y: GROUND_Y * 800, sx: CAST_SCALE, sy: CAST_SCALE });
  });

  it('uses y and size, and scales by height/800 on the cover', () => {
    const p = placement(
      renderScene(lele({ x: 0.5, y: 0.6, size: 2 }), COVER_CANVAS),
      'data-cast="lele"',
    );
    expect(p).toEqual({ x: 500, y: 600, sx: 2.5 * CAST_SCALE, sy: 2.5 * CAST_SCALE });
  });

  it('mirrors a figure that faces left', () => {
    const right = placement(renderScene(lele({ face: 'right' }), PAGE_CANVAS), 'data-cast="lele"');
    const left = placement(
      renderScene(lele({ face: 'left', size: 1.5 }), PAGE_CANVAS),
      'data-cast="lele"',
    );
    expect(right.sx).toBe(CAST_SCALE);
    expect(left).toMatchObject({ x: 320, y: 640 });
    expect(left.sx).toBeCloseTo(-1.5 * CAST_SCALE, 5);
    expect(left.sy).toBeCloseTo(1.5 * CAST_SCALE, 5);
  });

  it('draws the cast in list order, then the props', () => {
    const svg = renderScene(
      {
        bg: 'farm',
        cast: [
          { who: 'cow', x: 0.7 },
          { who: 'grandpa', x: 0.3 },
        ],
        props: [{ what: 'sun', x: 0.8, y: 0.15 }],
      },
      PAGE_CANVAS,
    );
    const cow = svg.indexOf('data-cast="cow"');
    const grandpa = svg.indexOf('data-cast="grandpa"');
    const sun = svg.indexOf('data-prop="sun"');
    expect(svg.indexOf('data-bg="farm"')).toBeLessThan(cow);
    expect(cow).toBeLessThan(grandpa);
    expect(grandpa).toBeLessThan(sun);
  });

  it('places props at (x·width, y·height) scaled by size', () => {
    const svg = renderScene(
      { bg: 'park', props: [{ what: 'kite', color: 'red', x: 0.72, y: 0.22, size: 1.2 }] },
      COVER_CANVAS,
    );
    expect(placement(svg, 'data-prop="kite"')).toEqual({ x: 720, y: 220, sx: 1.5, sy: 1.5 });
  });

  it('puts a held prop at the hand, at most 0.6 × its natural size', () => {
    const svg = renderScene(
      lele({ pose: 'hold', holding: 'apple', holdingColor: 'red' }),
      PAGE_CANVAS,
    );
    const hand = drawPerson('lele', { pose: 'hold' }).hand;
    const held = placement(svg, 'data-holding="apple"');
    expect(held.x).toBeCloseTo(hand.x, 1);
    expect(held.y).toBeCloseTo(hand.y, 1);
    expect(held.sx).toBeLessThanOrEqual(0.6);
    // The held prop is inside the figure's group, so it mirrors with it.
    const group = svg.slice(svg.indexOf('data-cast="lele"'));
    expect(group.indexOf('data-holding="apple"')).toBeGreaterThan(0);
  });

  it('holds an umbrella overhead and a lantern hanging below the hand', () => {
    const figure = { height: 240, top: -240, hand: { x: 60, y: -80 } };
    const umbrella = heldPlacement('umbrella', { width: 108, height: 115 }, figure);
    const canopyTop = figure.hand.y + umbrella.dy - (115 * umbrella.scale) / 2;
    expect(canopyTop).toBeLessThan(figure.top + 0.1 * figure.height);
    const lantern = heldPlacement('lantern', { width: 80, height: 135 }, figure);
    expect(lantern.dy).toBeGreaterThan(0);
    const apple = heldPlacement('apple', { width: 44, height: 51 }, figure);
    expect(apple).toEqual({ scale: 0.6, dy: 0 });
  });

  it('gives standing figures a ground shadow, but not flying ones', () => {
    const shadows = (scene: Scene) =>
      (renderScene(scene, PAGE_CANVAS).match(/fill="url\(#pb-shadow\)"/g) ?? []).length;
    expect(shadows({ bg: 'park', cast: [{ who: 'lele', x: 0.5 }] })).toBe(1);
    expect(shadows({ bg: 'park', cast: [{ who: 'bird', pose: 'fly', x: 0.5, y: 0.3 }] })).toBe(0);
  });

  it('keeps figures bright by day and tints them gently at night', () => {
    const day = renderScene(lele({}), PAGE_CANVAS);
    const night = renderScene({ ...lele({}), time: 'night' }, PAGE_CANVAS);
    const figure = (svg: string) => svg.slice(svg.indexOf('data-cast="lele"'));
    expect(figure(day)).toContain(drawPerson('lele').svg);
    expect(figure(night)).not.toContain(drawPerson('lele').svg);
  });

  it.each([
    [{ bg: 'park', cast: [{ who: 'dragon', x: 0.5 }] }, /dragon/],
    [{ bg: 'park', cast: [{ who: 'lele', pose: 'fly', x: 0.5 }] }, /fly/],
    [{ bg: 'park', cast: [{ who: 'bobo', pose: 'read', x: 0.5 }] }, /read/],
    [{ bg: 'park', cast: [{ who: 'lele', x: 0.5, holding: 'sword' }] }, /sword/],
    [{ bg: 'park', props: [{ what: 'spaceship', x: 0.5, y: 0.5 }] }, /spaceship/],
    [{ bg: 'moon_base' }, /moon_base/],
  ] as [Scene, RegExp][])('throws a clear error naming an unknown id (%#)', (scene, re) => {
    expect(() => renderScene(scene, PAGE_CANVAS)).toThrow(re);
  });
});

describe('sceneHotspots', () => {
  const scene: Scene = {
    bg: 'park',
    cast: [
      { who: 'lele', x: 0.3, pose: 'stand', face: 'right' },
      { who: 'bobo', x: 0.7, face: 'left' },
    ],
    props: [{ what: 'kite', x: 0.5, y: 0.25 }],
  };

  it('gives one area per figure and prop, inside the picture, roughly where it stands', () => {
    const spots = sceneHotspots(scene, PAGE_CANVAS);
    expect(spots.map((s) => s.id)).toEqual(['lele', 'bobo', 'kite']);
    for (const s of spots) {
      expect(s.x).toBeGreaterThanOrEqual(0);
      expect(s.y).toBeGreaterThanOrEqual(0);
      expect(s.x + s.w).toBeLessThanOrEqual(1.0001);
      expect(s.y + s.h).toBeLessThanOrEqual(1.0001);
    }
    const [lele, dog, kite] = spots;
    // centres follow the scene's x (and the prop's y)
    expect((lele?.x ?? 0) + (lele?.w ?? 0) / 2).toBeCloseTo(0.3, 1);
    expect((dog?.x ?? 0) + (dog?.w ?? 0) / 2).toBeCloseTo(0.7, 1);
    expect((kite?.y ?? 0) + (kite?.h ?? 0) / 2).toBeCloseTo(0.25, 1);
    // a person is taller than wide, standing on the ground
    expect(lele?.h ?? 0).toBeGreaterThan(lele?.w ?? 0);
    expect((lele?.y ?? 0) + (lele?.h ?? 0)).toBeCloseTo(GROUND_Y, 1);
  });

  it('hotspot words: people by name, things by their English word', () => {
    expect(hotspotWord('lele')).toBe('Lele');
    expect(hotspotWord('bobo')).toBe('dog');
    expect(hotspotWord('kite')).toBe('kite');
  });
});
