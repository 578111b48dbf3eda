/**
 * Backgrounds for picture-book pages: one drawing per place in BACKGROUNDS, in the bright flat
 * style of the app's tab backgrounds (soft gradients, rounded shapes, thin strokes).
 *
 * Everything is drawn in a design space 800 units high (width = 800 × aspect) and scaled to the
 * canvas, so a place keeps its proportions on the 16:10 page and on the square cover. The floor or
 * ground is in place where figures stand (GROUND_Y); the middle band stays calm and the bottom
 * ~18 % plain, because figures stand in the middle and the reader overlays the sentence below.
 *
 * Time and weather change the palette (a tint applied to the drawn colours), the sky, the lights
 * (windows, lamps, lanterns glow at night) and add weather particles; indoor places show the
 * weather through their windows only. Output is deterministic (seeded pseudo-random numbers).
 */
import { BACKGROUNDS, GROUND_Y, type TIMES, type WEATHERS } from './vocabulary';

export type BackgroundId = keyof typeof BACKGROUNDS;
export type Time = (typeof TIMES)[number];
export type Weather = (typeof WEATHERS)[number];

export interface BackgroundOptions {
  width: number;
  height: number;
  time?: Time;
  weather?: Weather;
}

export function isBackgroundId(id: string): id is BackgroundId {
  return Object.hasOwn(BACKGROUNDS, id);
}

/* ------------------------------------------------------------------------------------------ */
/* Design space                                                                                */
/* ------------------------------------------------------------------------------------------ */

/** Design-space height; the width follows the canvas aspect ratio. */
const H = 800;
/** Where figures stand. */
const GY = GROUND_Y * H;
/** Where the back wall meets the floor indoors (figures stand a little in front of it). */
const FLOOR = 580;

const INK = '#2D2A4A';
const WHITE = '#FFFFFF';
const BRAND = ['#FF8A3D', '#3DB6E8', '#F2609E', '#7C6CF2', '#FFC23D', '#5CC86B', '#E84A4A'];

/* ------------------------------------------------------------------------------------------ */
/* Numbers, colours, randomness                                                                */
/* ------------------------------------------------------------------------------------------ */

/** Formats a coordinate with at most one decimal. */
function f(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

/** Formats a scale factor with up to three decimals. */
function f3(v: number): string {
  return String(Math.round(v * 1000) / 1000);
}

type Rng = () => number;

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, deterministic. */
function makeRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function between(rng: Rng, lo: number, hi: number): number {
  return lo + (hi - lo) * rng();
}

function pick<T>(items: readonly T[], index: number): T {
  const item = items[((index % items.length) + items.length) % items.length];
  if (item === undefined) throw new Error('pick() from an empty list');
  return item;
}

function parseHex(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(r: number, g: number, b: number): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`.toUpperCase();
}

/** Mixes colour `a` towards colour `b` by `t` (0 … 1). */
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = parseHex(a);
  const [r2, g2, b2] = parseHex(b);
  return toHex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

/** Multiplies two colours channel by channel (like a tinted light). */
function multiply(a: string, b: string): string {
  const [r1, g1, b1] = parseHex(a);
  const [r2, g2, b2] = parseHex(b);
  return toHex((r1 * r2) / 255, (g1 * g2) / 255, (b1 * b2) / 255);
}

/* ------------------------------------------------------------------------------------------ */
/* Drawing context                                                                             */
/* ------------------------------------------------------------------------------------------ */

interface Palette {
  /** Ground greens from far to near. */
  far: string;
  mid: string;
  grass: string;
  front: string;
  /** Tree foliage: three shades and a highlight. */
  leaf: readonly [string, string, string];
  leafHi: string;
  trunk: string;
  trunkDark: string;
}

interface Ctx {
  /** Design-space width (height is always 800). */
  w: number;
  time: Time;
  weather: Weather;
  /** Layout randomness: the same for a place at every time and weather. */
  rng: Rng;
  /** Effects randomness (sky, weather particles, lit windows): varies with time and weather. */
  fx: Rng;
  night: boolean;
  evening: boolean;
  snow: boolean;
  autumn: boolean;
  pal: Palette;
  /** Markup that must not be tinted (sky, lights, glows); returns a placeholder token. */
  raw(markup: string): string;
  /** A document-unique id for gradients and clip paths. */
  uid(name: string): string;
}

const GREEN: Palette = {
  far: '#CBEBB8',
  mid: '#A6DE99',
  grass: '#93D88A',
  front: '#86D27F',
  leaf: ['#7DD489', '#6CC878', '#5CC86B'],
  leafHi: '#9BE0A3',
  trunk: '#C98A55',
  trunkDark: '#B57442',
};

const AUTUMN: Palette = {
  far: '#E3E6B4',
  mid: '#CFE09E',
  grass: '#BFD98C',
  front: '#B3D283',
  leaf: ['#FFB547', '#FF8A3D', '#F26B3A'],
  leafHi: '#FFD27A',
  trunk: '#B8794A',
  trunkDark: '#9A6A44',
};

const SNOWY: Palette = {
  far: '#D2DEEE',
  mid: '#E0E9F5',
  grass: '#ECF2FA',
  front: '#F6F9FD',
  leaf: ['#8CCFA0', '#7BC392', '#6BB886'],
  leafHi: '#A9DDB8',
  trunk: '#B8845A',
  trunkDark: '#A27048',
};

const TOKEN = /\uE000(\d+)\uE000/g;
/** A #RRGGBB colour in an attribute or style value (never a `url(#id)` reference). */
const HEX = /(["':]\s*)(#[0-9A-Fa-f]{6})(?![0-9A-Za-z_-])/g;

interface Tint {
  to: string;
  amount: number;
  /** Multiply by `to` (keeps saturation) instead of mixing towards it. */
  multiply?: boolean;
}

function tintsFor(time: Time, weather: Weather, outdoor: boolean): Tint[] {
  const tints: Tint[] = [];
  if (outdoor) {
    if (weather === 'rain') tints.push({ to: '#7D8A9C', amount: 0.24 });
    if (weather === 'snow') tints.push({ to: '#B8C8DE', amount: 0.1 });
    if (time === 'evening') {
      tints.push({ to: '#FFD9B6', amount: 1, multiply: true });
      tints.push({ to: '#FF9A5A', amount: 0.07 });
    }
    if (time === 'night') tints.push({ to: '#1A2150', amount: 0.58 });
  } else {
    if (time === 'evening') tints.push({ to: '#FFE0BE', amount: 1, multiply: true });
    if (time === 'night') {
      tints.push({ to: '#8E8CC8', amount: 1, multiply: true });
      tints.push({ to: '#2A2858', amount: 0.12 });
    }
  }
  return tints;
}

function applyTints(markup: string, tints: readonly Tint[]): string {
  if (tints.length === 0) return markup;
  const cache = new Map<string, string>();
  return markup.replace(HEX, (_, lead: string, hex: string) => {
    const key = hex.toUpperCase();
    let out = cache.get(key);
    if (out === undefined) {
      out = key;
      for (const t of tints) out = t.multiply ? multiply(out, t.to) : mix(out, t.to, t.amount);
      cache.set(key, out);
    }
    return lead + out;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Primitive shapes                                                                            */
/* ------------------------------------------------------------------------------------------ */

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra}/>`;
}

function rrect(
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  fill: string,
  extra = '',
): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(r)}" fill="${fill}"${extra}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra}/>`;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra}/>`;
}

function path(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}"${extra}/>`;
}

function line(d: string, stroke: string, width = 3, extra = ''): string {
  return `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
}

function op(o: number): string {
  return ` opacity="${f3(o)}"`;
}

/** A smooth closed shape through points (Catmull-Rom), closed along the canvas bottom. */
function smoothThrough(points: readonly (readonly [number, number])[]): string {
  const first = points[0];
  if (!first) return '';
  let d = `M${f(first[0])} ${f(first[1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)] ?? first;
    const p1 = points[i] ?? first;
    const p2 = points[i + 1] ?? p1;
    const p3 = points[Math.min(points.length - 1, i + 2)] ?? p2;
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${f(c1x)} ${f(c1y)} ${f(c2x)} ${f(c2y)} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d;
}

/** Rolling hills: a wavy band from `y` (± amp) down to the canvas bottom. */
function hills(ctx: Ctx, y: number, amp: number, fill: string, waves = 3, extra = ''): string {
  const phase = ctx.rng() * Math.PI * 2;
  const phase2 = ctx.rng() * Math.PI * 2;
  const n = 10;
  const pts: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    const x = -40 + ((ctx.w + 80) * i) / n;
    const t = x / ctx.w;
    const dy =
      amp *
      (0.65 * Math.sin(t * Math.PI * waves + phase) + 0.35 * Math.sin(t * Math.PI * 7 + phase2));
    pts.push([x, y - dy]);
  }
  return path(`${smoothThrough(pts)}V${H + 10}H-40Z`, fill, extra);
}

const CLOUD =
  'M-110 0q-20 0-20-20t20-20q4-26 30-26 14 0 24 9 12-33 48-33 38 0 48 38 30-6 40 18 26 2 26 24 0 10-10 10z';

function cloud(x: number, y: number, s: number, fill: string, opacity: number, sx = 1): string {
  return `<path fill="${fill}"${op(opacity)} transform="translate(${f(x)} ${f(y)}) scale(${f3(s * sx)} ${f3(s)})" d="${CLOUD}"/>`;
}

function sparkle(x: number, y: number, r: number): string {
  return `M${f(x)} ${f(y - r)}Q${f(x)} ${f(y)} ${f(x + r)} ${f(y)}Q${f(x)} ${f(y)} ${f(x)} ${f(y + r)}Q${f(x)} ${f(y)} ${f(x - r)} ${f(y)}Q${f(x)} ${f(y)} ${f(x)} ${f(y - r)}Z`;
}

function leafShape(x: number, y: number, s: number, rot: number, fill: string): string {
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)}) scale(${f3(s)})"><path d="M0-11Q9-4 0 11Q-9-4 0-11Z" fill="${fill}"/><path d="M0-7V8" stroke="${INK}" stroke-opacity=".18" stroke-width="1.5" fill="none"/></g>`;
}

function radialGlow(
  ctx: Ctx,
  cx: number,
  cy: number,
  r: number,
  color: string,
  strength: number,
): string {
  const id = ctx.uid('glow');
  return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${f3(strength)}"/><stop offset=".45" stop-color="${color}" stop-opacity="${f3(strength * 0.45)}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs>${circle(cx, cy, r, `url(#${id})`)}`;
}

function vGradient(ctx: Ctx, stops: readonly (readonly [number, string])[]): string {
  const id = ctx.uid('lg');
  const s = stops.map(([o, c]) => `<stop offset="${f3(o)}" stop-color="${c}"/>`).join('');
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${s}</linearGradient></defs>\uE001${id}\uE001`;
}

/** Splits the result of vGradient into [defs markup, fill reference]. */
function gradient(ctx: Ctx, stops: readonly (readonly [number, string])[]): [string, string] {
  const out = vGradient(ctx, stops);
  const [defs, id] = out.split('\uE001');
  return [defs ?? '', `url(#${id ?? ''})`];
}

/* ------------------------------------------------------------------------------------------ */
/* Sky, sun, moon, stars, clouds                                                               */
/* ------------------------------------------------------------------------------------------ */

function skyStops(time: Time, weather: Weather): [string, string, string] {
  const wet = weather === 'rain';
  const snowy = weather === 'snow';
  if (time === 'night') {
    if (wet) return ['#1C2140', '#2B3356', '#3F476A'];
    if (snowy) return ['#1B2248', '#2D376B', '#4A5688'];
    return ['#141B45', '#24306B', '#3D4A8E'];
  }
  if (time === 'evening') {
    if (wet) return ['#857C9A', '#B9968F', '#E1AE8C'];
    if (snowy) return ['#9A8DC0', '#E6A9A0', '#FFD2B0'];
    return ['#8C74C9', '#F59A7A', '#FFD49A'];
  }
  if (wet) return ['#A7B3C4', '#C5CED9', '#DFE4EB'];
  if (snowy) return ['#A4B8D2', '#C6D4E6', '#E2EAF3'];
  return ['#BDE7FA', '#E4F6FD', '#FFF3DF'];
}

function moon(ctx: Ctx, x: number, y: number, r: number, full: boolean): string {
  let out = radialGlow(ctx, x, y, r * 3.2, '#FFF3C4', 0.5);
  if (full) {
    out += circle(x, y, r, '#FFF1C1');
    out += circle(x - r * 0.32, y - r * 0.18, r * 0.2, '#F4E2A6', op(0.8));
    out += circle(x + r * 0.3, y + r * 0.28, r * 0.14, '#F4E2A6', op(0.8));
    out += circle(x + r * 0.18, y - r * 0.42, r * 0.09, '#F4E2A6', op(0.8));
  } else {
    const d = `M${f(x + r * 0.2)} ${f(y - r)}A${f(r)} ${f(r)} 0 1 0 ${f(x + r * 0.2)} ${f(y + r)}A${f(r * 0.78)} ${f(r)} 0 1 1 ${f(x + r * 0.2)} ${f(y - r)}Z`;
    out += path(d, '#FFF1C1');
  }
  return out;
}

function stars(ctx: Ctx, top: number, bottom: number, avoid: [number, number, number]): string {
  const n = Math.round((ctx.w / 1280) * 46);
  let dots = '';
  let sparks = '';
  for (let i = 0; i < n; i++) {
    const x = between(ctx.fx, 10, ctx.w - 10);
    const y = between(ctx.fx, top, bottom);
    const r = between(ctx.fx, 1.3, 2.8);
    const o = between(ctx.fx, 0.45, 1);
    if (Math.hypot(x - avoid[0], y - avoid[1]) < avoid[2]) continue;
    if (i % 7 === 3) sparks += path(sparkle(x, y, r * 3.2), '#FFF7D6', op(o));
    else dots += circle(x, y, r, '#FFF7D6', op(o));
  }
  return dots + sparks;
}

interface SkyOptions {
  /** Where the land begins (sun sets there, stars stop above it). */
  horizon: number;
  /** Big full moon (night_sky). */
  bigMoon?: boolean;
  clouds?: number;
}

/** The sky of an outdoor place: gradient, sun or moon and stars, clouds. Untinted. */
function sky(ctx: Ctx, opts: SkyOptions): string {
  const [top, mid, low] = skyStops(ctx.time, ctx.weather);
  const [defs, fill] = gradient(ctx, [
    [0, top],
    [0.55, mid],
    [1, low],
  ]);
  const skyBottom = Math.min(H, opts.horizon + 120);
  let out = `${defs}${rect(-2, -2, ctx.w + 4, skyBottom + 2, fill)}`;
  const overcast = ctx.weather === 'rain' || ctx.weather === 'snow';
  const sunX = ctx.w * 0.84;
  if (ctx.time === 'day' && !overcast) {
    out += radialGlow(ctx, sunX, 118, 150, '#FFE7A0', 0.9);
    out += circle(sunX, 118, 50, '#FFD66B') + circle(sunX, 118, 39, '#FFE08A');
  } else if (ctx.time === 'evening') {
    const sy = opts.horizon - 110;
    out += radialGlow(ctx, sunX, sy, 320, '#FFC97A', overcast ? 0.35 : 0.8);
    if (!overcast) out += circle(sunX, sy, 62, '#FFA94D') + circle(sunX, sy, 50, '#FFC46B');
  } else if (ctx.time === 'night') {
    const big = opts.bigMoon === true;
    const mx = big ? ctx.w * 0.72 : ctx.w * 0.82;
    const my = big ? 170 : 112;
    const mr = big ? 72 : 42;
    if (ctx.weather !== 'rain') {
      out += stars(ctx, 20, opts.horizon - 70, [mx, my, mr * 2.2]);
      out += moon(ctx, mx, my, mr, big);
    }
  }
  // Clouds.
  const rng = ctx.fx;
  const count = opts.clouds ?? (overcast ? 5 : ctx.weather === 'wind' ? 4 : 3);
  const cloudFill =
    ctx.time === 'night'
      ? '#4C5690'
      : overcast
        ? ctx.weather === 'rain'
          ? '#97A3B4'
          : '#D7E0EC'
        : ctx.time === 'evening'
          ? '#FFE2D2'
          : WHITE;
  const o = ctx.time === 'night' ? 0.55 : overcast ? 0.95 : 0.85;
  for (let i = 0; i < count; i++) {
    const x = ((i + 0.3 + rng() * 0.5) / count) * ctx.w;
    const y = overcast ? between(rng, 40, 120) : between(rng, 80, 200);
    const s = overcast ? between(rng, 1, 1.4) : between(rng, 0.45, 0.85);
    const stretch = ctx.weather === 'wind' ? 1.5 : 1;
    if (!overcast && Math.abs(x - sunX) < 150 && y < 220) continue;
    out += cloud(x, y, s, cloudFill, o, stretch);
  }
  if (overcast) {
    const band = ctx.weather === 'rain' ? '#8C98AA' : '#CCD6E4';
    out += hills(ctx, 26, 14, band, 5, op(0.7)).replace(`V${H + 10}H-40Z`, 'V-10H-40Z');
  }
  if (ctx.time === 'day' && !overcast && ctx.weather !== 'wind') {
    const bx = ctx.w * 0.62;
    out += line(
      `M${f(bx)} 140q9-9 18 0 9-9 18 0M${f(bx + 50)} 112q7-7 14 0 7-7 14 0`,
      INK,
      3,
      ' stroke-opacity=".35"',
    );
  }
  return ctx.raw(out);
}

/* ------------------------------------------------------------------------------------------ */
/* Weather particles                                                                           */
/* ------------------------------------------------------------------------------------------ */

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function rainDrops(ctx: Ctx, box: Box, density: number): string {
  const n = Math.round(((box.w * box.h) / (1280 * 640)) * 150 * density);
  const color = ctx.time === 'night' ? '#A9BCE0' : '#6F97C4';
  let d = '';
  for (let i = 0; i < n; i++) {
    const x = box.x + ctx.fx() * box.w;
    const y = box.y + ctx.fx() * box.h;
    const len = between(ctx.fx, 14, 26);
    d += `M${f(x)} ${f(y)}l${f(-len * 0.22)} ${f(len)}`;
  }
  return line(d, color, 3, op(0.6));
}

function snowFlakes(ctx: Ctx, box: Box, density: number): string {
  const n = Math.round(((box.w * box.h) / (1280 * 640)) * 110 * density);
  let out = '';
  for (let i = 0; i < n; i++) {
    const x = box.x + ctx.fx() * box.w;
    const y = box.y + ctx.fx() * box.h;
    const r = between(ctx.fx, 2.4, 6.2);
    out += circle(x, y, r, WHITE, op(between(ctx.fx, 0.75, 1)));
  }
  return out;
}

function windLines(ctx: Ctx, box: Box, count: number): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const x = box.x + (box.w * (i + 0.2 + ctx.fx() * 0.4)) / count;
    const y = box.y + ctx.fx() * box.h;
    const l = between(ctx.fx, 110, 170) * (box.w < 400 ? 0.45 : 1);
    const r = l * 0.12;
    // A gentle wave ending in a curl, and a shorter companion line below it.
    d += `M${f(x)} ${f(y)}c${f(l * 0.3)} ${f(-r)} ${f(l * 0.6)} ${f(r)} ${f(l)} 0`;
    d += `c${f(r * 1.3)} ${f(-r * 0.5)} ${f(r * 1.5)} ${f(-r * 2.2)} ${f(r * 0.4)} ${f(-r * 2.6)}`;
    d += `c${f(-r * 0.9)} ${f(-r * 0.3)} ${f(-r * 1.5)} ${f(r * 0.6)} ${f(-r * 0.6)} ${f(r * 1.1)}`;
    d += `M${f(x + l * 0.25)} ${f(y + r * 2.2)}c${f(l * 0.2)} ${f(-r * 0.6)} ${f(l * 0.4)} ${f(r * 0.6)} ${f(l * 0.62)} 0`;
  }
  const color = ctx.time === 'night' ? '#C9D3F2' : WHITE;
  return line(d, color, 3, op(0.85));
}

