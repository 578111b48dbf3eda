/**
 * Composes a page or cover illustration from a scene description (book.yaml `scene`/`cover`):
 * the background, then the cast in list order (back to front), then the props. Returns a
 * standalone SVG document that librsvg (sharp) renders.
 *
 * Placement rules:
 * - a cast member's anchor (feet centre; centre for flying and swimming animals) goes to
 *   (x·width, (y ?? GROUND_Y)·height), scaled by size × height/800 so figures keep their
 *   proportion on the square cover, mirrored when it faces left;
 * - a held prop (`holding`) sits at the figure's hand, at most 0.6 × its natural size;
 * - props are centred at (x·width, y·height), scaled by size × height/800;
 * - figures on the ground get a soft shadow.
 */
import { drawAnimal } from './animals';
import { drawBackground, figureTint, isBackgroundId } from './backgrounds';
import { drawPerson } from './people';
import { drawProp } from './props';
import type { AnimalPose, CastItem, Drawing, PersonPose, PropItem, Scene } from './types';
import {
  ANIMAL_POSES,
  ANIMALS,
  type AnimalId,
  BACKGROUNDS,
  COLOR_HEX,
  GROUND_Y,
  MOODS,
  PEOPLE,
  PERSON_POSES,
  type PersonId,
  PROPS,
  type PropId,
} from './vocabulary';

export interface Canvas {
  width: number;
  height: number;
}

/** Design height of figures and props: their natural sizes are for an 800-unit-high canvas. */
const DESIGN_HEIGHT = 800;
/** Figures are drawn a little larger than their natural size: they are the heroes of the page. */
export const CAST_SCALE = 1.2;
/** A held prop is drawn at most this fraction of its natural size… */
const HELD_MAX_SCALE = 0.6;
/** …and no larger than this fraction of the holder's height. */
const HELD_MAX_OF_FIGURE = 0.5;

/**
 * How a held prop sits in the hand: by its centre (default), by its lower end (string or
 * stem: the prop rises above the hand), by its upper end (hangs below the hand), or overhead
 * (an open umbrella: handle in the hand, canopy just above the head).
 */
type Grip = 'centre' | 'bottom' | 'top' | 'overhead';
const GRIPS: Readonly<Record<string, { grip: Grip; maxScale?: number }>> = {
  balloon: { grip: 'bottom', maxScale: 0.95 },
  kite: { grip: 'bottom' },
  flower: { grip: 'bottom' },
  lantern: { grip: 'top' },
  umbrella: { grip: 'overhead' },
};
/** Animal poses without ground contact (no shadow). */
const AIRBORNE: ReadonlySet<string> = new Set(['fly', 'swim']);
const SHADOW_ID = 'pb-shadow';
/** Props that give their own light (never dimmed at night). */
const SELF_LIT: ReadonlySet<string> = new Set(['sun', 'moon', 'star', 'lantern']);

function isPersonId(id: string): id is PersonId {
  return Object.hasOwn(PEOPLE, id);
}

function isAnimalId(id: string): id is AnimalId {
  return Object.hasOwn(ANIMALS, id);
}

function isPropId(id: string): id is PropId {
  return Object.hasOwn(PROPS, id);
}

function isPersonPose(pose: string): pose is PersonPose {
  return (PERSON_POSES as readonly string[]).includes(pose);
}

function isAnimalPose(pose: string): pose is AnimalPose {
  return (ANIMAL_POSES as readonly string[]).includes(pose);
}

/** Formats a number for SVG output (at most three decimals, no "-0"). */
export function fmt(v: number): string {
  const r = Math.round(v * 1000) / 1000;
  return Object.is(r, -0) ? '0' : String(r);
}

function checkUnit(value: number, what: string): void {
  if (!Number.isFinite(value)) throw new Error(`${what} must be a number (got ${value})`);
}

/** The prop drawing for an id, or a clear error naming it. */
function propDrawing(id: string, color: PropItem['color'], where: string): Drawing {
  if (!isPropId(id)) {
    throw new Error(`Unknown prop "${id}" in ${where} (not in PROPS of vocabulary.ts)`);
  }
  return drawProp(id, color ? { color } : {});
}

interface Figure {
  drawing: Drawing;
  /** Top of the figure (y of its box; anchor at 0). */
  top: number;
  hand?: { x: number; y: number };
  shadow: boolean;
}