function flyingLeaves(ctx: Ctx, box: Box, count: number, autumn: boolean): string {
  const colors = autumn
    ? ['#FFB547', '#FF8A3D', '#F26B3A', '#FFC23D', '#E8663A']
    : ['#7DD489', '#5CC86B', '#9BE0A3'];
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = box.x + ctx.fx() * box.w;
    const y = box.y + ctx.fx() * box.h;
    out += leafShape(
      x,
      y,
      between(ctx.fx, 0.9, 1.5),
      between(ctx.fx, 0, 360),
      pick(colors, i + Math.floor(ctx.fx() * 5)),
    );
  }
  return out;
}

/** Weather over an outdoor place (raw: drawn after the tinted scene). */
function outdoorWeather(ctx: Ctx): string {
  const sky: Box = { x: 0, y: 0, w: ctx.w, h: GY - 10 };
  switch (ctx.weather) {
    case 'rain': {
      let puddles = '';
      const pc = ctx.time === 'night' ? '#5D6A96' : '#B8D7EE';
      for (const px of [0.16, 0.5, 0.82]) {
        const x = ctx.w * px + between(ctx.fx, -30, 30);
        puddles += ellipse(x, GY + 14, 62, 9, pc, op(0.85));
        puddles += ellipse(x - 12, GY + 12, 22, 3, WHITE, op(0.5));
      }
      return ctx.raw(puddles + rainDrops(ctx, sky, 1));
    }
    case 'snow':
      return ctx.raw(snowFlakes(ctx, sky, 1));
    case 'wind':
      return ctx.raw(
        windLines(ctx, { x: 0, y: 150, w: ctx.w, h: 260 }, Math.max(3, Math.round(ctx.w / 320))) +
          flyingLeaves(ctx, { x: 0, y: 120, w: ctx.w, h: 420 }, Math.round(ctx.w / 110), false),
      );
    case 'leaves': {
      let litter = '';
      for (let i = 0; i < Math.round(ctx.w / 70); i++) {
        const x = ctx.fx() * ctx.w;
        litter += leafShape(
          x,
          GY + between(ctx.fx, -8, 12),
          1.1,
          between(ctx.fx, 60, 120),
          pick(['#FFB547', '#FF8A3D', '#F26B3A', '#FFC23D'], i),
        );
      }
      return ctx.raw(
        litter + flyingLeaves(ctx, { x: 0, y: 60, w: ctx.w, h: 480 }, Math.round(ctx.w / 60), true),
      );
    }
    default:
      return '';
  }
}

/** Evening light: a warm, long glow from the low sun across the place. */
function eveningLight(ctx: Ctx): string {
  if (ctx.time !== 'evening') return '';
  const id = ctx.uid('eve');
  return ctx.raw(
    `<defs><linearGradient id="${id}" x1="1" y1="0" x2="0" y2=".35"><stop offset="0" stop-color="#FFB060" stop-opacity=".34"/><stop offset=".6" stop-color="#FFB060" stop-opacity=".08"/><stop offset="1" stop-color="#FFB060" stop-opacity="0"/></linearGradient></defs>${rect(0, 0, ctx.w, H, `url(#${id})`)}`,
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Reusable scenery                                                                            */
/* ------------------------------------------------------------------------------------------ */

/** A white cap on the top of a circle (snow on foliage). */
function snowCap(cx: number, cy: number, r: number): string {
  const a1 = (150 * Math.PI) / 180;
  const a2 = (30 * Math.PI) / 180;
  const x1 = cx + r * Math.cos(a1);
  const y1 = cy - r * Math.sin(a1);
  const x2 = cx + r * Math.cos(a2);
  const y2 = cy - r * Math.sin(a2);
  return path(
    `M${f(x1)} ${f(y1)}A${f(r)} ${f(r)} 0 0 1 ${f(x2)} ${f(y2)}Q${f(cx + r * 0.4)} ${f(cy - r * 0.42)} ${f(cx)} ${f(cy - r * 0.6)}T${f(x1)} ${f(y1)}Z`,
    WHITE,
  );
}

/** A round-crowned tree standing at (x, base). */
function roundTree(ctx: Ctx, x: number, base: number, s: number, blossom?: string): string {
  const [l1, l2, l3] = ctx.pal.leaf;
  const tw = 13 * s;
  let out = path(
    `M${f(x - tw)} ${f(base)}Q${f(x - tw * 0.6)} ${f(base - 90 * s)} ${f(x - tw * 0.5)} ${f(base - 150 * s)}H${f(x + tw * 0.5)}Q${f(x + tw * 0.6)} ${f(base - 90 * s)} ${f(x + tw)} ${f(base)}Z`,
    ctx.pal.trunk,
  );
  out += path(
    `M${f(x + tw * 0.2)} ${f(base - 100 * s)}l${f(34 * s)} ${f(-38 * s)}l${f(6 * s)} ${f(5 * s)}l${f(-30 * s)} ${f(40 * s)}z`,
    ctx.pal.trunkDark,
  );
  const blobs: [number, number, number, string][] = [
    [x - 58 * s, base - 160 * s, 56 * s, l3],
    [x + 60 * s, base - 165 * s, 58 * s, l3],
    [x, base - 200 * s, 82 * s, l2],
    [x - 20 * s, base - 228 * s, 58 * s, l1],
  ];
  for (const [cx, cy, r, c] of blobs) out += circle(cx, cy, r, c);
  const hx = x - 42 * s;
  const hy = base - 250 * s;
  out += ellipse(
    hx,
    hy,
    26 * s,
    15 * s,
    ctx.pal.leafHi,
    ` transform="rotate(-28 ${f(hx)} ${f(hy)})"`,
  );
  if (blossom) {
    const rng = makeRng(hashString(`blossom|${f(x)}|${f(base)}`));
    for (let i = 0; i < 9; i++) {
      const a = rng() * Math.PI * 2;
      const d = rng() * 70 * s;
      out += circle(x + Math.cos(a) * d, base - 200 * s + Math.sin(a) * d * 0.8, 6 * s, blossom);
    }
  }
  if (ctx.snow) {
    out += snowCap(x, base - 200 * s, 82 * s) + snowCap(x - 20 * s, base - 228 * s, 58 * s);
    out +=
      snowCap(x - 58 * s, base - 160 * s, 56 * s) + snowCap(x + 60 * s, base - 165 * s, 58 * s);
  }
  return out;
}

/** A pine: stacked soft triangles. */
function pineTree(ctx: Ctx, x: number, base: number, s: number, dark = false): string {
  const c1 = dark ? '#3E9E6A' : '#4DB87A';
  const c2 = dark ? '#358C5D' : '#3FA56B';
  let out = rect(x - 7 * s, base - 40 * s, 14 * s, 40 * s, ctx.pal.trunkDark);
  const tiers = 3;
  for (let i = 0; i < tiers; i++) {
    const w = (120 - i * 28) * s;
    const yb = base - (30 + i * 52) * s;
    const h = 92 * s;
    out += path(
      `M${f(x - w / 2)} ${f(yb)}Q${f(x - w / 2 - 6 * s)} ${f(yb + 8 * s)} ${f(x - w / 2 + 10 * s)} ${f(yb + 8 * s)}H${f(x + w / 2 - 10 * s)}Q${f(x + w / 2 + 6 * s)} ${f(yb + 8 * s)} ${f(x + w / 2)} ${f(yb)}L${f(x + 4 * s)} ${f(yb - h + 4 * s)}Q${f(x)} ${f(yb - h - 2 * s)} ${f(x - 4 * s)} ${f(yb - h + 4 * s)}Z`,
      i % 2 === 0 ? c1 : c2,
    );
    out += path(
      `M${f(x)} ${f(yb - h + 4 * s)}L${f(x + w / 2)} ${f(yb)}Q${f(x + w / 2 + 6 * s)} ${f(yb + 8 * s)} ${f(x + w / 2 - 10 * s)} ${f(yb + 8 * s)}H${f(x)}Z`,
      INK,
      op(0.08),
    );
    if (ctx.snow) {
      out += path(
        `M${f(x - 4 * s)} ${f(yb - h + 4 * s)}Q${f(x)} ${f(yb - h - 2 * s)} ${f(x + 4 * s)} ${f(yb - h + 4 * s)}L${f(x + 22 * s)} ${f(yb - h + 40 * s)}Q${f(x + 8 * s)} ${f(yb - h + 32 * s)} ${f(x)} ${f(yb - h + 42 * s)}Q${f(x - 8 * s)} ${f(yb - h + 32 * s)} ${f(x - 22 * s)} ${f(yb - h + 40 * s)}Z`,
        WHITE,
      );
    }
  }
  return out;
}

/** A stone hump bridge over water: base line at yW, deck apex at `apex`. */
function stoneBridge(ctx: Ctx, bx: number, yW: number, half: number, apex: number): string {
  const x0 = bx - half - 30;
  const x1 = bx + half + 30;
  const yc = 2 * apex - yW;
  const r = half * 0.5;
  const stone = '#CFC8BD';
  const dark = '#B3AA9D';
  let out = path(
    `M${f(bx - r)} ${f(yW)}A${f(r)} ${f(r * 0.62)} 0 0 0 ${f(bx + r)} ${f(yW)}Z`,
    '#4FA6D0',
    op(0.45),
  );
  out += path(
    `M${f(x0)} ${f(yW)}Q${f(bx)} ${f(yc)} ${f(x1)} ${f(yW)}ZM${f(bx - r)} ${f(yW)}A${f(r)} ${f(r)} 0 0 1 ${f(bx + r)} ${f(yW)}Z`,
    stone,
    ' fill-rule="evenodd"',
  );
  out += path(
    `M${f(bx - r - 10)} ${f(yW)}A${f(r + 10)} ${f(r + 10)} 0 0 1 ${f(bx + r + 10)} ${f(yW)}`,
    'none',
    ` stroke="${dark}" stroke-width="3"`,
  );
  // Parapet along the deck with little posts.
  out += path(
    `M${f(x0 - 6)} ${f(yW - 6)}Q${f(bx)} ${f(yc - 30)} ${f(x1 + 6)} ${f(yW - 6)}L${f(x1)} ${f(yW)}Q${f(bx)} ${f(yc)} ${f(x0)} ${f(yW)}Z`,
    dark,
  );
  let posts = '';
  for (let i = 1; i < 8; i++) {
    const t = i / 8;
    const px = (1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * bx + t * t * x1;
    const py = (1 - t) * (1 - t) * yW + 2 * (1 - t) * t * (yc - 16) + t * t * yW;
    posts += rrect(px - 5, py - 16, 10, 18, 4, dark);
  }
  out += posts;
  if (ctx.snow) {
    out += path(
      `M${f(x0 - 4)} ${f(yW - 10)}Q${f(bx)} ${f(yc - 36)} ${f(x1 + 4)} ${f(yW - 10)}L${f(x1)} ${f(yW - 4)}Q${f(bx)} ${f(yc - 18)} ${f(x0)} ${f(yW - 4)}Z`,
      WHITE,
    );
  }
  // A few stone joints.
  let joints = '';
  for (const [dx, dy] of [
    [-0.7, -0.18],
    [0.62, -0.22],
    [-0.35, -0.55],
    [0.3, -0.6],
  ] as const) {
    joints += `M${f(bx + dx * half)} ${f(yW + dy * (yW - apex))}h22`;
  }
  out += line(joints, dark, 3, op(0.7));
  return out;
}

/** The park's big weeping willow: a dome whose edge hangs down in long soft fronds. */
function willowTree(ctx: Ctx, x: number, base: number): string {
  const shades = ctx.autumn
    ? (['#FFC65C', '#FFB547', '#F59A3A'] as const)
    : ctx.snow
      ? (['#B5DCBB', '#A3D1AB', '#90C49A'] as const)
      : (['#A5DC8C', '#8FD27A', '#79C468'] as const);
  let out = path(
    `M${f(x - 24)} ${f(base)}q14-8 12-110q-2-80-30-150l16-6q26 50 30 110 6-60 36-100l14 8q-32 50-30 140 0 70 10 108z`,
    ctx.pal.trunk,
  );
  // Canopy: dome on top, fronds hanging from its lower edge (right to left).
  const left = x - 170;
  const right = x + 170;
  const fronds = 9;
  const fw = (right - left) / fronds;
  let d = `M${f(left)} 330C${f(left - 6)} 230 ${f(x - 100)} 176 ${f(x)} 176C${f(x + 100)} 176 ${f(right + 6)} 230 ${f(right)} 330`;
  for (let i = 0; i < fronds; i++) {
    const xr = right - i * fw;
    const xl = xr - fw;
    const len = 440 + ((i * 47) % 70);
    const gap = 380 + ((i * 29) % 40);
    d += `C${f(xr)} ${f(len - 30)} ${f(xr - fw * 0.2)} ${f(len)} ${f(xr - fw / 2)} ${f(len)}`;
    d += `C${f(xl + fw * 0.2)} ${f(len)} ${f(xl)} ${f(len - 30)} ${f(xl)} ${f(i === fronds - 1 ? 330 : gap)}`;
  }
  out += path(`${d}Z`, shades[1]);
  out += ellipse(x - 40, 236, 100, 52, shades[0]);
  // Texture: thin hanging strands.
  let strands = '';
  for (let i = 0; i < 12; i++) {
    const sx = left + 20 + i * 28;
    const len = 120 + ((i * 37) % 90);
    strands += `M${f(sx)} ${f(300)}q-4 ${f(len * 0.5)} 2 ${f(len)}`;
  }
  out += line(strands, shades[2], 3, op(0.8));
  if (ctx.snow) out += snowCap(x, 270, 150) + snowCap(x - 40, 236, 100);
  return out;
}

function bush(ctx: Ctx, x: number, base: number, s: number, color?: string): string {
  const c = color ?? ctx.pal.leaf[1];
  const hi = color ? mix(color, WHITE, 0.18) : ctx.pal.leaf[0];
  let out =
    circle(x - 24 * s, base - 16 * s, 22 * s, c) +
    circle(x + 24 * s, base - 16 * s, 22 * s, c) +
    circle(x, base - 28 * s, 28 * s, hi) +
    rrect(x - 46 * s, base - 20 * s, 92 * s, 20 * s, 6 * s, c);
  if (ctx.snow) out += snowCap(x, base - 28 * s, 28 * s);
  return out;
}

function flower(x: number, y: number, color: string, s = 1): string {
  return (
    line(`M${f(x)} ${f(y)}v${f(18 * s)}`, '#5CAF5F', 3) +
    circle(x - 5 * s, y, 5 * s, color) +
    circle(x + 5 * s, y, 5 * s, color) +
    circle(x, y - 5 * s, 5 * s, color) +
    circle(x, y + 5 * s, 5 * s, color) +
    circle(x, y, 3.5 * s, '#FFC23D')
  );
}

function grassTuft(x: number, y: number, color: string, s = 1): string {
  return path(
    `M${f(x - 10 * s)} ${f(y)}q${f(2 * s)} ${f(-12 * s)} ${f(-4 * s)} ${f(-20 * s)}q${f(10 * s)} ${f(6 * s)} ${f(10 * s)} ${f(16 * s)}q${f(2 * s)} ${f(-14 * s)} ${f(4 * s)} ${f(-22 * s)}q${f(6 * s)} ${f(12 * s)} ${f(4 * s)} ${f(22 * s)}q${f(4 * s)} ${f(-8 * s)} ${f(12 * s)} ${f(-12 * s)}q${f(-4 * s)} ${f(8 * s)} ${f(-2 * s)} ${f(16 * s)}Z`,
    color,
  );
}

/** A window pane glowing at night (raw) or reflecting the sky by day. */
function pane(ctx: Ctx, x: number, y: number, w: number, h: number, litChance: number): string {
  const r = Math.min(4, w / 5);
  const glass = rrect(x, y, w, h, r, '#BDE7F7');
  if ((ctx.night || ctx.evening) && ctx.fx() < (ctx.night ? litChance : litChance * 0.5)) {
    return (
      glass +
      ctx.raw(
        rrect(x - 3, y - 3, w + 6, h + 6, r + 2, '#FFD98A', op(0.3)) +
          rrect(x, y, w, h, r, ctx.night ? '#FFD98A' : '#FFE2A6'),
      )
    );
  }
  return glass;
}

/** An apartment block with rows of windows. */
function apartment(
  ctx: Ctx,
  x: number,
  base: number,
  w: number,
  h: number,
  color: string,
  roof: string,
): string {
  let out = rrect(x, base - h, w, h + 4, 6, color);
  out += rect(x + w - w * 0.16, base - h, w * 0.16, h, INK, op(0.06));
  out += rrect(x - 6, base - h - 10, w + 12, 14, 6, roof);
  if (ctx.snow) out += rrect(x - 8, base - h - 16, w + 16, 10, 5, WHITE);
  const cols = Math.max(2, Math.round(w / 44));
  const rows = Math.max(2, Math.floor((h - 40) / 52));
  const cw = w / cols;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      out += pane(ctx, x + c * cw + cw * 0.25, base - h + 24 + r * 52, cw * 0.5, 28, 0.6);
    }
  }
  return out;
}

function lampPost(ctx: Ctx, x: number, base: number, s = 1): string {
  let out = rrect(x - 4 * s, base - 200 * s, 8 * s, 200 * s, 4 * s, '#5E6A8A');
  out += rrect(x - 12 * s, base - 14 * s, 24 * s, 14 * s, 4 * s, '#5E6A8A');
  out += path(
    `M${f(x - 20 * s)} ${f(base - 200 * s)}h${f(40 * s)}l${f(-8 * s)} ${f(-26 * s)}h${f(-24 * s)}z`,
    '#5E6A8A',
  );
  const lit = ctx.night || ctx.evening;
  out += lit
    ? ctx.raw(
        radialGlow(ctx, x, base - 196 * s, 110 * s, '#FFE3A0', ctx.night ? 0.75 : 0.4) +
          ellipse(x, base - 196 * s, 16 * s, 7 * s, '#FFF0BF'),
      )
    : ellipse(x, base - 196 * s, 16 * s, 7 * s, '#F4F1E6');
  return out;
}

function bench(x: number, base: number, s = 1): string {
  const c = '#C98A55';
  const d = '#A8693D';
  return (
    rect(x - 62 * s, base - 30 * s, 8 * s, 30 * s, '#5E6A8A') +
    rect(x + 54 * s, base - 30 * s, 8 * s, 30 * s, '#5E6A8A') +
    rrect(x - 74 * s, base - 42 * s, 148 * s, 12 * s, 4 * s, c) +
    rrect(x - 70 * s, base - 74 * s, 140 * s, 10 * s, 4 * s, d) +
    rrect(x - 70 * s, base - 58 * s, 140 * s, 10 * s, 4 * s, c) +
    rect(x - 62 * s, base - 74 * s, 6 * s, 34 * s, '#5E6A8A') +
    rect(x + 56 * s, base - 74 * s, 6 * s, 34 * s, '#5E6A8A')
  );
}

function woodFence(x0: number, x1: number, base: number, h: number, color: string): string {
  const dark = mix(color, INK, 0.15);
  let out =
    rrect(x0, base - h * 0.78, x1 - x0, 10, 4, dark) +
    rrect(x0, base - h * 0.38, x1 - x0, 10, 4, dark);
  for (let x = x0 + 8; x < x1 - 8; x += 34) {
    out += path(`M${f(x)} ${f(base)}V${f(base - h + 8)}l8 -10l8 10V${f(base)}Z`, color);
  }
  return out;
}

/** Grey tiled roof with upturned eaves (Chinese style) over [x0, x1] with its eave line at y. */
function tiledRoof(ctx: Ctx, x0: number, x1: number, y: number, h: number, color: string): string {
  const w = x1 - x0;
  const dark = mix(color, INK, 0.25);
  let out = path(
    `M${f(x0 - 26)} ${f(y - 12)}Q${f(x0 - 8)} ${f(y)} ${f(x0 + 20)} ${f(y)}H${f(x1 - 20)}Q${f(x1 + 8)} ${f(y)} ${f(x1 + 26)} ${f(y - 12)}Q${f(x1 - 10)} ${f(y - 18)} ${f(x1 - 30)} ${f(y - h)}H${f(x0 + 30)}Q${f(x0 + 10)} ${f(y - 18)} ${f(x0 - 26)} ${f(y - 12)}Z`,
    color,
  );
  let ridges = '';
  for (let x = x0 + 24; x < x1 - 16; x += 22) ridges += `M${f(x)} ${f(y - 4)}V${f(y - h + 6)}`;
  out += line(ridges, dark, 3, op(0.55));
  out += rrect(x0 + 18, y - h - 8, w - 36, 12, 6, dark);
  out += rrect(x0 - 10, y - 6, w + 20, 8, 4, dark);
  if (ctx.snow) {
    out += path(
      `M${f(x0 + 24)} ${f(y - h - 10)}H${f(x1 - 24)}Q${f(x1 - 2)} ${f(y - h * 0.4)} ${f(x1 + 18)} ${f(y - 14)}Q${f(x1 - 20)} ${f(y - h * 0.5)} ${f((x0 + x1) / 2)} ${f(y - h * 0.55)}Q${f(x0 + 20)} ${f(y - h * 0.5)} ${f(x0 - 18)} ${f(y - 14)}Q${f(x0 + 2)} ${f(y - h * 0.4)} ${f(x0 + 24)} ${f(y - h - 10)}Z`,
      WHITE,
    );
  }
  return out;
}

/** A red paper lantern hanging from (x, y); glows in the evening and at night. */
function lantern(ctx: Ctx, x: number, y: number, s: number): string {
  const lit = ctx.night || ctx.evening;
  let out = line(`M${f(x)} ${f(y - 10 * s)}v${f(12 * s)}`, '#8A5A34', 2);
  out += rrect(x - 12 * s, y, 24 * s, 7 * s, 3 * s, '#F0B63B');
  const body =
    ellipse(x, y + 30 * s, 30 * s, 25 * s, '#E84A4A') +
    ellipse(x, y + 30 * s, 16 * s, 25 * s, '#F2655E') +
    line(`M${f(x - 26 * s)} ${f(y + 30 * s)}h${f(52 * s)}`, '#C7333A', 2, op(0.6));
  out += lit
    ? ctx.raw(
        radialGlow(ctx, x, y + 30 * s, 80 * s, '#FFB45A', ctx.night ? 0.7 : 0.4) +
          body.replace('#F2655E', '#FF8A6A'),
      )
    : body;
  out += rrect(x - 12 * s, y + 52 * s, 24 * s, 7 * s, 3 * s, '#F0B63B');
  out += line(
    `M${f(x)} ${f(y + 59 * s)}v${f(16 * s)}M${f(x - 4 * s)} ${f(y + 60 * s)}v${f(14 * s)}M${f(x + 4 * s)} ${f(y + 60 * s)}v${f(14 * s)}`,
    '#F0B63B',
    2,
  );
  return out;
}

/* ------------------------------------------------------------------------------------------ */
/* Indoor helpers                                                                              */
/* ------------------------------------------------------------------------------------------ */

interface RoomColors {
  wall: string;
  wallLow: string;
  floor: string;
}

/** Back wall, wainscot, skirting and floor. */
function room(ctx: Ctx, c: RoomColors): string {
  const [defs, fill] = gradient(ctx, [
    [0, mix(c.wall, WHITE, 0.35)],
    [1, c.wall],
  ]);
  return (
    defs +
    rect(-2, -2, ctx.w + 4, FLOOR + 4, fill) +
    rect(-2, 452, ctx.w + 4, FLOOR - 452, c.wallLow) +
    rect(-2, 448, ctx.w + 4, 6, mix(c.wallLow, INK, 0.08)) +
    rect(-2, FLOOR - 10, ctx.w + 4, 12, mix(c.wallLow, INK, 0.14)) +
    rect(-2, FLOOR, ctx.w + 4, H - FLOOR + 2, c.floor) +
    rect(-2, FLOOR, ctx.w + 4, 14, mix(c.floor, INK, 0.1))
  );
}

/** The world outside a window: sky for this time and weather, a little land, weather. */
function windowView(ctx: Ctx, x: number, y: number, w: number, h: number): string {
  const id = ctx.uid('win');
  const [top, mid, low] = skyStops(ctx.time, ctx.weather);
  const [defs, fill] = gradient(ctx, [
    [0, top],
    [0.6, mid],
    [1, low],
  ]);
  let inner = defs + rect(x, y, w, h, fill);
  const overcast = ctx.weather === 'rain' || ctx.weather === 'snow';
  if (ctx.time === 'night') {
    if (ctx.weather !== 'rain') {
      for (let i = 0; i < 9; i++) {
        inner += circle(
          x + ctx.fx() * w,
          y + ctx.fx() * h * 0.6,
          between(ctx.fx, 1.2, 2.4),
          '#FFF7D6',
        );
      }
      inner += moon(ctx, x + w * 0.7, y + h * 0.26, Math.min(w, h) * 0.11, false);
    }
  } else if (!overcast) {
    const sx = x + w * 0.75;
    const sy = ctx.time === 'evening' ? y + h * 0.62 : y + h * 0.25;
    inner += circle(sx, sy, Math.min(w, h) * 0.12, ctx.time === 'evening' ? '#FFB050' : '#FFD66B');
    inner += cloud(
      x + w * 0.3,
      y + h * 0.35,
      Math.min(w, h) / 380,
      ctx.time === 'evening' ? '#FFE2D2' : WHITE,
      0.9,
    );
  } else {
    inner += cloud(
      x + w * 0.35,
      y + h * 0.22,
      Math.min(w, h) / 300,
      ctx.weather === 'rain' ? '#97A3B4' : '#D7E0EC',
      0.95,
    );
  }
  // Land outside: hill, a tree and a house roof.
  const outdoor = tintsFor(ctx.time, ctx.weather, true);
  const landBase = y + h * 0.78;
  let land = path(
    `M${f(x - 10)} ${f(landBase)}Q${f(x + w * 0.3)} ${f(landBase - h * 0.16)} ${f(x + w * 0.6)} ${f(landBase - h * 0.06)}T${f(x + w + 10)} ${f(landBase - h * 0.08)}V${f(y + h + 10)}H${f(x - 10)}Z`,
    ctx.snow ? '#F2F6FB' : ctx.autumn ? '#D7DE9C' : '#A6DE99',
  );
  const tr = Math.min(w, h) * 0.13;
  const tx = x + w * 0.22;
  land += rect(tx - tr * 0.12, landBase - tr * 1.6, tr * 0.24, tr * 1.2, ctx.pal.trunk);
  land += circle(tx, landBase - tr * 1.8, tr, ctx.pal.leaf[1]);
  if (ctx.snow) land += snowCap(tx, landBase - tr * 1.8, tr);
  inner += applyTints(land, outdoor);
  // Weather.
  const box: Box = { x, y, w, h };
  if (ctx.weather === 'rain') inner += rainDrops(ctx, box, 1.6);
  if (ctx.weather === 'snow') inner += snowFlakes(ctx, box, 2.2);
  if (ctx.weather === 'wind')
    inner +=
      windLines(ctx, { x: x + w * 0.05, y: y + h * 0.15, w: w * 0.5, h: h * 0.3 }, 2) +
      flyingLeaves(ctx, box, 3, false);
  if (ctx.weather === 'leaves') inner += flyingLeaves(ctx, box, 5, true);
  let out = ctx.raw(
    `<defs><clipPath id="${id}"><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="6"/></clipPath></defs><g clip-path="url(#${id})">${inner}</g>`,
  );
  // Frame, cross bars and sill (tinted with the room).
  const frame = '#FFFFFF';
  out += `<rect x="${f(x - 10)}" y="${f(y - 10)}" width="${f(w + 20)}" height="${f(h + 20)}" rx="12" fill="none" stroke="${frame}" stroke-width="3"/>`;
  out += path(
    `M${f(x - 12)} ${f(y - 12)}h${f(w + 24)}v${f(h + 24)}h${f(-w - 24)}Z M${f(x)} ${f(y)}v${f(h)}h${f(w)}v${f(-h)}Z`,
    frame,
    ' fill-rule="evenodd"',
  );
  out += rect(x + w / 2 - 4, y, 8, h, frame) + rect(x, y + h * 0.45 - 4, w, 8, frame);
  if (ctx.snow) out += rrect(x, y + h - 10, w, 10, 4, WHITE);
  out += rrect(x - 22, y + h + 8, w + 44, 14, 6, '#F3E3CB');
  return out;
}

function curtains(x: number, y: number, w: number, h: number, color: string): string {
  const dark = mix(color, INK, 0.12);
  const side = (cx: number, dir: 1 | -1) =>
    path(
      `M${f(cx)} ${f(y - 24)}h${f(dir * 54)}q${f(-dir * 10)} ${f(h * 0.55)} ${f(-dir * 28)} ${f(h * 0.75)}q${f(dir * 2)} ${f(h * 0.2)} ${f(dir * 12)} ${f(h * 0.4)}h${f(-dir * 38)}z`,
      color,
    ) +
    path(
      `M${f(cx + dir * 20)} ${f(y - 24)}q${f(-dir * 4)} ${f(h * 0.6)} ${f(-dir * 10)} ${f(h * 1.15)}h${f(-dir * 6)}q${f(dir * 4)} ${f(-h * 0.5)} ${f(dir * 8)} ${f(-h * 1.15)}z`,
      dark,
      op(0.5),
    );
  return side(x - 30, 1) + side(x + w + 30, -1) + rrect(x - 50, y - 30, w + 100, 10, 5, '#C98A55');
}

/** Warm lamp light indoors (raw); strong at night, gentle in the evening, none by day. */
function lampLight(ctx: Ctx, x: number, y: number, r: number): string {
  if (ctx.night) return ctx.raw(radialGlow(ctx, x, y, r, '#FFCF7A', 0.62));
  if (ctx.evening) return ctx.raw(radialGlow(ctx, x, y, r * 0.8, '#FFD27A', 0.3));
  return '';
}

/** A lamp shade: glowing (untinted, bright) when the lamps are on. */
function shade(ctx: Ctx, d: string, dayColor: string): string {
  if (ctx.night) return ctx.raw(path(d, '#FFE6A8'));
  if (ctx.evening) return ctx.raw(path(d, '#FFD98E'));
  return path(d, dayColor);
}

/** Evening sun falling through a window onto the floor (raw). */
function windowBeam(ctx: Ctx, x: number, y: number, w: number): string {
  if (!ctx.evening || ctx.weather === 'rain') return '';
  const dx = 150;
  return ctx.raw(
    path(
      `M${f(x)} ${f(y)}h${f(w)}L${f(x + w - dx)} ${f(FLOOR + 60)}h${f(-w - 40)}Z`,
      '#FFC47A',
      op(0.18),
    ),
  );
}

function books(ctx: Ctx, x0: number, x1: number, base: number, maxH: number): string {
  let out = '';
  let x = x0 + 4;
  let i = Math.floor(ctx.rng() * 7);
  while (x < x1 - 14) {
    const bw = Math.min(between(ctx.rng, 12, 22), x1 - 4 - x);
    const bh = maxH * between(ctx.rng, 0.68, 0.96);
    const c = pick(BRAND, i++);
    if (ctx.rng() < 0.08 && x1 - x > 40) {
      out += rrect(x, base - bh, bw, bh, 2, c, ` transform="rotate(14 ${f(x + bw)} ${f(base)})"`);
      x += bw + 14;
      continue;
    }
    out += rrect(x, base - bh, bw, bh, 2, c);
    out += rect(x + 2, base - bh + 8, bw - 4, 3, WHITE, op(0.55));
    x += bw + 1.5;
  }
  return out;
}

function shelfUnit(
  ctx: Ctx,
  x: number,
  top: number,
  w: number,
  base: number,
  rows: number,
  wood = '#C98A55',
): string {
  const inner = mix(wood, INK, 0.12);
  let out = rrect(x, top, w, base - top, 8, wood);
  const rowH = (base - top - 16) / rows;
  for (let r = 0; r < rows; r++) {
    const y0 = top + 8 + r * rowH;
    out += rect(x + 10, y0 + 4, w - 20, rowH - 10, inner);
    out += books(ctx, x + 12, x + w - 12, y0 + rowH - 6, rowH - 18);
  }
  return out;
}

function pottedPlant(x: number, base: number, s: number, leaf: string): string {
  return (
    path(
      `M${f(x - 22 * s)} ${f(base - 44 * s)}h${f(44 * s)}l${f(-6 * s)} ${f(44 * s)}h${f(-32 * s)}z`,
      '#E5702A',
    ) +
    rect(x - 24 * s, base - 48 * s, 48 * s, 10 * s, '#FF8A3D') +
    ellipse(
      x - 18 * s,
      base - 74 * s,
      12 * s,
      28 * s,
      leaf,
      ` transform="rotate(-30 ${f(x - 18 * s)} ${f(base - 74 * s)})"`,
    ) +
    ellipse(
      x + 18 * s,
      base - 74 * s,
      12 * s,
      28 * s,
      leaf,
      ` transform="rotate(30 ${f(x + 18 * s)} ${f(base - 74 * s)})"`,
    ) +
    ellipse(x, base - 86 * s, 12 * s, 34 * s, mix(leaf, WHITE, 0.15))
  );
}

/* ------------------------------------------------------------------------------------------ */
/* The places                                                                                  */
/* ------------------------------------------------------------------------------------------ */

type Builder = (ctx: Ctx) => string;

const homeLiving: Builder = (ctx) => {
  const w = ctx.w;
  let out = room(ctx, { wall: '#FCE9CF', wallLow: '#F6D9B4', floor: '#EFC595' });
  // Window (left of centre) with curtains.
  const wx = Math.max(120, w * 0.2);
  const ww = Math.min(230, w * 0.22);
  out += windowView(ctx, wx, 118, ww, 220) + curtains(wx, 118, ww, 220, '#7FCCB5');
  out += windowBeam(ctx, wx, 340, ww);
  // Picture frames above the sofa.
  const sx = w * 0.57;
  out += rrect(sx - 120, 190, 96, 74, 8, '#C98A55') + rect(sx - 112, 198, 80, 58, '#DDF3FB');
  out +=
    path(`M${f(sx - 112)} 256l26-26 18 14 22-22 14 34z`, '#8FD786') +
    circle(sx - 50, 214, 8, '#FFC23D');
  out += rrect(sx + 10, 176, 70, 90, 8, '#C98A55') + rect(sx + 18, 184, 54, 74, '#FFF3DF');
  out += circle(sx + 45, 214, 14, '#F2609E') + rect(sx + 35, 232, 20, 20, '#3DB6E8');
  // Sofa.
  const so = Math.min(200, w * 0.17);
  out += rrect(sx - so - 4, 452, so * 2 + 8, 86, 26, '#3DB6E8');
  out +=
    rrect(sx - so + 14, 434, so - 20, 70, 22, '#5CC3EE') +
    rrect(sx + 6, 434, so - 20, 70, 22, '#5CC3EE');
  out +=
    rrect(sx - so - 26, 476, 48, 96, 20, '#2FA3D6') +
    rrect(sx + so - 22, 476, 48, 96, 20, '#2FA3D6');
  out += rrect(sx - so + 10, 506, so * 2 - 20, 50, 14, '#58C1EC');
  out += rrect(
    sx - so + 30,
    470,
    56,
    46,
    14,
    '#FFC23D',
    ` transform="rotate(-10 ${f(sx - so + 58)} 493)"`,
  );
  out += rrect(
    sx + so - 90,
    470,
    56,
    46,
    14,
    '#FF8A3D',
    ` transform="rotate(8 ${f(sx + so - 62)} 493)"`,
  );
  out += rect(sx - so + 4, 556, 10, 24, '#8A5A34') + rect(sx + so - 14, 556, 10, 24, '#8A5A34');
  // Bookshelf on the right.
  const bx = w - Math.min(210, w * 0.2);
  out += shelfUnit(ctx, bx, 196, Math.min(160, w * 0.16), FLOOR, 4);
  out += pottedPlant(bx + 44, 196, 0.8, '#5CC86B');
  // Floor lamp on the left.
  const lx = Math.max(56, w * 0.07);
  out += rrect(lx - 3, 300, 6, 272, 3, '#5E6A8A') + ellipse(lx, FLOOR - 4, 30, 8, '#5E6A8A');
  out += lampLight(ctx, lx, 290, 480);
  out += shade(ctx, `M${f(lx - 34)} 304h68l-14-56h-40z`, '#FFC23D');
  // Rug.
  out +=
    ellipse(w * 0.5, GY + 26, Math.min(360, w * 0.34), 40, '#F5A38A') +
    ellipse(w * 0.5, GY + 26, Math.min(330, w * 0.31), 30, '#F8B8A2');
  return out;
};

const homeKitchen: Builder = (ctx) => {
  const w = ctx.w;
  let out = room(ctx, { wall: '#E4F4EC', wallLow: '#D3ECE0', floor: '#EAD7BC' });
  const cx0 = Math.max(200, w * 0.16);
  const cx1 = w * 0.64;
  // Backsplash tiles.
  out += rect(cx0, 330, cx1 - cx0, 130, '#F5FBF8');
  let grid = '';
  for (let x = cx0 + 32; x < cx1; x += 32) grid += `M${f(x)} 330V460`;
  for (let y = 362; y < 460; y += 32) grid += `M${f(cx0)} ${y}H${f(cx1)}`;
  out += line(grid, '#CFE6DB', 2);
  // Fridge.
  const fx = Math.max(24, w * 0.03);
  out +=
    rrect(fx, 190, 150, FLOOR - 186, 16, '#F4F9FF') +
    rect(fx + 124, 196, 20, FLOOR - 196, '#DCE7F2');
  out +=
    rect(fx + 6, 318, 138, 5, '#DCE7F2') +
    rrect(fx + 16, 240, 8, 50, 4, '#AFC0D3') +
    rrect(fx + 16, 340, 8, 70, 4, '#AFC0D3');
  out +=
    circle(fx + 70, 236, 9, '#E84A4A') +
    circle(fx + 96, 262, 8, '#FFC23D') +
    rrect(fx + 56, 360, 48, 60, 4, WHITE, ` transform="rotate(-6 ${f(fx + 80)} 390)"`);
  out +=
    circle(fx + 72, 384, 10, '#FFC23D') +
    path(`M${f(fx + 62)} 412l12-14 12 10 10-8v14z`, '#5CC86B');
  // Counter cabinets.
  out += rrect(cx0, 470, cx1 - cx0, FLOOR - 470, 6, '#7ECFC0');
  const doors = Math.max(2, Math.round((cx1 - cx0) / 110));
  const dw = (cx1 - cx0) / doors;
  for (let i = 0; i < doors; i++) {
    out += rrect(cx0 + i * dw + 8, 486, dw - 16, 78, 6, '#97DACD');
    out += rrect(cx0 + i * dw + dw / 2 - 14, 498, 28, 6, 3, '#5E6A8A', op(0.6));
  }
  out += rrect(cx0 - 8, 456, cx1 - cx0 + 16, 18, 6, '#F7F2EA');
  // Stove with a pot, and the hood.
  const st = cx0 + 40;
  out += rrect(st, 448, 150, 10, 4, '#5E6A8A');
  out += rrect(st + 20, 392, 110, 58, 12, '#E84A4A') + rrect(st + 10, 386, 130, 14, 7, '#C7333A');
  out += rrect(st + 66, 374, 18, 12, 6, '#C7333A');
  out += line(
    `M${f(st + 56)} 360q-10-16 0-30t0-30M${f(st + 92)} 356q-10-16 0-30t0-30`,
    WHITE,
    3,
    op(0.8),
  );
  out +=
    path(`M${f(st - 4)} 250h158l-22-60h-114z`, '#DDE3EA') + rect(st + 46, -4, 58, 196, '#DDE3EA');
  out += rect(st + 92, -4, 12, 196, INK, op(0.05)) + rrect(st - 4, 244, 158, 8, 4, '#C9D1DB');
  // Window above the sink.
  const wx = Math.min(cx1 - 170, Math.max(st + 190, w * 0.36));
  out += windowView(ctx, wx, 150, 150, 150);
  out +=
    rrect(wx + 20, 446, 110, 12, 4, '#BFD0DE') +
    path(`M${f(wx + 70)} 446v-30q0-10 10-10h14v8h-10v32z`, '#AFC0D3');
  out += windowBeam(ctx, wx, 310, 150);
  // Upper cabinet right of the window.
  if (cx1 - (wx + 180) > 80) {
    out +=
      rrect(wx + 180, 140, cx1 - wx - 180, 120, 6, '#7ECFC0') +
      rrect(wx + 190, 150, cx1 - wx - 200, 100, 6, '#97DACD');
  }
  // Table with chairs on the right.
  const tx = w * 0.83;
  const tw = Math.min(130, w * 0.12);
  /** A chair seen from the side: its back at `cx`, the seat reaching towards the table. */
  const chair = (cx: number, dir: 1 | -1) => {
    const seat0 = dir === 1 ? cx - 6 : cx - 50;
    const legX = dir === 1 ? cx + 42 : cx - 48;
    return (
      rrect(cx - 6, 430, 12, 172, 6, '#B57442') +
      rrect(dir === 1 ? cx - 4 : cx - 24, 440, 28, 50, 8, '#E84A4A', op(0.9)) +
      rrect(seat0, 526, 56, 12, 5, '#C98A55') +
      rrect(legX, 534, 8, 68, 4, '#B57442')
    );
  };
  out += chair(tx - tw - 16, 1) + chair(tx + tw + 16, -1);
  out += rect(tx - tw + 12, 520, 12, 82, '#A8693D') + rect(tx + tw - 24, 520, 12, 82, '#A8693D');
  out += rrect(tx - tw, 500, tw * 2, 24, 8, WHITE);
  let check = '';
  for (let x = tx - tw + 12; x < tx + tw; x += 24) check += `M${f(x)} 502v20`;
  out += line(check, '#E84A4A', 3, op(0.5));
  out +=
    path(`M${f(tx - 40)} 500q40 30 80 0z`, '#FFC23D') +
    circle(tx - 16, 488, 13, '#E84A4A') +
    circle(tx + 12, 490, 12, '#FF8A3D') +
    circle(tx, 478, 11, '#5CC86B');
  // Pendant lamp.
  out += line(`M${f(tx)} 0V110`, '#5E6A8A', 3);
  out += lampLight(ctx, tx, 170, 420);
  out += shade(ctx, `M${f(tx - 44)} 150q0-40 44-40t44 40z`, '#FFC23D');
  return out;
};

const homeBedroom: Builder = (ctx) => {
  const w = ctx.w;
  let out = room(ctx, { wall: '#E5ECFF', wallLow: '#D4DEFA', floor: '#EFC595' });
  // Dotted wallpaper.
  let dots = '';
  for (let y = 40; y < 440; y += 60) {
    for (let x = ((y / 60) % 2) * 40 + 20; x < w; x += 80) dots += sparkle(x, y, 6);
  }
  out += path(dots, WHITE, op(0.7));
  // Bed on the left.
  const bx = Math.max(20, w * 0.03);
  const bw = Math.min(360, w * 0.3);
  out += rrect(bx, 360, 36, FLOOR - 356, 18, '#FF8A3D') + circle(bx + 18, 372, 22, '#FF8A3D');
  out += rrect(bx + bw - 28, 440, 28, FLOOR - 436, 12, '#FF8A3D');
  out +=
    rrect(bx + 20, 470, bw - 36, 70, 12, '#C98A55') +
    rect(bx + 30, 540, 12, 40, '#A8693D') +
    rect(bx + bw - 50, 540, 12, 40, '#A8693D');
  out += rrect(bx + 24, 452, bw - 44, 36, 14, WHITE);
  out +=
    rrect(bx + 40, 426, 88, 44, 20, '#FFF6E6') + rrect(bx + 110, 446, bw - 124, 64, 16, '#FFC23D');
  let stripes = '';
  for (let x = bx + 130; x < bx + bw - 24; x += 34) stripes += `M${f(x)} 450v58`;
  out += line(stripes, '#FFE08A', 3);
  out += rrect(bx + 110, 500, bw - 124, 12, 6, '#F0A020');
  // Bedside table and lamp.
  const nx = bx + bw + 14;
  out +=
    rrect(nx, 492, 84, FLOOR - 488, 8, '#C98A55') +
    rrect(nx + 8, 508, 68, 30, 6, '#DDA876') +
    circle(nx + 42, 523, 4, '#8A5A34');
  out += rect(nx + 38, 440, 8, 52, '#5E6A8A');
  out += lampLight(ctx, nx + 42, 430, 440);
  out += shade(ctx, `M${f(nx + 14)} 446h56l-10-44h-36z`, '#7C6CF2');
  // Window with curtains.
  const wx = Math.min(w * 0.56, w - 410);
  const ww = Math.min(210, w * 0.2);
  out +=
    windowView(ctx, Math.max(nx + 130, wx), 110, ww, 210) +
    curtains(Math.max(nx + 130, wx), 110, ww, 210, '#F2A0C4');
  out += windowBeam(ctx, Math.max(nx + 130, wx), 330, ww);
  // Toy shelf on the right.
  const sx = w - Math.min(190, w * 0.19);
  const sw = Math.min(160, w * 0.17);
  out +=
    rrect(sx, 386, sw, FLOOR - 382, 8, '#F7F2EA') +
    rect(sx + 8, 394, sw - 16, 84, '#E3DDD2') +
    rect(sx + 8, 486, sw - 16, 84, '#E3DDD2');
  out +=
    circle(sx + 36, 452, 24, '#3DB6E8') + line(`M${f(sx + 14)} 448q22 10 44 0`, WHITE, 3, op(0.8));
  out +=
    rrect(sx + 76, 446, 28, 28, 4, '#E84A4A') +
    rrect(sx + 106, 446, 28, 28, 4, '#FFC23D') +
    rrect(sx + 90, 418, 28, 28, 4, '#5CC86B');
  out +=
    circle(sx + 50, 536, 24, '#B57442') +
    circle(sx + 34, 508, 10, '#B57442') +
    circle(sx + 66, 508, 10, '#B57442') +
    circle(sx + 50, 520, 17, '#C98A55');
  out +=
    circle(sx + 44, 516, 2.5, INK) +
    circle(sx + 56, 516, 2.5, INK) +
    ellipse(sx + 50, 526, 6, 4, '#E9C29A');
  out +=
    rrect(sx + 88, 530, 52, 24, 8, '#F2609E') +
    circle(sx + 100, 556, 9, '#5E6A8A') +
    circle(sx + 128, 556, 9, '#5E6A8A');
  // Rocket drawing on the wall.
  out +=
    rrect(sx + 20, 220, 110, 120, 6, WHITE) +
    path(`M${f(sx + 75)} 240q22 30 14 70h-28q-8-40 14-70z`, '#E84A4A') +
    circle(sx + 75, 276, 8, '#BDE7F7') +
    path(`M${f(sx + 62)} 310l-12 16h18zM${f(sx + 88)} 310l12 16h-18z`, '#FF8A3D');
  // Round rug.
  out +=
    ellipse(w * 0.5, GY + 24, Math.min(300, w * 0.28), 36, '#B9AFF7') +
    ellipse(w * 0.5, GY + 24, Math.min(260, w * 0.24), 26, '#CCC4FA');
  return out;
};

const classroom: Builder = (ctx) => {
  const w = ctx.w;
  let out = room(ctx, { wall: '#FFF2D2', wallLow: '#F6DEAE', floor: '#E8C89A' });
  // Bunting.
  let bunting = '';
  const n = Math.round(w / 70);
  out += line(`M0 40Q${f(w / 2)} 80 ${f(w)} 40`, '#C98A55', 2);
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const x = t * w;
    const y = 40 + 40 * 2 * t * (1 - t) * 1;
    bunting += path(`M${f(x - 16)} ${f(y)}h32l-16 30z`, pick(BRAND, i));
  }
  out += bunting;
  // Blackboard.
  const half = Math.min(320, w * 0.27);
  const cx = w / 2;
  out +=
    rrect(cx - half - 14, 104, half * 2 + 28, 246, 16, '#C98A55') +
    rrect(cx - half, 118, half * 2, 218, 8, '#3F7F63');
  const chalk = [
    `M${f(cx - half + 40)} 220l20-56 20 56M${f(cx - half + 48)} 198h24`,
    `M${f(cx - half + 100)} 164v56h18q16 0 16-14t-16-14h-18 16q14 0 14-14t-14-14z`,
    `M${f(cx - half + 190)} 172q-8-10-22-8-18 4-18 28t18 28q14 2 22-8`,
    `M${f(cx - half + 40)} 270q14-14 28 0t28 0 28 0 28 0`,
  ];
  out += line(chalk.join(''), WHITE, 3, op(0.85));
  out += line(
    `M${f(cx + half - 150)} 190l8-16 8 16 18 2-13 12 3 18-16-9-16 9 3-18-13-12z`,
    '#FFE08A',
    3,
  );
  out += circle(
    cx + half - 60,
    260,
    22,
    'none',
    ` stroke="${WHITE}" stroke-width="3" stroke-opacity=".85"`,
  );
  out += line(
    `M${f(cx + half - 60)} 228v-8M${f(cx + half - 60)} 292v8M${f(cx + half - 92)} 260h-8M${f(cx + half - 28)} 260h8`,
    WHITE,
    3,
    op(0.85),
  );
  out +=
    rrect(cx - half, 336, half * 2, 12, 4, '#B57442') +
    rrect(cx - half + 30, 330, 30, 8, 4, WHITE) +
    rrect(cx - half + 70, 330, 22, 8, 4, '#F2609E');
  // Clock.
  const ck = Math.min(w - 90, cx + half + 110);
  out +=
    circle(ck, 110, 34, WHITE) +
    circle(ck, 110, 34, 'none', ` stroke="#FF8A3D" stroke-width="3"`) +
    line(`M${f(ck)} 110v-20M${f(ck)} 110h14`, INK, 3);
  // Window on the right, notice board on the left.
  const wx = w - Math.min(180, w * 0.16);
  if (wx > cx + half + 40) out += windowView(ctx, wx, 170, Math.min(130, w - wx - 24), 220);
  const px = Math.min(60, w * 0.04);
  if (cx - half - 40 > px + 120) {
    out += rrect(px, 170, Math.min(180, cx - half - 60 - px), 150, 8, '#D9A56B');
    for (let i = 0; i < 4; i++) {
      const x = px + 16 + (i % 2) * 80;
      const y = 186 + Math.floor(i / 2) * 66;
      out += rect(
        x,
        y,
        62,
        52,
        pick(['#FFFFFF', '#FFE08A', '#BDE7F7', '#FFD1E3'], i),
        ` transform="rotate(${i % 2 === 0 ? -4 : 5} ${f(x + 31)} ${f(y + 26)})"`,
      );
      out += circle(x + 31, y + 4, 4, '#E84A4A');
    }
  }
  // A small desk with a chair tucked in at each side.
  const desk = (x: number, chairColor: string, book: string) => {
    const leg = '#8C98B3';
    return (
      rrect(x + 34, 470, 64, 56, 10, chairColor) +
      rect(x + 40, 520, 8, 84, leg) +
      rect(x + 84, 520, 8, 84, leg) +
      rect(x + 12, 520, 8, 84, leg) +
      rect(x + 112, 520, 8, 84, leg) +
      rrect(x, 506, 132, 18, 6, '#F0B76E') +
      rrect(x + 8, 524, 116, 20, 4, '#D99E58') +
      rrect(x + 24, 494, 44, 12, 3, book) +
      rrect(x + 84, 500, 30, 6, 3, '#FF8A3D')
    );
  };
  if (w >= 1000) out += desk(20, '#3DB6E8', '#F2609E') + desk(w - 152, '#5CC86B', '#7C6CF2');
  else out += desk(-70, '#3DB6E8', '#F2609E') + desk(w - 62, '#5CC86B', '#7C6CF2');
  out += windowBeam(ctx, Math.max(wx, cx + half + 40), 390, 120);
  out += lampLight(ctx, cx, 40, 520);
  return out;
};

const library: Builder = (ctx) => {
  const w = ctx.w;
  let out = room(ctx, { wall: '#FDEBD3', wallLow: '#F4D6AE', floor: '#E4B887' });
  const sw = Math.min(280, w * 0.24);
  // Tall shelves on both sides.
  out += shelfUnit(ctx, -12, 60, sw, FLOOR, 5, '#B57442');
  out += shelfUnit(ctx, w - sw + 12, 60, sw, FLOOR, 5, '#B57442');
  // Ladder on the right shelf.
  const lx = w - sw + 40;
  let rungs = '';
  for (let y = 170; y < FLOOR; y += 46) rungs += `M${f(lx + 8)} ${y}h44`;
  out +=
    line(
      `M${f(lx + 6)} 130L${f(lx - 10)} ${FLOOR}M${f(lx + 54)} 130L${f(lx + 70)} ${FLOOR}`,
      '#8A5A34',
      3,
    ) + line(rungs, '#8A5A34', 3);
  // Arched window in the middle.
  const cx = w / 2;
  const aw = Math.min(120, w * 0.11);
  const id = ctx.uid('arch');
  out += ctx.raw(
    `<defs><clipPath id="${id}"><path d="M${f(cx - aw)} 360V190a${f(aw)} ${f(aw)} 0 0 1 ${f(aw * 2)} 0V360z"/></clipPath></defs>`,
  );
  out += `<g clip-path="url(#${id})">${windowView(ctx, cx - aw, 70, aw * 2, 290)}</g>`;
  out += path(
    `M${f(cx - aw - 12)} 372V190a${f(aw + 12)} ${f(aw + 12)} 0 0 1 ${f(aw * 2 + 24)} 0V372zM${f(cx - aw)} 360h${f(aw * 2)}V190a${f(aw)} ${f(aw)} 0 0 0 ${f(-aw * 2)} 0z`,
    WHITE,
    ' fill-rule="evenodd"',
  );
  out += rect(cx - 4, 70, 8, 290, WHITE) + rect(cx - aw, 250, aw * 2, 8, WHITE);
  out += rrect(cx - aw - 24, 364, aw * 2 + 48, 14, 6, '#F3E3CB');
  // Low shelf under the window.
  out +=
    rrect(cx - aw - 60, 474, aw * 2 + 120, FLOOR - 470, 8, '#C98A55') +
    rect(cx - aw - 50, 486, aw * 2 + 100, 76, '#AD7446');
  out += books(ctx, cx - aw - 46, cx + aw + 46, 558, 62);
  out +=
    pottedPlant(cx - aw - 20, 474, 0.7, '#5CC86B') + pottedPlant(cx + aw + 20, 474, 0.6, '#6CC878');
  // Hanging lamps.
  for (const lxp of [cx - aw - 150, cx + aw + 150]) {
    if (lxp < sw || lxp > w - sw) continue;
    out += line(`M${f(lxp)} 0V80`, '#5E6A8A', 3);
    out += lampLight(ctx, lxp, 120, 340);
    out += shade(ctx, `M${f(lxp - 34)} 112q0-32 34-32t34 32z`, '#FF8A3D');
  }
  if (w < 1000) out += lampLight(ctx, cx, 420, 300);
  // Cushions.
  out +=
    ellipse(sw - 10, FLOOR + 36, 70, 34, '#FF8A3D') +
    ellipse(sw - 16, FLOOR + 24, 50, 20, '#FFA766');
  out +=
    ellipse(w - sw + 10, FLOOR + 40, 76, 36, '#3DB6E8') +
    ellipse(w - sw + 16, FLOOR + 28, 54, 20, '#6CCBF0');
  out += windowBeam(ctx, cx - aw, 380, aw * 2);
  return out;
};

const supermarket: Builder = (ctx) => {
  const w = ctx.w;
  let out = room(ctx, { wall: '#EEF5FA', wallLow: '#DDE9F2', floor: '#E7ECF1' });
  // Category signs.
  const signs = Math.max(3, Math.round(w / 260));
  for (let i = 0; i < signs; i++) {
    const x = ((i + 0.5) / signs) * w;
    out += line(`M${f(x - 50)} 0V40M${f(x + 50)} 0V40`, '#9AA6BF', 2);
    out += rrect(
      x - 80,
      40,
      160,
      44,
      12,
      pick(['#FF8A3D', '#5CC86B', '#3DB6E8', '#F2609E', '#FFC23D'], i),
    );
    const icon = i % 3;
    if (icon === 0)
      out +=
        circle(x, 62, 12, WHITE) +
        path(`M${f(x)} 50q4-8 10-8`, 'none', ` stroke="${WHITE}" stroke-width="3"`);
    else if (icon === 1) out += rrect(x - 10, 50, 20, 26, 4, WHITE) + rect(x - 6, 44, 12, 8, WHITE);
    else out += path(`M${f(x - 14)} 70q14-30 28 0z`, WHITE);
  }
  // Ceiling lights.
  for (let x = 120; x < w; x += 300) {
    out += rrect(x - 50, 110, 100, 10, 5, WHITE);
    out += lampLight(ctx, x, 130, 240);
  }
  // Produce stand on the left.
  const px1 = Math.min(w * 0.38, 470);
  out += rrect(-10, 300, px1 + 10, FLOOR - 296, 8, '#C98A55');
  const fruit: [string, string][] = [
    ['#E84A4A', '#C7333A'],
    ['#FF8A3D', '#E5702A'],
    ['#FFC23D', '#F0A020'],
    ['#8FD24F', '#6DB43A'],
  ];
  const bins = Math.max(2, Math.round(px1 / 110));
  const bw = px1 / bins;
  for (let row = 0; row < 2; row++) {
    const y = 380 + row * 100;
    for (let i = 0; i < bins; i++) {
      const [c, d] = pick(fruit, i + row * 2);
      const x = i * bw;
      out += path(`M${f(x + 6)} ${f(y)}h${f(bw - 12)}l-8 60h${f(-bw + 28)}z`, '#A8693D');
      for (let k = 0; k < Math.floor(bw / 22); k++) {
        const fx = x + 20 + k * 22;
        out += circle(fx, y - 6, 12, c) + circle(fx + 4, y - 10, 3, WHITE, op(0.5));
        if (k % 2 === 0) out += circle(fx + 11, y - 20, 11, d);
      }
      out += rrect(x + bw / 2 - 16, y + 26, 32, 18, 4, WHITE);
    }
  }
  out += rrect(-10, 288, px1 + 10, 22, 8, '#5CC86B');
  // Distant aisle in the middle (calm).
  const gx0 = px1 + 30;
  const gx1 = w - Math.min(w * 0.38, 470) - 30;
  if (gx1 - gx0 > 60) {
    out += rect(gx0, 330, gx1 - gx0, FLOOR - 330, '#E3ECF3');
    for (let y = 360; y < FLOOR; y += 56) {
      out += rect(gx0 + 10, y + 30, gx1 - gx0 - 20, 6, '#C9D6E2');
      for (let x = gx0 + 16; x < gx1 - 20; x += 26)
        out += rrect(
          x,
          y + 6,
          18,
          24,
          3,
          pick(['#FFD1B0', '#CDE9F6', '#FFE6A6', '#D6F0D0'], Math.floor(x / 26)),
        );
    }
  }
  // Goods shelves on the right.
  const gx = w - Math.min(w * 0.38, 470);
  out += rrect(gx, 230, w - gx + 10, FLOOR - 226, 8, '#9AA6BF');
  const rows = 4;
  const rh = (FLOOR - 250) / rows;
  for (let r = 0; r < rows; r++) {
    const y0 = 240 + r * rh;
    out += rect(gx + 8, y0, w - gx - 8, rh - 10, '#F4F7FA');
    out += rect(gx + 8, y0 + rh - 12, w - gx - 8, 8, '#C9D3E0');
    let x = gx + 14;
    let i = r * 3;
    while (x < w - 8) {
      const kind = (i + r) % 3;
      const c = pick(BRAND, i);
      const ih = rh - 26;
      if (kind === 0) {
        out +=
          rrect(x, y0 + rh - 12 - ih, 30, ih, 4, c) +
          rect(x + 5, y0 + rh - 12 - ih * 0.7, 20, ih * 0.3, WHITE, op(0.7));
        x += 34;
      } else if (kind === 1) {
        out +=
          rrect(x + 4, y0 + rh - 12 - ih * 0.85, 18, ih * 0.85, 8, c) +
          rect(x + 9, y0 + rh - 12 - ih, 8, 10, c);
        x += 26;
      } else {
        out +=
          rrect(x, y0 + rh - 12 - ih * 0.55, 26, ih * 0.55, 6, c) +
          rect(x, y0 + rh - 12 - ih * 0.4, 26, 8, WHITE, op(0.6));
        x += 30;
      }
      i++;
    }
  }
  // Trolley.
  const tx = w - 150;
  out += path(`M${f(tx - 70)} 520h150l-20 80h-116z`, '#9AA6BF', op(0.5));
  let wire = '';
  for (let x = tx - 50; x < tx + 70; x += 20) wire += `M${f(x)} 524l${f(-4)} 72`;
  wire += `M${f(tx - 66)} 546h142M${f(tx - 62)} 572h132`;
  out += line(wire, '#7D8AA3', 2);
  out += line(
    `M${f(tx - 70)} 520h150l-20 80h-116zM${f(tx + 80)} 520l20-30h20M${f(tx - 50)} 600v28h110v-28`,
    '#5E6A8A',
    3,
  );
  out += circle(tx - 46, 634, 9, INK) + circle(tx + 56, 634, 9, INK);
  out +=
    circle(tx - 20, 512, 14, '#FF8A3D') +
    rrect(tx + 4, 490, 30, 34, 4, '#3DB6E8') +
    circle(tx + 50, 510, 12, '#5CC86B');
  return out;
};

/* Outdoor places -------------------------------------------------------------------------- */

function flowersAlong(ctx: Ctx, y0: number, y1: number, xs: readonly number[]): string {
  let out = '';
  const colors = ['#F2609E', WHITE, '#7C6CF2', '#FFC23D', '#E84A4A'];
  xs.forEach((x, i) => {
    const y = between(ctx.rng, y0, y1);
    if (!ctx.snow) out += flower(x, y, pick(colors, i));
  });
  return out;
}

const schoolYard: Builder = (ctx) => {
  const w = ctx.w;
  const hz = 560;
  let out = sky(ctx, { horizon: hz });
  out += hills(ctx, hz - 40, 20, ctx.pal.far);
  // School building.
  const bx0 = Math.max(w * 0.36, 250);
  const bx1 = w - Math.max(40, w * 0.05);
  const top = 270;
  out += rrect(bx0, top, bx1 - bx0, hz - top + 10, 8, '#FFE8C4');
  out +=
    rect(bx0, top, bx1 - bx0, 26, '#FF8A3D') +
    rrect(bx0 - 14, top - 10, bx1 - bx0 + 28, 18, 8, '#E5702A');
  if (ctx.snow) out += rrect(bx0 - 16, top - 18, bx1 - bx0 + 32, 12, 6, WHITE);
  const mid = (bx0 + bx1) / 2;
  out +=
    path(`M${f(mid - 80)} ${top}V${top - 50}q80-48 160 0V${top}z`, '#FFE8C4') +
    circle(mid, top - 34, 26, WHITE) +
    circle(mid, top - 34, 26, 'none', ` stroke="#FF8A3D" stroke-width="3"`) +
    line(`M${f(mid)} ${top - 34}v-16M${f(mid)} ${top - 34}h12`, INK, 3);
  const cols = Math.max(4, Math.round((bx1 - bx0) / 70));
  const cw = (bx1 - bx0) / cols;
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < cols; c++) {
      const x = bx0 + c * cw + cw * 0.2;
      const y = top + 44 + r * 76;
      if (r === 2 && Math.abs(x + cw * 0.3 - mid) < cw) continue;
      out += pane(ctx, x, y, cw * 0.6, 44, 0.5);
    }
  }
  out += rrect(mid - 36, hz - 80, 72, 90, 10, '#3DB6E8') + rect(mid - 2, hz - 80, 4, 90, '#2590C2');
  // Trees behind the yard.
  out += roundTree(ctx, Math.max(70, w * 0.06), hz + 20, 0.8);
  out += bush(ctx, bx0 - 30, hz + 14, 1.2) + bush(ctx, bx1 - 20, hz + 16, 1);
  // Ground: grass, running track, grass.
  out += rect(-2, hz, w + 4, H - hz, ctx.pal.grass);
  const trackColor = ctx.snow ? '#F1E4E0' : '#F08A68';
  out += rect(-2, 590, w + 4, 92, trackColor);
  out += line(`M0 613H${f(w)}M0 636H${f(w)}M0 659H${f(w)}`, WHITE, 3, op(0.6));
  out += rect(-2, 682, w + 4, H - 680, ctx.pal.front);
  // Flag pole.
  const fx = Math.max(160, w * 0.2);
  out +=
    rrect(fx - 4, 120, 8, 474, 4, '#9AA6BF') +
    circle(fx, 118, 8, '#FFC23D') +
    rrect(fx - 26, 584, 52, 14, 4, '#C9D3E0');
  const wave = ctx.weather === 'wind' ? 14 : 8;
  out += path(`M${f(fx + 4)} 132q40 ${-wave} 80 0t80 0v86q-40 ${-wave} -80 0t-80 0z`, '#E84A4A');
  out += path(sparkle(fx + 32, 158, 12), '#FFE08A');
  return out;
};