function drawCast(item: CastItem, index: number): Figure {
  const who = item.who;
  const where = `cast[${index}] (${who})`;
  if (item.mood !== undefined && !(MOODS as readonly string[]).includes(item.mood)) {
    throw new Error(`Unknown mood "${item.mood}" for ${where}`);
  }
  if (isPersonId(who)) {
    const pose = item.pose ?? 'stand';
    if (!isPersonPose(pose)) {
      throw new Error(`Unknown pose "${pose}" for person "${who}" in ${where}`);
    }
    const readsHeldBook = pose === 'read' && item.holding === 'book';
    const person = drawPerson(who, {
      pose,
      mood: item.mood ?? 'happy',
      ...(readsHeldBook && item.holdingColor ? { bookColor: COLOR_HEX[item.holdingColor] } : {}),
    });
    return {
      drawing: person,
      top: person.box.y,
      ...(readsHeldBook ? {} : { hand: person.hand }),
      shadow: true,
    };
  }
  if (isAnimalId(who)) {
    const pose = item.pose ?? 'stand';
    if (!isAnimalPose(pose)) {
      throw new Error(`Unknown pose "${pose}" for animal "${who}" in ${where}`);
    }
    const drawing = drawAnimal(who, { pose, mood: item.mood ?? 'happy' });
    const airborne = AIRBORNE.has(pose);
    return {
      drawing,
      top: airborne ? -drawing.height / 2 : -drawing.height,
      shadow: !airborne && who !== 'fish',
    };
  }
  throw new Error(
    `Unknown cast member "${who}" in ${where}: not a person or an animal in vocabulary.ts`,
  );
}

/** Soft contact shadow centred on (x, y). */
function shadow(x: number, y: number, rx: number): string {
  const ry = Math.max(3, rx * 0.16);
  return `<ellipse cx="${fmt(x)}" cy="${fmt(y)}" rx="${fmt(rx)}" ry="${fmt(ry)}" fill="url(#${SHADOW_ID})"/>`;
}

/** Scale and centre offset (from the hand, in figure units) of a held prop. */
export function heldPlacement(
  holding: string,
  prop: { width: number; height: number },
  figure: { height: number; top: number; hand: { x: number; y: number } },
): { scale: number; dy: number } {
  const { grip, maxScale = HELD_MAX_SCALE } = GRIPS[holding] ?? { grip: 'centre' };
  const figH = figure.height;
  if (grip === 'overhead') {
    // Canopy top a little above the head, handle in the hand; not wider than ~0.7 × the figure.
    const reach = figure.hand.y - (figure.top - 0.05 * figH);
    const scale = Math.max(
      HELD_MAX_SCALE,
      Math.min(reach / prop.height, (0.72 * figH) / Math.max(prop.width, 1)),
    );
    return { scale, dy: -(prop.height * scale) / 2 + 4 };
  }
  const natural = Math.max(prop.width, prop.height, 1);
  const scale = Math.min(maxScale, (figH * HELD_MAX_OF_FIGURE) / natural);
  const half = (prop.height * scale) / 2;
  const dy = grip === 'bottom' ? -half + 4 : grip === 'top' ? half - 4 : 0;
  return { scale, dy };
}

function heldProp(
  item: CastItem,
  index: number,
  figure: Figure,
  tint: (markup: string) => string,
): string {
  if (!item.holding || !figure.hand) return '';
  const prop = propDrawing(item.holding, item.holdingColor, `cast[${index}].holding`);
  const { scale, dy } = heldPlacement(item.holding, prop, {
    height: figure.drawing.height,
    top: figure.top,
    hand: figure.hand,
  });
  const svg = SELF_LIT.has(item.holding) ? prop.svg : tint(prop.svg);
  return `<g data-holding="${item.holding}" transform="translate(${fmt(figure.hand.x)} ${fmt(figure.hand.y + dy)}) scale(${fmt(scale)} ${fmt(scale)})">${svg}</g>`;
}

/**
 * Renders a scene as a standalone SVG document on a `width` × `height` canvas. Throws an Error
 * naming the id for an unknown background, cast member, pose, mood or prop.
 */