const park: Builder = (ctx) => {
  const w = ctx.w;
  const hz = 540;
  let out = sky(ctx, { horizon: hz });
  out += hills(ctx, hz - 50, 26, ctx.pal.far);
  // Distant tree line.
  for (let x = -20; x < w + 40; x += 70) {
    out += circle(
      x,
      hz - 18 - ctx.rng() * 16,
      30 + ctx.rng() * 12,
      mix(ctx.pal.leaf[0], WHITE, 0.3),
    );
  }
  out += rect(-2, hz - 20, w + 4, H, ctx.pal.mid);
  // Pond in the distance.
  const px = w * 0.68;
  const pondColor = ctx.snow ? '#CFE3F2' : '#8FD3F2';
  out +=
    ellipse(px, hz + 12, Math.min(220, w * 0.2), 26, pondColor) +
    ellipse(px - 40, hz + 6, 70, 5, WHITE, op(0.6));
  out += hills(ctx, hz + 50, 12, ctx.pal.grass, 2);
  out += rect(-2, GY + 20, w + 4, H - GY - 18, ctx.pal.front);
  // Winding path.
  out += path(
    `M${f(w * 0.36)} ${H}C${f(w * 0.42)} 700 ${f(w * 0.62)} 660 ${f(w * 0.56)} 600S${f(w * 0.5)} 560 ${f(w * 0.56)} ${hz + 30}h24C${f(w * 0.56)} 570 ${f(w * 0.66)} 600 ${f(w * 0.7)} 640S${f(w * 0.62)} 720 ${f(w * 0.64)} ${H}Z`,
    ctx.snow ? '#E6EBF2' : '#F3DDB3',
  );
  // Big willow on the left.
  const wx = Math.max(110, w * 0.1);
  out += willowTree(ctx, wx, GY + 6);
  // Tree on the right back.
  out += roundTree(ctx, w * 0.86, hz + 46, 0.7);
  // Bench and lamp post.
  out += bench(w - Math.max(120, w * 0.12), GY - 10, 0.9);
  out += lampPost(ctx, w - Math.max(40, w * 0.035), GY + 4, 1.1);
  out += bush(ctx, wx + 140, GY - 4, 0.9);
  out += flowersAlong(ctx, 600, 630, [w * 0.3, w * 0.34, w * 0.76, w * 0.8]);
  return out;
};

const street: Builder = (ctx) => {
  const w = ctx.w;
  let out = sky(ctx, { horizon: 520 });
  // Back row: tall apartment blocks.
  const blocks: [number, number, number, string][] = [];
  let x = -30;
  let i = 0;
  while (x < w) {
    const bw = 140 + ((i * 53) % 70);
    const bh = 330 + ((i * 71) % 140);
    blocks.push([x, bw, bh, pick(['#F6D7C3', '#D8E6F5', '#F3E6C8', '#E0DAF5', '#D5EEDD'], i)]);
    x += bw + 16;
    i++;
  }
  for (const [bx, bw, bh, c] of blocks)
    out += apartment(ctx, bx, 540, bw, bh, c, mix(c, INK, 0.18));
  // Front row: shops with awnings at the sides.
  const shop = (sx: number, sw: number, color: string) => {
    let s = rrect(sx, 420, sw, 150, 6, '#FFF6E6');
    s += pane(ctx, sx + 14, 470, sw - 28, 70, 0.95);
    let stripes = '';
    const n = Math.round(sw / 30);
    for (let k = 0; k < n; k++) {
      stripes += path(
        `M${f(sx - 8 + (k * (sw + 16)) / n)} 420h${f((sw + 16) / n)}v34q${f(-(sw + 16) / n / 2)} 12 ${f(-(sw + 16) / n)} 0z`,
        k % 2 === 0 ? color : WHITE,
      );
    }
    s += stripes;
    s += rrect(sx + 10, 392, sw - 20, 28, 6, mix(color, INK, 0.1));
    if (ctx.snow) s += rrect(sx - 10, 412, sw + 20, 10, 5, WHITE);
    return s;
  };
  const sw = Math.min(260, w * 0.24);
  out += shop(-10, sw, '#E84A4A') + shop(w - sw + 10, sw, '#3DB6E8');
  // Pavement and road.
  out += rect(-2, 560, w + 4, 130, ctx.snow ? '#F2F5FA' : '#E6DED4');
  let tiles = '';
  for (let tx = 0; tx < w; tx += 80) tiles += `M${f(tx)} 566l-20 ${GY - 566 + 44}`;
  out += line(tiles, '#D5CABC', 2, op(0.8));
  out += rect(-2, 684, w + 4, 14, '#C9BCAA');
  out += rect(-2, 698, w + 4, H - 696, ctx.snow ? '#C9CFDB' : '#9AA1B5');
  // Street trees and a lamp.
  for (const tx of [Math.max(70, w * 0.22), w - Math.max(70, w * 0.22)]) {
    out += roundTree(ctx, tx, 600, 0.62) + rrect(tx - 30, 590, 60, 24, 6, '#C9BCAA');
  }
  out += lampPost(ctx, w - Math.max(50, w * 0.07), 610, 1.15);
  return out;
};