export function renderScene(scene: Scene, canvas: Canvas): string {
  const { width, height } = canvas;
  if (!(width > 0 && height > 0)) throw new Error(`Bad canvas size ${width}×${height}`);
  if (!isBackgroundId(scene.bg)) {
    throw new Error(
      `Unknown background "${scene.bg}" (expected one of: ${Object.keys(BACKGROUNDS).join(', ')})`,
    );
  }
  const time = scene.time ?? 'day';
  const weather = scene.weather ?? 'clear';
  const unit = height / DESIGN_HEIGHT;
  const parts: string[] = [
    `<defs><radialGradient id="${SHADOW_ID}"><stop offset="0" stop-color="#2D2A4A" stop-opacity=".26"/><stop offset=".6" stop-color="#2D2A4A" stop-opacity=".14"/><stop offset="1" stop-color="#2D2A4A" stop-opacity="0"/></radialGradient></defs>`,
    drawBackground(scene.bg, { width, height, time, weather }),
  ];
  const bg = scene.bg;
  const tint = (markup: string) => figureTint(markup, bg, time);

  (scene.cast ?? []).forEach((item, index) => {
    checkUnit(item.x, `cast[${index}].x`);
    const figure = drawCast(item, index);
    const s = (item.size ?? 1) * unit * CAST_SCALE;
    const x = item.x * width;
    const y = (item.y ?? GROUND_Y) * height;
    const sx = item.face === 'left' ? -s : s;
    if (figure.shadow) parts.push(shadow(x, y, Math.max(22, figure.drawing.width * 0.42) * s));
    const inner = tint(figure.drawing.svg) + heldProp(item, index, figure, tint);
    parts.push(
      `<g data-cast="${item.who}" transform="translate(${fmt(x)} ${fmt(y)}) scale(${fmt(sx)} ${fmt(s)})">${inner}</g>`,
    );
  });

  (scene.props ?? []).forEach((item, index) => {
    checkUnit(item.x, `props[${index}].x`);
    checkUnit(item.y, `props[${index}].y`);
    const prop = propDrawing(item.what, item.color, `props[${index}]`);
    const s = (item.size ?? 1) * unit;
    parts.push(
      `<g data-prop="${item.what}" transform="translate(${fmt(item.x * width)} ${fmt(item.y * height)}) scale(${fmt(s)} ${fmt(s)})">${SELF_LIT.has(item.what) ? prop.svg : tint(prop.svg)}</g>`,
    );
  });

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${fmt(width)} ${fmt(height)}" width="${fmt(width)}" height="${fmt(height)}">${parts.join('')}</svg>`;
}

/** A tappable area of a picture, relative to the canvas (0–1), with the element's id. */
export interface Hotspot {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

function relative(
  box: { x: number; y: number; w: number; h: number },
  canvas: Canvas,
  id: string,
): Hotspot {
  const x0 = clamp01(box.x / canvas.width);
  const y0 = clamp01(box.y / canvas.height);
  const x1 = clamp01((box.x + box.w) / canvas.width);
  const y1 = clamp01((box.y + box.h) / canvas.height);
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return { id, x: r(x0), y: r(y0), w: r(x1 - x0), h: r(y1 - y0) };
}

/**
 * The tappable areas of a scene: every cast member and prop's bounding box, in drawing order
 * (later ones are on top, so a tap is matched from the end of the list).
 */
export function sceneHotspots(scene: Scene, canvas: Canvas): Hotspot[] {
  const unit = canvas.height / DESIGN_HEIGHT;
  const spots: Hotspot[] = [];
  (scene.cast ?? []).forEach((item, index) => {
    const figure = drawCast(item, index);
    const s = (item.size ?? 1) * unit * CAST_SCALE;
    const ax = item.x * canvas.width;
    const ay = (item.y ?? GROUND_Y) * canvas.height;
    const d = figure.drawing as Drawing & {
      box?: { x: number; y: number; width: number; height: number };
    };
    const box = d.box ?? { x: -d.width / 2, y: figure.top, width: d.width, height: d.height };
    const left = item.face === 'left' ? -(box.x + box.width) : box.x;
    spots.push(
      relative(
        { x: ax + left * s, y: ay + box.y * s, w: box.width * s, h: box.height * s },
        canvas,
        item.who,
      ),
    );
  });
  for (const item of scene.props ?? []) {
    const prop = drawProp(item.what as PropId, item.color ? { color: item.color } : {});
    const s = (item.size ?? 1) * unit;
    const cx = item.x * canvas.width;
    const cy = item.y * canvas.height;
    spots.push(
      relative(
        {
          x: cx - (prop.width * s) / 2,
          y: cy - (prop.height * s) / 2,
          w: prop.width * s,
          h: prop.height * s,
        },
        canvas,
        item.what,
      ),
    );
  }
  return spots.filter((h) => h.w > 0.005 && h.h > 0.005);
}