const farm: Builder = (ctx) => {
  const w = ctx.w;
  const hz = 500;
  let out = sky(ctx, { horizon: hz });
  out += hills(ctx, hz - 40, 30, ctx.pal.far) + hills(ctx, hz, 14, ctx.pal.mid);
  // Farmhouse: white walls, grey tiled roof, red door and couplets.
  const hx0 = Math.max(36, w * 0.05);
  const hx1 = hx0 + Math.min(380, w * 0.36);
  // Tree behind the house.
  out += roundTree(ctx, hx1 - 20, 560, 0.95);
  out += rect(hx0, 400, hx1 - hx0, 190, '#FFF7EC') + rect(hx0, 560, hx1 - hx0, 30, '#D9CFC2');
  out += rect(hx1 - 30, 400, 30, 190, INK, op(0.05));
  out += tiledRoof(ctx, hx0, hx1, 410, 86, '#7A87A0');
  const dx = (hx0 + hx1) / 2;
  out += rrect(dx - 36, 470, 72, 120, 6, '#C7333A') + rect(dx - 2, 470, 4, 120, '#9E2330');
  out += circle(dx - 10, 530, 4, '#FFC23D') + circle(dx + 10, 530, 4, '#FFC23D');
  out += rect(dx - 62, 466, 18, 110, '#E84A4A') + rect(dx + 44, 466, 18, 110, '#E84A4A');
  out += rect(dx - 44, 448, 88, 16, '#E84A4A');
  let gold = '';
  for (let y = 480; y < 570; y += 20) gold += `M${f(dx - 53)} ${y}h0M${f(dx + 53)} ${y}h0`;
  out += line(gold, '#FFC23D', 3);
  for (const wxp of [hx0 + (dx - 62 - hx0) / 2, dx + 62 + (hx1 - dx - 62) / 2]) {
    out += rrect(wxp - 34, 462, 68, 60, 4, '#8A5A34');
    out += pane(ctx, wxp - 28, 468, 56, 48, 0.9);
    out += line(`M${f(wxp)} 468v48M${f(wxp - 28)} 492h56`, '#8A5A34', 3);
  }
  out += rect(hx0 + 60, 300, 26, 50, '#B8AFA3');
  if (ctx.time === 'day' && ctx.weather !== 'rain') {
    out += line(`M${f(hx0 + 73)} 290q-14-16 0-30t0-30`, WHITE, 3, op(0.8));
  }
  // Vegetable patch behind a low fence on the right.
  const vx0 = hx1 + 70;
  if (w - vx0 > 140) {
    out += rrect(vx0 - 20, 506, w - vx0 + 40, 90, 10, ctx.snow ? '#EEF3FA' : '#B8794A');
    for (let r = 0; r < 3; r++) {
      const cy = 524 + r * 24;
      let k = 0;
      for (let vx = vx0 + 6 + (r % 2) * 20; vx < w + 10; vx += 44) {
        if (ctx.snow) out += ellipse(vx, cy + 4, 18, 8, WHITE);
        else if (r === 1) {
          out += path(`M${f(vx - 9)} ${f(cy + 8)}q3-24 9-26q6 2 9 26z`, '#5CC86B');
          out += path(`M${f(vx - 5)} ${f(cy + 6)}h10l-5 14z`, '#FF8A3D');
        } else {
          out += circle(vx, cy, 14, k % 2 === 0 ? '#7FCB5A' : '#8FD36A');
          out += circle(vx, cy + 1, 8, '#B5E38A');
        }
        k++;
      }
    }
    out += woodFence(vx0 - 30, w + 20, 604, 50, '#D9A56B');
  }
  // Yard.
  out += rect(-2, 596, w + 4, H, ctx.snow ? '#EEF3FA' : '#EED9AF');
  out += hills(ctx, 622, 6, ctx.snow ? '#F6F9FD' : '#E6CC9C', 2);
  out += rect(-2, GY + 24, w + 4, H - GY, ctx.snow ? '#F6F9FD' : '#E9D1A2');
  // Haystack.
  if (w - vx0 > 140) {
    const hs = w - Math.max(70, w * 0.07);
    out += path(`M${f(hs - 60)} 614q0-90 60-96 60 6 60 96z`, '#F5C95A');
    out += line(`M${f(hs - 40)} 574q20-8 40 0M${f(hs - 30)} 546q20-8 40 0`, '#D9A53A', 3);
    if (ctx.snow) out += path(`M${f(hs - 44)} 554q0-32 44-36 44 4 44 36q-44-12-88 0z`, WHITE);
  }
  return out;
};

const field: Builder = (ctx) => {
  const w = ctx.w;
  const hz = 470;
  let out = sky(ctx, { horizon: hz });
  out +=
    hills(ctx, hz - 60, 36, mix(ctx.pal.far, '#B8D9F0', 0.3), 2) +
    hills(ctx, hz - 20, 24, ctx.pal.far, 3);
  // Village far away.
  const vx = w * 0.7;
  for (let i = 0; i < 5; i++) {
    const x = vx + (i - 2) * 36 + (i % 2) * 8;
    const y = hz - 16 + (i % 2) * 8;
    out +=
      rect(x - 14, y - 16, 28, 18, '#FFF7EC') +
      path(`M${f(x - 19)} ${f(y - 14)}l19-13 19 13z`, ctx.snow ? WHITE : '#7A87A0');
  }
  out +=
    circle(vx + 110, hz - 26, 16, ctx.pal.leaf[1]) + circle(vx - 120, hz - 24, 14, ctx.pal.leaf[1]);
  // Crop rows: green rice, golden with autumn, white with snow.
  const golden = ctx.autumn;
  const rows = ctx.snow
    ? ['#EEF3FA', '#F6F9FD']
    : golden
      ? ['#F5C95A', '#EDB642']
      : ['#9ADB7E', '#85D06C'];
  let y = hz;
  let k = 0;
  while (y < 620) {
    const h = 18 + (y - hz) * 0.28;
    out += hills(ctx, y + h, 6, pick(rows, k), 2);
    if (!ctx.snow) {
      let tufts = '';
      for (let x = (k % 2) * 20; x < w; x += 38 + (y - hz) * 0.2) {
        tufts += `M${f(x)} ${f(y + h + 2)}l-4 ${f(-h * 0.5)}M${f(x)} ${f(y + h + 2)}l4 ${f(-h * 0.5)}`;
      }
      out += line(tufts, golden ? '#D99A2B' : '#5FB553', 2, op(0.6));
    }
    y += h;
    k++;
  }
  // Path to the village.
  const left: [number, number][] = [
    [w * 0.34, 660],
    [w * 0.44, 590],
    [w * 0.58, 530],
    [vx - 6, hz + 2],
  ];
  const right: [number, number][] = [
    [vx + 6, hz + 2],
    [w * 0.62, 530],
    [w * 0.52, 590],
    [w * 0.48, 660],
  ];
  out += path(
    `${smoothThrough(left)}L${smoothThrough(right).slice(1)}Z`,
    ctx.snow ? '#DCE4EF' : '#EED9AF',
  );
  out += rect(-2, 640, w + 4, H, ctx.pal.front) + hills(ctx, 640, 5, ctx.pal.front, 2);
  // Scarecrow.
  const sx = w - Math.max(90, w * 0.09);
  out += rect(sx - 4, 480, 8, 160, '#8A5A34') + rect(sx - 50, 520, 100, 8, '#8A5A34');
  out +=
    rrect(sx - 30, 514, 60, 60, 10, '#3DB6E8') +
    circle(sx, 490, 22, '#F5DDB0') +
    path(`M${f(sx - 36)} 478h72l-14-26h-44z`, '#F5C95A');
  out +=
    circle(sx - 7, 490, 3, INK) +
    circle(sx + 7, 490, 3, INK) +
    line(`M${f(sx - 6)} 500q6 5 12 0`, INK, 2);
  return out;
};

const river: Builder = (ctx) => {
  const w = ctx.w;
  const hz = 440;
  let out = sky(ctx, { horizon: hz });
  out += hills(ctx, hz - 30, 30, ctx.pal.far) + hills(ctx, hz + 10, 12, ctx.pal.mid);
  for (let x = 20, i = 0; x < w; x += between(ctx.rng, 90, 180), i++) {
    out +=
      i % 3 === 2
        ? bush(ctx, x, hz + 34, between(ctx.rng, 0.8, 1.1))
        : roundTree(ctx, x, hz + 36, between(ctx.rng, 0.3, 0.48));
  }
  // Water.
  const water = ctx.snow ? ['#BFD9EE', '#A9CCE8'] : ['#9FDCF5', '#6CC2EA'];
  const [defs, fill] = gradient(ctx, [
    [0, pick(water, 0)],
    [1, pick(water, 1)],
  ]);
  out += defs + rect(-2, hz + 30, w + 4, 170, fill);
  let ripples = '';
  for (let i = 0; i < Math.round(w / 90); i++) {
    const x = ctx.rng() * w;
    const y = hz + 60 + ctx.rng() * 110;
    ripples += `M${f(x)} ${f(y)}q12-6 24 0t24 0`;
  }
  out += line(ripples, WHITE, 3, op(0.7));
  // Stone hump bridge on the right.
  out += stoneBridge(ctx, w * 0.76, hz + 118, Math.min(170, w * 0.17), hz - 24);
  // Lily pads.
  out +=
    ellipse(w * 0.3, hz + 130, 26, 8, '#5CC86B') + ellipse(w * 0.36, hz + 150, 20, 6, '#6CC878');
  if (!ctx.snow) out += circle(w * 0.3 + 6, hz + 126, 6, '#F2609E');
  // Near bank with stones and reeds.
  out += path(
    `M-10 ${hz + 180}Q${f(w * 0.3)} ${hz + 150} ${f(w * 0.6)} ${hz + 176}T${f(w + 10)} ${hz + 170}V${H}H-10Z`,
    ctx.snow ? '#F0F4FA' : '#EED9AF',
  );
  out += hills(ctx, GY - 20, 8, ctx.pal.grass, 2);
  out += rect(-2, GY + 22, w + 4, H, ctx.pal.front);
  for (const [sx, sr] of [
    [w * 0.18, 20],
    [w * 0.24, 14],
    [w * 0.52, 18],
    [w * 0.58, 12],
    [w * 0.86, 16],
  ] as const) {
    out +=
      ellipse(sx, hz + 172, sr * 1.4, sr * 0.8, '#B9B3AA') +
      ellipse(sx - sr * 0.3, hz + 166, sr * 0.6, sr * 0.3, '#D3CEC6');
  }
  const reeds = (x: number) => {
    let r = '';
    for (let k = 0; k < 7; k++) {
      const rx = x + k * 12;
      const h = 90 + ((k * 29) % 50);
      r += path(
        `M${f(rx - 3)} ${GY}q-2-${f(h * 0.6)} 4-${f(h)}q2 ${f(h * 0.5)} 4 ${f(h)}z`,
        ctx.snow ? '#A9CDB4' : pick(['#6CBF5E', '#5AAE50'], k),
      );
      if (k % 2 === 1) r += rrect(rx - 4, GY - h - 10, 8, 26, 4, '#9A6A44');
    }
    return r;
  };
  out += reeds(Math.min(40, w * 0.03)) + reeds(w - 70);
  return out;
};

const forest: Builder = (ctx) => {
  const w = ctx.w;
  let out = sky(ctx, { horizon: 420, clouds: 1 });
  const deep = ctx.autumn ? '#E7B36A' : ctx.snow ? '#BFD8CB' : '#8FCB8A';
  out += rect(-2, 220, w + 4, H, deep);
  // Far trunks.
  for (let x = 40; x < w; x += 90 + ctx.rng() * 50) {
    out += rect(x - 8, 200, 16, 400, mix(ctx.pal.trunk, WHITE, 0.35));
  }
  // Canopy masses.
  const canopy = ctx.pal.leaf;
  for (let i = 0; i < Math.round(w / 120) + 2; i++) {
    const x = i * 120 - 30;
    out += circle(x, 140 + ((i * 47) % 60), 110, pick(canopy, i + 1));
  }
  for (let i = 0; i < Math.round(w / 160) + 2; i++) {
    const x = i * 160 + 40;
    out += circle(x, 60 + ((i * 31) % 40), 100, pick(canopy, i));
    if (ctx.snow) out += snowCap(x, 60 + ((i * 31) % 40), 100);
  }
  // Light shafts.
  if (ctx.time === 'day' && ctx.weather !== 'rain') {
    out += ctx.raw(
      path(`M${f(w * 0.38)} 180h60L${f(w * 0.5)} 640h-120z`, '#FFF6C8', op(0.22)) +
        path(`M${f(w * 0.6)} 200h40L${f(w * 0.7)} 640h-80z`, '#FFF6C8', op(0.18)),
    );
  }
  // Big near trunks at the sides.
  const trunk = (x: number, tw: number) =>
    path(
      `M${f(x - tw)} ${GY + 10}q${f(tw * 0.3)}-200 ${f(tw * 0.3)}-540h${f(tw * 1.4)}q0 340 ${f(tw * 0.3)} 540z`,
      ctx.pal.trunkDark,
    ) +
    path(
      `M${f(x + tw * 0.2)} ${GY}q${f(tw * 0.1)}-200 0-520`,
      'none',
      ` stroke="${mix(ctx.pal.trunkDark, INK, 0.2)}" stroke-width="3"`,
    );
  out +=
    trunk(Math.max(50, w * 0.05), 40) + trunk(w - Math.max(70, w * 0.06), 46) + trunk(w * 0.3, 22);
  // Ground.
  out += hills(ctx, 580, 12, ctx.pal.mid, 2);
  out += rect(-2, GY + 22, w + 4, H, ctx.pal.front);
  out += path(
    `M${f(w * 0.4)} ${H}Q${f(w * 0.5)} 650 ${f(w * 0.5)} 590h40Q${f(w * 0.58)} 660 ${f(w * 0.66)} ${H}z`,
    ctx.snow ? '#E8EDF4' : '#D9C39A',
    op(0.8),
  );
  // Bushes, ferns, mushrooms.
  out +=
    bush(ctx, w * 0.14, GY - 20, 1.3) +
    bush(ctx, w * 0.84, GY - 14, 1.4) +
    bush(ctx, w * 0.6, 600, 0.8);
  const mushroom = (x: number, s: number) =>
    rrect(x - 7 * s, GY - 26 * s, 14 * s, 26 * s, 6 * s, '#FFF1DC') +
    path(`M${f(x - 26 * s)} ${f(GY - 22 * s)}q0-30 26-32 26 2 26 32z`, '#E84A4A') +
    circle(x - 10 * s, GY - 38 * s, 4 * s, WHITE) +
    circle(x + 8 * s, GY - 34 * s, 5 * s, WHITE) +
    circle(x, GY - 46 * s, 3 * s, WHITE);
  out += mushroom(w * 0.24, 1) + mushroom(w * 0.27, 0.7) + mushroom(w * 0.74, 0.9);
  out += grassTuft(w * 0.36, GY + 4, ctx.pal.leaf[2]) + grassTuft(w * 0.7, GY + 2, ctx.pal.leaf[2]);
  return out;
};

const mountain: Builder = (ctx) => {
  const w = ctx.w;
  let out = sky(ctx, { horizon: 460 });
  const peak = (x: number, top: number, half: number, c: string, cap: boolean) => {
    let p = path(
      `M${f(x - half)} 620L${f(x - 18)} ${f(top + 14)}Q${f(x)} ${f(top - 6)} ${f(x + 18)} ${f(top + 14)}L${f(x + half)} 620Z`,
      c,
    );
    p += path(
      `M${f(x)} ${f(top + 4)}Q${f(x + 8)} ${f(top + 4)} ${f(x + 18)} ${f(top + 14)}L${f(x + half)} 620H${f(x + half * 0.3)}Z`,
      INK,
      op(0.06),
    );
    if (cap)
      p += path(
        `M${f(x - 18)} ${f(top + 14)}Q${f(x)} ${f(top - 6)} ${f(x + 18)} ${f(top + 14)}L${f(x + 50)} ${f(top + 64)}q-16-10-26 2q-12-14-24 0q-12-12-24 2q-10-12-26-4z`,
        WHITE,
      );
    return p;
  };
  const far = mix(ctx.pal.far, '#A9CDE8', 0.4);
  out +=
    peak(w * 0.2, 200, 300, far, true) +
    peak(w * 0.62, 150, 360, far, true) +
    peak(w * 0.98, 230, 260, far, true);
  out += cloud(w * 0.42, 300, 0.7, WHITE, ctx.night ? 0.25 : 0.7, 1.6);
  out +=
    peak(w * 0.02, 300, 300, ctx.pal.mid, ctx.snow) +
    peak(w * 0.8, 280, 330, ctx.pal.mid, ctx.snow) +
    peak(w * 0.44, 350, 260, mix(ctx.pal.mid, ctx.pal.grass, 0.5), ctx.snow);
  for (const [x, y, s] of [
    [w * 0.08, 470, 0.6],
    [w * 0.14, 500, 0.7],
    [w * 0.72, 450, 0.55],
    [w * 0.78, 480, 0.6],
    [w * 0.9, 470, 0.5],
  ] as const) {
    out += pineTree(ctx, x, y, s, true);
  }
  // Slope with stone steps to the right.
  out += hills(ctx, 560, 14, ctx.pal.grass, 2);
  out += path(
    `M${f(w * 0.62)} 640L${f(w * 0.82)} 460h60L${f(w * 0.76)} 640z`,
    ctx.snow ? '#E8EDF4' : '#D8CFC2',
  );
  let steps = '';
  for (let i = 0; i < 8; i++) {
    const t = i / 8;
    const y = 630 - t * 170;
    const x = w * 0.62 + t * (w * 0.2) + 20;
    steps += `M${f(x - 6)} ${f(y)}h${f(60 - t * 20)}`;
  }
  out += line(steps, '#A89C8C', 3);
  // Foreground path.
  out += rect(-2, 600, w + 4, 40, ctx.pal.grass);
  out += rect(-2, 620, w + 4, H, ctx.snow ? '#EEF2F8' : '#E4D8C6');
  out += rect(-2, GY + 24, w + 4, H, ctx.snow ? WHITE : '#D9CBB6');
  out +=
    pineTree(ctx, Math.max(60, w * 0.05), 640, 1.4) +
    pineTree(ctx, w - Math.max(50, w * 0.04), 640, 1.2);
  out += ellipse(w * 0.18, 640, 40, 14, '#B9B3AA') + ellipse(w * 0.9, 652, 30, 10, '#B9B3AA');
  return out;
};

const beach: Builder = (ctx) => {
  const w = ctx.w;
  const hz = 420;
  let out = sky(ctx, { horizon: hz });
  const sea = ctx.snow ? ['#8FB8D8', '#B9D4EA'] : ['#4FBCE8', '#9EDDF3'];
  const [defs, fill] = gradient(ctx, [
    [0, pick(sea, 0)],
    [1, pick(sea, 1)],
  ]);
  out += defs + rect(-2, hz, w + 4, 200, fill);
  // Sailboat far away.
  const sb = w * 0.3;
  out +=
    path(`M${f(sb - 30)} ${hz + 16}h60l-10 12h-40z`, '#E84A4A') +
    path(`M${f(sb)} ${hz + 12}V${hz - 40}l26 50z`, WHITE) +
    path(`M${f(sb - 4)} ${hz + 12}V${hz - 30}l-20 40z`, '#FFF3DF');
  let waves = '';
  for (let i = 0; i < Math.round(w / 80); i++) {
    const x = ctx.rng() * w;
    const y = hz + 30 + ctx.rng() * 120;
    waves += `M${f(x)} ${f(y)}q10-8 20 0t20 0`;
  }
  out += line(waves, WHITE, 3, op(0.75));
  // Shore: foam, wet sand, sand.
  out += path(
    `M-10 ${hz + 156}Q${f(w * 0.25)} ${hz + 140} ${f(w * 0.5)} ${hz + 156}T${f(w + 10)} ${hz + 150}V${H}H-10Z`,
    WHITE,
    op(0.9),
  );
  out += path(
    `M-10 ${hz + 166}Q${f(w * 0.25)} ${hz + 152} ${f(w * 0.5)} ${hz + 168}T${f(w + 10)} ${hz + 162}V${H}H-10Z`,
    ctx.snow ? '#E7ECF3' : '#EAD19C',
  );
  out += path(
    `M-10 ${hz + 186}Q${f(w * 0.3)} ${hz + 176} ${f(w * 0.6)} ${hz + 190}T${f(w + 10)} ${hz + 184}V${H}H-10Z`,
    ctx.snow ? '#F4F7FB' : '#F7E3B5',
  );
  out += rect(-2, GY + 24, w + 4, H, ctx.snow ? WHITE : '#F4DCA8');
  // Parasol and towel on the left.
  const px = Math.max(110, w * 0.1);
  out += path(`M${f(px - 10)} 640l26-240h6l-24 240z`, '#8A5A34');
  out += path(
    `M${f(px - 120)} 440q0-110 140-110t140 110q-24-14-46 0-24-14-47 0-23-14-47 0-23-14-47 0-23-14-47 0-22-14-46 0z`,
    '#E84A4A',
  );
  out += path(
    `M${f(px - 26)} 440q-6-100 46-110-28 40-6 110-10-6-20 0-10-6-20 0zM${f(px + 66)} 440q20-90-46-110 62 30 86 110-20-10-40 0z`,
    WHITE,
  );
  out +=
    path(`M${f(px - 40)} 628l120-10 20 28-120 10z`, '#3DB6E8') +
    path(`M${f(px - 30)} 630l120-10 4 6-120 10z`, WHITE, op(0.7));
  // Shells, starfish, rocks.
  out +=
    path(sparkle(w * 0.42, 626, 14).replace(/Q/g, 'L'), '#FF8A3D') +
    circle(w * 0.42, 626, 6, '#FF8A3D');
  out +=
    path(`M${f(w * 0.6)} 618q12-16 24 0z`, '#F2A0C4') +
    path(`M${f(w * 0.3)} 650q10-14 20 0z`, '#FFE3C2');
  out +=
    ellipse(w - 80, 600, 70, 40, '#B9B3AA') +
    ellipse(w - 20, 616, 50, 30, '#A89F94') +
    ellipse(w - 100, 588, 30, 12, '#D3CEC6');
  if (ctx.time === 'day' && ctx.weather === 'clear') {
    out += line(
      `M${f(w * 0.46)} 200q10-10 20 0 10-10 20 0M${f(w * 0.52)} 230q7-7 14 0 7-7 14 0`,
      INK,
      3,
      op(0.35),
    );
  }
  return out;
};

const zoo: Builder = (ctx) => {
  const w = ctx.w;
  const hz = 520;
  let out = sky(ctx, { horizon: hz });
  out += hills(ctx, hz - 30, 20, ctx.pal.far);
  // Enclosure: rocks, bamboo, pool.
  const ex0 = Math.max(w * 0.3, 220);
  const boulder = (x: number, rx: number, ry: number, c: string) =>
    ellipse(x, 580, rx, ry, c) +
    ellipse(x - rx * 0.3, 580 - ry * 0.55, rx * 0.35, ry * 0.2, WHITE, op(0.3)) +
    (ctx.snow ? snowCap(x, 580 + ry * 0.2, Math.min(rx, ry * 1.1)) : '');
  out += boulder(ex0 + 120, 120, 96, '#C9C3BA') + boulder(ex0 + 250, 90, 70, '#BDB6AC');
  out += boulder(ex0 + 20, 70, 50, '#D3CEC6');
  // A wooden climbing platform.
  const px = ex0 + 360;
  out += rect(px - 50, 470, 10, 120, '#A8693D') + rect(px + 40, 470, 10, 120, '#A8693D');
  out +=
    rrect(px - 64, 462, 128, 14, 5, '#C98A55') +
    line(`M${f(px - 45)} 480L${f(px + 45)} 560M${f(px + 45)} 480L${f(px - 45)} 560`, '#A8693D', 3);
  const bamboo = (x: number, h: number) => {
    let b = rrect(x - 5, 590 - h, 10, h, 5, ctx.snow ? '#8CC79A' : '#7CC96C');
    let joints = '';
    for (let y = 590 - h + 30; y < 590; y += 36) joints += `M${f(x - 5)} ${y}h10`;
    b += line(joints, '#5AAE50', 2);
    b +=
      ellipse(
        x + 18,
        590 - h + 20,
        18,
        6,
        '#6CC878',
        ` transform="rotate(-30 ${f(x + 18)} ${590 - h + 20})"`,
      ) +
      ellipse(
        x - 16,
        590 - h + 44,
        16,
        5,
        '#6CC878',
        ` transform="rotate(30 ${f(x - 16)} ${590 - h + 44})"`,
      );
    return b;
  };
  for (let i = 0; i < 7; i++) out += bamboo(w - 40 - i * 30 - (i % 2) * 8, 200 + ((i * 47) % 90));
  out += rect(-2, 560, w + 4, 40, ctx.pal.mid);
  out += roundTree(ctx, Math.max(60, w * 0.05), 580, 1);
  // Fence along the enclosure.
  let posts = '';
  for (let x = 10; x < w; x += 60) posts += rrect(x - 5, 520, 10, 90, 5, '#5E8A6A');
  out += posts + rect(-2, 534, w + 4, 8, '#5E8A6A') + rect(-2, 576, w + 4, 8, '#5E8A6A');
  let mesh = '';
  for (let x = 0; x < w; x += 20) mesh += `M${f(x)} 542l20 34M${f(x + 20)} 542l-20 34`;
  out += line(mesh, '#5E8A6A', 1.5, op(0.45));
  if (ctx.snow) out += rect(-2, 530, w + 4, 5, WHITE);
  // Path.
  out += rect(-2, 606, w + 4, H, ctx.snow ? '#F2F5FA' : '#EDD9AE');
  out += rect(-2, 600, w + 4, 10, ctx.pal.grass);
  out += rect(-2, GY + 24, w + 4, H, ctx.snow ? WHITE : '#E8D1A0');
  // Sign post with arrows.
  const sx = Math.max(140, w * 0.16);
  out += rrect(sx - 5, 400, 10, 240, 5, '#8A5A34');
  const sign = (y: number, dir: 1 | -1, color: string) => {
    const x0 = dir === 1 ? sx : sx - 110;
    const tip = dir === 1 ? `h100l14 18-14 18h-100z` : `h100v36h-100l-14-18z`;
    return (
      path(`M${f(x0)} ${y}${tip}`, color) +
      circle(x0 + 50, y + 18, 7, WHITE) +
      circle(x0 + 40, y + 8, 3, WHITE) +
      circle(x0 + 50, y + 5, 3, WHITE) +
      circle(x0 + 60, y + 8, 3, WHITE)
    );
  };
  out += sign(410, 1, '#FF8A3D') + sign(456, -1, '#3DB6E8') + sign(502, 1, '#5CC86B');
  out += flowersAlong(ctx, 604, 616, [w * 0.4, w * 0.44, w * 0.9]);
  return out;
};

const garden: Builder = (ctx) => {
  const w = ctx.w;
  const hz = 520;
  let out = sky(ctx, { horizon: hz });
  out += hills(ctx, hz - 30, 22, ctx.pal.far);
  out += rect(-2, hz, w + 4, H, ctx.pal.mid);
  // Picket fence.
  let pickets = '';
  for (let x = -10; x < w + 20; x += 36) pickets += `M${f(x)} 600V500l12-14 12 14V600Z`;
  out +=
    path(pickets, '#FFFDF7') +
    rect(-2, 520, w + 4, 10, '#F0E9DA') +
    rect(-2, 570, w + 4, 10, '#F0E9DA');
  if (ctx.snow) {
    let caps = '';
    for (let x = -10; x < w + 20; x += 36) caps += ellipse(x + 12, 492, 13, 6, WHITE);
    out += caps + rect(-2, 516, w + 4, 5, WHITE);
  }
  // Sunflowers against the fence, behind the flower bed.
  if (!ctx.snow) {
    for (const [x, top] of [
      [54, 420],
      [104, 450],
      [150, 430],
    ] as const) {
      out += line(`M${x} 600V${top}`, '#5CAF5F', 3);
      out += ellipse(
        x - 14,
        top + 70,
        16,
        7,
        '#5CC86B',
        ` transform="rotate(-20 ${x - 14} ${top + 70})"`,
      );
      out += ellipse(
        x + 14,
        top + 96,
        16,
        7,
        '#5CC86B',
        ` transform="rotate(20 ${x + 14} ${top + 96})"`,
      );
      let petals = '';
      for (let a = 0; a < 12; a++) {
        const ang = (a / 12) * Math.PI * 2;
        petals += ellipse(
          x + Math.cos(ang) * 20,
          top + Math.sin(ang) * 20,
          10,
          6,
          ctx.autumn ? '#F5A83A' : '#FFC23D',
          ` transform="rotate(${f((ang * 180) / Math.PI)} ${f(x + Math.cos(ang) * 20)} ${f(top + Math.sin(ang) * 20)})"`,
        );
      }
      out += petals + circle(x, top, 13, '#9A6A44') + circle(x - 3, top - 3, 4, '#B8865A');
    }
  }
  out += hills(ctx, 610, 6, ctx.pal.grass, 2);
  out += rect(-2, GY + 22, w + 4, H, ctx.pal.front);
  // Small tree (with blossom) on the right.
  out += roundTree(ctx, w * 0.78, 612, 0.75, ctx.autumn || ctx.snow ? undefined : '#F8B6CF');
  // Raised flower bed on the left.
  const fx1 = Math.min(w * 0.3, 360);
  out += rrect(10, 584, fx1, 56, 12, '#C98A55') + rect(10, 604, fx1, 4, '#A8693D', op(0.5));
  out += rrect(16, 578, fx1 - 12, 16, 8, ctx.snow ? WHITE : '#8A5A34');
  if (!ctx.snow) {
    let k = 0;
    for (let x = 34; x < fx1 - 4; x += 28) {
      const y = 556 + (k % 2) * 12;
      out += ellipse(x - 7, y + 16, 8, 4, '#5CC86B') + ellipse(x + 7, y + 14, 8, 4, '#6CC878');
      out += flower(x, y, pick(['#E84A4A', '#FFC23D', '#F2609E', '#7C6CF2', WHITE], k), 1.3);
      k++;
    }
  }
  // Watering area: a tap on a post with a bucket, a watering can, a coiled hose.
  const tx = w - Math.max(60, w * 0.05);
  out += rrect(tx - 8, 500, 16, 140, 6, '#9AA6BF');
  out += rrect(tx - 34, 520, 34, 10, 5, '#5E6A8A') + rrect(tx - 36, 520, 8, 18, 3, '#5E6A8A');
  out += circle(tx - 10, 510, 9, '#E84A4A') + rect(tx - 12, 510, 4, 10, '#E84A4A');
  if (!ctx.snow) out += path(`M${f(tx - 32)} 544q-5 10 0 14q5-4 0-14z`, '#3DB6E8');
  out +=
    path(`M${f(tx - 58)} 640l-6-46h52l-6 46z`, '#3DB6E8') +
    rrect(tx - 66, 588, 60, 10, 5, '#2FA3D6');
  const cx = tx - 150;
  out +=
    path(`M${f(cx + 30)} 612l42-34 8 8-40 36z`, '#4DB35E') +
    rrect(cx + 66, 566, 18, 22, 5, '#4DB35E', ` transform="rotate(40 ${f(cx + 75)} 577)"`);
  out += rrect(cx - 34, 586, 70, 56, 14, '#5CC86B') + rect(cx - 34, 626, 70, 8, '#4DB35E');
  out += path(`M${f(cx - 24)} 588q24-44 48 0`, 'none', ` stroke="#4DB35E" stroke-width="3"`);
  out += ellipse(cx - 8, 600, 10, 5, WHITE, op(0.35));
  // Stepping stones.
  out += ellipse(w * 0.52, 646, 34, 11, '#D3CEC6') + ellipse(w * 0.58, 676, 36, 12, '#D3CEC6');
  return out;
};

const festivalStreet: Builder = (ctx) => {
  const w = ctx.w;
  let out = sky(ctx, { horizon: 480 });
  // Row of traditional houses.
  const unit = Math.min(340, Math.max(260, w / 4));
  const n = Math.ceil(w / unit) + 1;
  const x0 = (w - n * unit) / 2;
  for (let i = 0; i < n; i++) {
    const hx = x0 + i * unit;
    const top = 300 + (i % 2) * 30;
    out += rect(hx - 1, top, unit + 2, 600 - top, '#FFF4E4');
    out += rect(hx - 1, 560, unit + 2, 40, '#D9CFC2');
    out += tiledRoof(ctx, hx + 10, hx + unit - 10, top + 10, 70, '#6E7B94');
    // Red pillars.
    out +=
      rect(hx + 14, top + 10, 16, 590 - top, '#C7333A') +
      rect(hx + unit - 30, top + 10, 16, 590 - top, '#C7333A');
    const mid = hx + unit / 2;
    // Door with couplets and a fu diamond.
    out += rrect(mid - 40, 460, 80, 140, 6, '#C7333A') + rect(mid - 2, 460, 4, 140, '#9E2330');
    let studs = '';
    for (let y = 484; y < 590; y += 34)
      studs += circle(mid - 20, y, 3, '#FFC23D') + circle(mid + 20, y, 3, '#FFC23D');
    out += studs;
    out +=
      rect(mid - 74, 440, 22, 130, '#E84A4A') +
      rect(mid + 52, 440, 22, 130, '#E84A4A') +
      rect(mid - 56, 420, 112, 22, '#E84A4A');
    let dots = '';
    for (let y = 452; y < 565; y += 18) dots += `M${f(mid - 63)} ${y}h0M${f(mid + 63)} ${y}h0`;
    for (let x = mid - 40; x <= mid + 40; x += 20) dots += `M${f(x)} 431h0`;
    out += line(dots, '#FFD66B', 3);
    const fy = top + 70;
    out +=
      rect(mid - 24, fy - 24, 48, 48, '#E84A4A', ` transform="rotate(45 ${f(mid)} ${f(fy)})"`) +
      path(sparkle(mid, fy, 18), '#FFD66B');
    // Windows with paper-cut flowers.
    for (const wx of [hx + 60, hx + unit - 60]) {
      out += pane(ctx, wx - 26, 470, 52, 56, 0.95);
      out += line(`M${f(wx)} 470v56M${f(wx - 26)} 498h52`, '#9E2330', 3);
    }
    // Firecracker string on the pillar.
    if (i % 2 === 0) {
      let crackers = '';
      for (let k = 0; k < 6; k++)
        crackers += rrect(hx + 34 + (k % 2) * 8, top + 40 + k * 16, 14, 8, 3, '#E84A4A');
      out += line(`M${f(hx + 45)} ${top + 30}v110`, '#C7333A', 2) + crackers;
    }
  }
  // Stone paving.
  out += rect(-2, 596, w + 4, H, ctx.snow ? '#F2F5FA' : '#E9D9C6');
  let joints = '';
  for (let x = 0; x < w; x += 90) joints += `M${f(x)} 600l-14 40`;
  joints += `M0 618H${f(w)}`;
  out += line(joints, '#D6C2AA', 2, op(0.8));
  out += rect(-2, GY + 24, w + 4, H, ctx.snow ? WHITE : '#E3CFB8');
  // Strings of lanterns.
  for (const [y0, sag, step, s] of [
    [70, 50, 150, 0.9],
    [150, 40, 210, 1.05],
  ] as const) {
    out += line(`M0 ${y0}Q${f(w / 2)} ${y0 + sag * 2} ${f(w)} ${y0}`, '#8A5A34', 2);
    const count = Math.max(3, Math.round(w / step));
    for (let k = 0; k < count; k++) {
      const t = (k + 0.5) / count;
      const x = t * w;
      const y = y0 + sag * 4 * t * (1 - t);
      out += lantern(ctx, x, y + 8, s);
    }
  }
  return out;
};

const nightSky: Builder = (ctx) => {
  const w = ctx.w;
  const hz = 560;
  let out = sky(ctx, { horizon: hz, bigMoon: true, clouds: ctx.time === 'night' ? 1 : 3 });
  out += hills(ctx, hz - 20, 40, ctx.pal.far, 2);
  // Little houses on the hills.
  const house = (x: number, y: number, s: number, c: string) => {
    let h = rect(x - 40 * s, y - 50 * s, 80 * s, 50 * s, c);
    h += path(
      `M${f(x - 52 * s)} ${f(y - 46 * s)}L${f(x)} ${f(y - 90 * s)}L${f(x + 52 * s)} ${f(y - 46 * s)}z`,
      '#7A87A0',
    );
    if (ctx.snow)
      h += path(
        `M${f(x - 40 * s)} ${f(y - 56 * s)}L${f(x)} ${f(y - 90 * s)}L${f(x + 40 * s)} ${f(y - 56 * s)}q-20-6-40 6q-20-12-40-6z`,
        WHITE,
      );
    h +=
      pane(ctx, x - 26 * s, y - 40 * s, 18 * s, 18 * s, 1) +
      pane(ctx, x + 8 * s, y - 40 * s, 18 * s, 18 * s, 0.8);
    return h;
  };
  out += house(w * 0.12, hz + 40, 1, '#FFF1DC') + house(w * 0.22, hz + 50, 0.8, '#FCE3E3');
  out += house(w * 0.86, hz + 46, 0.9, '#E3ECFC');
  out += hills(ctx, hz + 40, 14, ctx.pal.mid, 2);
  out += roundTree(ctx, w * 0.32, hz + 60, 0.5) + pineTree(ctx, w * 0.94, hz + 60, 0.7);
  out += hills(ctx, 640, 10, ctx.pal.grass, 2);
  out += rect(-2, GY + 22, w + 4, H, ctx.pal.front);
  if (ctx.time === 'night' && !ctx.snow && ctx.weather !== 'rain') {
    // Fireflies.
    let flies = '';
    for (let i = 0; i < 8; i++)
      flies += radialGlow(ctx, w * (0.3 + ctx.fx() * 0.5), 560 + ctx.fx() * 60, 9, '#FFF3A0', 0.9);
    out += ctx.raw(flies);
  }
  return out;
};

const BUILDERS: Record<BackgroundId, { outdoor: boolean; draw: Builder }> = {
  home_living: { outdoor: false, draw: homeLiving },
  home_kitchen: { outdoor: false, draw: homeKitchen },
  home_bedroom: { outdoor: false, draw: homeBedroom },
  classroom: { outdoor: false, draw: classroom },
  school_yard: { outdoor: true, draw: schoolYard },
  library: { outdoor: false, draw: library },
  park: { outdoor: true, draw: park },
  street: { outdoor: true, draw: street },
  supermarket: { outdoor: false, draw: supermarket },
  farm: { outdoor: true, draw: farm },
  field: { outdoor: true, draw: field },
  river: { outdoor: true, draw: river },
  forest: { outdoor: true, draw: forest },
  mountain: { outdoor: true, draw: mountain },
  beach: { outdoor: true, draw: beach },
  zoo: { outdoor: true, draw: zoo },
  garden: { outdoor: true, draw: garden },
  festival_street: { outdoor: true, draw: festivalStreet },
  night_sky: { outdoor: true, draw: nightSky },
};

/**
 * Tints figure or prop markup so it sits in the scene's light: a gentler version of the
 * background's tint (figures stay bright and readable). Day scenes are returned unchanged.
 */
export function figureTint(markup: string, bg: BackgroundId, time: Time): string {
  if (time === 'day') return markup;
  const outdoor = BUILDERS[bg].outdoor;
  const tints: Tint[] =
    time === 'evening'
      ? [{ to: '#FFE9D6', amount: 1, multiply: true }]
      : outdoor
        ? [{ to: '#D6D6F0', amount: 1, multiply: true }]
        : [{ to: '#EEE4EE', amount: 1, multiply: true }];
  return applyTints(markup, tints);
}

/** Whether a background is indoors (weather shows through its windows only). */
export function isIndoor(id: BackgroundId): boolean {
  return !BUILDERS[id].outdoor;
}

/* ------------------------------------------------------------------------------------------ */
/* Entry point                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/**
 * Draws a background filling a `width` × `height` canvas; returns an SVG fragment (a `<g>`) to
 * put first in a scene. Throws on an unknown background id.
 */
export function drawBackground(id: string, opts: BackgroundOptions): string {
  if (!isBackgroundId(id)) {
    throw new Error(
      `Unknown background "${id}" (expected one of: ${Object.keys(BACKGROUNDS).join(', ')})`,
    );
  }
  const { width, height } = opts;
  if (!(width > 0 && height > 0)) throw new Error(`Bad canvas size ${width}×${height}`);
  const time = opts.time ?? 'day';
  const weather = opts.weather ?? 'clear';
  const { outdoor, draw } = BUILDERS[id];
  const k = height / H;
  const w = width / k;
  const raws: string[] = [];
  let counter = 0;
  const ctx: Ctx = {
    w,
    time,
    weather,
    rng: makeRng(hashString(`${id}|${Math.round(w)}`)),
    fx: makeRng(hashString(`${id}|${time}|${weather}|${Math.round(w)}`)),
    night: time === 'night',
    evening: time === 'evening',
    snow: outdoor && weather === 'snow',
    autumn: outdoor && weather === 'leaves',
    pal: !outdoor ? GREEN : weather === 'snow' ? SNOWY : weather === 'leaves' ? AUTUMN : GREEN,
    raw(markup: string) {
      raws.push(markup);
      return `\uE000${raws.length - 1}\uE000`;
    },
    uid(name: string) {
      counter++;
      return `bg-${name}-${counter}`;
    },
  };
  let body = draw(ctx);
  if (outdoor) body += outdoorWeather(ctx) + eveningLight(ctx);
  const tinted = applyTints(body, tintsFor(time, weather, outdoor));
  // Raw fragments may themselves contain tokens (nested raw); resolve until none are left.
  let out = tinted;
  for (let guard = 0; guard < 4 && out.includes('\uE000'); guard++) {
    out = out.replace(TOKEN, (_, i: string) => raws[Number(i)] ?? '');
  }
  const scale = Math.abs(k - 1) < 1e-9 ? '' : ` transform="scale(${f3(k)})"`;
  return `<g data-bg="${id}"${scale}>${out}</g>`;
}
