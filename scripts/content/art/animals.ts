/**
 * Animals for the picture-book scene composer: 21 cute flat animals in 7 poses and 6 moods.
 *
 * Every drawing is a `<g>` fragment in its own coordinates: the animal faces right, the
 * anchor (0, 0) is the bottom centre where it stands (for `fly` and `swim`: the centre of
 * the figure), sizes are natural canvas units at size 1 on the 1280×800 page.
 *
 * The small `Art` builder below (shared with props.ts) records a bounding box while shapes
 * are added, so every pose reports its real size and can be re-anchored exactly.
 */
import type { AnimalPose, Drawing, Mood } from './types';
import type { AnimalId } from './vocabulary';

// ---------------------------------------------------------------------------
// Shared drawing kit
// ---------------------------------------------------------------------------

export const INK = '#2D2A4A';
export const WHITE = '#FFFFFF';
export const CHEEK = '#FF7F8F';
export const MOUTH = '#8C3440';
export const TONGUE = '#FF8A95';
export const ZZ = '#7C6CF2';
export const WATER = '#7FD0F5';

/** Rounds to one decimal so markup stays short and stable. */
export function num(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

/** Mixes a #rrggbb colour towards black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const k = Math.abs(amount);
  let out = '#';
  for (const i of [1, 3, 5]) {
    const c = Number.parseInt(hex.slice(i, i + 2), 16);
    out += Math.round(c + (target - c) * k)
      .toString(16)
      .padStart(2, '0');
  }
  return out.toUpperCase();
}

let serial = 0;
/** A document-unique id (a module counter), for clip paths shared in one SVG document. */
export function uid(prefix = 'pba'): string {
  serial += 1;
  return `${prefix}${serial}`;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Placement of a child drawing: translate(x y) rotate(rot) scale(sx sy). */
export interface Place {
  x?: number;
  y?: number;
  rot?: number;
  sx?: number;
  sy?: number;
}

type Pt = readonly [number, number];

const ARITY: Record<string, number> = { M: 2, L: 2, T: 2, C: 6, S: 4, Q: 4, H: 1, V: 1, A: 7, Z: 0 };

/** Every point a path passes through or pulls towards (control points included). */
function pathPoints(d: string): Pt[] {
  const tokens = d.match(/[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  const pts: Pt[] = [];
  let cmd = 'M';
  let args: number[] = [];
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  for (const t of tokens) {
    if (/[A-Za-z]/.test(t)) {
      cmd = t;
      args = [];
      if (t === 'Z' || t === 'z') {
        cx = sx;
        cy = sy;
      }
      continue;
    }
    args.push(Number(t));
    const up = cmd.toUpperCase();
    const rel = cmd !== up;
    if (args.length < (ARITY[up] ?? 2)) continue;
    const ox = rel ? cx : 0;
    const oy = rel ? cy : 0;
    const a = args;
    args = [];
    if (up === 'H') {
      cx = ox + (a[0] ?? 0);
    } else if (up === 'V') {
      cy = oy + (a[0] ?? 0);
    } else if (up === 'A') {
      cx = ox + (a[5] ?? 0);
      cy = oy + (a[6] ?? 0);
    } else {
      for (let i = 0; i + 1 < a.length; i += 2) pts.push([ox + (a[i] ?? 0), oy + (a[i + 1] ?? 0)]);
      cx = ox + (a[a.length - 2] ?? 0);
      cy = oy + (a[a.length - 1] ?? 0);
      if (up === 'M') {
        sx = cx;
        sy = cy;
        cmd = rel ? 'l' : 'L';
      }
      continue;
    }
    pts.push([cx, cy]);
  }
  return pts;
}

function placeAttr(p: Place): string {
  const t: string[] = [];
  if (p.x || p.y) t.push(`translate(${num(p.x ?? 0)} ${num(p.y ?? 0)})`);
  if (p.rot) t.push(`rotate(${num(p.rot)})`);
  const sx = p.sx ?? 1;
  const sy = p.sy ?? sx;
  if (sx !== 1 || sy !== 1) t.push(sx === sy ? `scale(${num(sx)})` : `scale(${num(sx)} ${num(sy)})`);
  return t.length ? ` transform="${t.join(' ')}"` : '';
}

function mapPoint(p: Place, x: number, y: number): Pt {
  const sx = p.sx ?? 1;
  const sy = p.sy ?? sx;
  const r = ((p.rot ?? 0) * Math.PI) / 180;
  const X = x * sx;
  const Y = y * sy;
  return [(p.x ?? 0) + X * Math.cos(r) - Y * Math.sin(r), (p.y ?? 0) + X * Math.sin(r) + Y * Math.cos(r)];
}

/** Collects SVG shapes and their bounding box. */
export class Art {
  private parts: string[] = [];
  readonly box: Box = {
    x0: Number.POSITIVE_INFINITY,
    y0: Number.POSITIVE_INFINITY,
    x1: Number.NEGATIVE_INFINITY,
    y1: Number.NEGATIVE_INFINITY,
  };

  get markup(): string {
    return this.parts.join('');
  }

  get empty(): boolean {
    return this.box.x0 > this.box.x1;
  }

  grow(x: number, y: number, pad = 0): this {
    this.box.x0 = Math.min(this.box.x0, x - pad);
    this.box.y0 = Math.min(this.box.y0, y - pad);
    this.box.x1 = Math.max(this.box.x1, x + pad);
    this.box.y1 = Math.max(this.box.y1, y + pad);
    return this;
  }

  raw(markup: string, box?: Box): this {
    this.parts.push(markup);
    if (box && box.x0 <= box.x1) this.grow(box.x0, box.y0).grow(box.x1, box.y1);
    return this;
  }

  circle(cx: number, cy: number, r: number, fill: string, extra = ''): this {
    this.parts.push(`<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="${fill}"${extra}/>`);
    return this.grow(cx, cy, r);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, rot = 0, extra = ''): this {
    const t = rot ? ` transform="rotate(${num(rot)} ${num(cx)} ${num(cy)})"` : '';
    this.parts.push(
      `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}" fill="${fill}"${t}${extra}/>`,
    );
    const a = (rot * Math.PI) / 180;
    const hw = Math.hypot(rx * Math.cos(a), ry * Math.sin(a));
    const hh = Math.hypot(rx * Math.sin(a), ry * Math.cos(a));
    return this.grow(cx - hw, cy - hh).grow(cx + hw, cy + hh);
  }

  rect(x: number, y: number, w: number, h: number, fill: string, r = 0, extra = ''): this {
    const rr = r ? ` rx="${num(r)}"` : '';
    this.parts.push(
      `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"${rr} fill="${fill}"${extra}/>`,
    );
    return this.grow(x, y).grow(x + w, y + h);
  }

  path(d: string, fill: string, extra = ''): this {
    this.parts.push(`<path d="${d}" fill="${fill}"${extra}/>`);
    for (const [x, y] of pathPoints(d)) this.grow(x, y);
    return this;
  }

  /** A round-capped stroke (outlines stay thin: width ≤ 3). */
  line(d: string, color: string, width: number, extra = ''): this {
    const w = Math.min(3, width);
    this.parts.push(
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="${num(w)}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`,
    );
    for (const [x, y] of pathPoints(d)) this.grow(x, y, w / 2);
    return this;
  }

  /** A filled limb: two round ends joined by straight sides. */
  capsule(x1: number, y1: number, x2: number, y2: number, r1: number, r2: number, fill: string, extra = ''): this {
    const len = Math.hypot(x2 - x1, y2 - y1);
    if (len < 0.01) return this.circle(x1, y1, Math.max(r1, r2), fill, extra);
    const px = -(y2 - y1) / len;
    const py = (x2 - x1) / len;
    const d =
      `M${num(x1 + px * r1)} ${num(y1 + py * r1)}L${num(x2 + px * r2)} ${num(y2 + py * r2)}` +
      `A${num(r2)} ${num(r2)} 0 0 0 ${num(x2 - px * r2)} ${num(y2 - py * r2)}` +
      `L${num(x1 - px * r1)} ${num(y1 - py * r1)}A${num(r1)} ${num(r1)} 0 0 0 ${num(x1 + px * r1)} ${num(y1 + py * r1)}Z`;
    this.parts.push(`<path d="${d}" fill="${fill}"${extra}/>`);
    return this.grow(x1, y1, r1).grow(x2, y2, r2);
  }

  /** A bendy tube through points, tapering from r0 to r1; `fills` cycle per segment. */
  tube(pts: readonly Pt[], r0: number, r1: number, fills: string | readonly string[]): this {
    const list = typeof fills === 'string' ? [fills] : fills;
    for (let i = 0; i + 1 < pts.length; i++) {
      const a = pts[i] as Pt;
      const b = pts[i + 1] as Pt;
      const ra = r0 + ((r1 - r0) * i) / (pts.length - 1);
      const rb = r0 + ((r1 - r0) * (i + 1)) / (pts.length - 1);
      this.capsule(a[0], a[1], b[0], b[1], ra, rb, list[i % list.length] as string);
    }
    return this;
  }

  group(child: Art, p: Place = {}, extra = ''): this {
    if (child.empty) return this;
    this.parts.push(`<g${placeAttr(p)}${extra}>${child.markup}</g>`);
    const b = child.box;
    for (const [x, y] of [
      [b.x0, b.y0],
      [b.x1, b.y0],
      [b.x0, b.y1],
      [b.x1, b.y1],
    ] as const) {
      const [X, Y] = mapPoint(p, x, y);
      this.grow(X, Y);
    }
    return this;
  }

  /** Draws `child` clipped to `shape` (an SVG shape element); adds nothing to the box. */
  clip(shape: string, child: Art): this {
    if (child.empty) return this;
    const id = uid();
    this.parts.push(`<clipPath id="${id}">${shape}</clipPath><g clip-path="url(#${id})">${child.markup}</g>`);
    return this;
  }
}

/** Wraps the art in a `<g>`, moving its box so (0,0) is the bottom centre or the centre. */
export function finish(art: Art, anchor: 'bottom' | 'centre'): Drawing {
  const b = art.box;
  const dx = -(b.x0 + b.x1) / 2;
  const dy = anchor === 'centre' ? -(b.y0 + b.y1) / 2 : -b.y1;
  const t = Math.abs(dx) < 0.05 && Math.abs(dy) < 0.05 ? '' : ` transform="translate(${num(dx)} ${num(dy)})"`;
  return {
    svg: `<g${t}>${art.markup}</g>`,
    width: Math.round((b.x1 - b.x0) * 10) / 10,
    height: Math.round((b.y1 - b.y0) * 10) / 10,
  };
}

// ---------------------------------------------------------------------------
// Faces
// ---------------------------------------------------------------------------

export interface FaceState {
  mood: Mood;
  closed: boolean;
}

export type EyeLook = 'open' | 'big' | 'round' | 'half' | 'closed';
export type MouthKind = 'w' | 'smile' | 'none';

/** Line width for face details at eye scale s. */
const lw = (s: number): number => Math.min(3, Math.max(1.3, 3.2 * s));

export function eyeLook(st: FaceState): EyeLook {
  if (st.closed) return 'closed';
  switch (st.mood) {
    case 'excited':
      return 'big';
    case 'surprised':
      return 'round';
    case 'sleepy':
      return 'half';
    default:
      return 'open';
  }
}

/** The shared eye: a tall dark oval with a big and a small highlight (as in the avatars). */
export function eye(a: Art, x: number, y: number, s: number, look: EyeLook, onDark = false): void {
  if (look === 'closed') {
    a.line(`M${num(x - 6 * s)} ${num(y)}Q${num(x)} ${num(y + 5.5 * s)} ${num(x + 6 * s)} ${num(y)}`, onDark ? WHITE : INK, lw(s));
    return;
  }
  if (onDark) a.circle(x, y, 10 * s, WHITE);
  if (look === 'half') {
    a.path(`M${num(x - 7 * s)} ${num(y)}A${num(7 * s)} ${num(8 * s)} 0 0 0 ${num(x + 7 * s)} ${num(y)}Z`, INK);
    a.line(`M${num(x - 7.5 * s)} ${num(y)}L${num(x + 7.5 * s)} ${num(y)}`, INK, lw(s) * 0.9);
    a.circle(x + 2.2 * s, y + 3 * s, 1.5 * s, WHITE);
    return;
  }
  const k = look === 'big' ? 1.15 : 1;
  const ry = (look === 'round' ? 7.5 : 8.5) * s * k;
  const rx = (look === 'round' ? 7.5 : 7) * s * k;
  a.ellipse(x, y, rx, ry, INK);
  a.circle(x + 2.4 * s * k, y - 3 * s * k, 2.8 * s * k, WHITE);
  a.circle(x - 2.2 * s * k, y + 3 * s * k, 1.2 * s * k, WHITE);
  if (look === 'big') a.circle(x + 3 * s, y + 2.5 * s, 0.9 * s, WHITE);
}

export function mouth(a: Art, x: number, y: number, s: number, st: FaceState, kind: MouthKind): void {
  if (kind === 'none') return;
  const w = lw(s) * 0.85;
  const m: Mood = st.closed ? 'calm' : st.mood;
  const f = (v: number) => num(v);
  switch (m) {
    case 'happy':
      if (kind === 'w') {
        a.ellipse(x, y + 4 * s, 3 * s, 3.6 * s, TONGUE);
        a.line(`M${f(x - 6 * s)} ${f(y)}Q${f(x - 3 * s)} ${f(y + 4.5 * s)} ${f(x)} ${f(y)}Q${f(x + 3 * s)} ${f(y + 4.5 * s)} ${f(x + 6 * s)} ${f(y)}`, MOUTH, w);
      } else {
        a.path(`M${f(x - 7 * s)} ${f(y)}Q${f(x)} ${f(y + 12 * s)} ${f(x + 7 * s)} ${f(y)}Z`, MOUTH);
        a.ellipse(x, y + 4.2 * s, 3.4 * s, 1.8 * s, TONGUE);
      }
      return;
    case 'excited':
      a.path(`M${f(x - 8 * s)} ${f(y)}Q${f(x)} ${f(y + 2 * s)} ${f(x + 8 * s)} ${f(y)}Q${f(x + 7 * s)} ${f(y + 14 * s)} ${f(x)} ${f(y + 14 * s)}Q${f(x - 7 * s)} ${f(y + 14 * s)} ${f(x - 8 * s)} ${f(y)}Z`, MOUTH);
      a.ellipse(x, y + 10 * s, 4.5 * s, 3 * s, TONGUE);
      return;
    case 'calm':
      if (kind === 'w') {
        a.line(`M${f(x - 5 * s)} ${f(y)}Q${f(x - 2.5 * s)} ${f(y + 3.5 * s)} ${f(x)} ${f(y)}Q${f(x + 2.5 * s)} ${f(y + 3.5 * s)} ${f(x + 5 * s)} ${f(y)}`, MOUTH, w);
      } else {
        a.line(`M${f(x - 5.5 * s)} ${f(y + 1 * s)}Q${f(x)} ${f(y + 6 * s)} ${f(x + 5.5 * s)} ${f(y + 1 * s)}`, MOUTH, w);
      }
      return;
    case 'surprised':
      a.ellipse(x, y + 4 * s, 3.4 * s, 4.4 * s, MOUTH);
      return;
    case 'sad':
      a.line(`M${f(x - 5 * s)} ${f(y + 5 * s)}Q${f(x)} ${f(y)} ${f(x + 5 * s)} ${f(y + 5 * s)}`, MOUTH, w);
      return;
    case 'sleepy':
      a.ellipse(x, y + 3 * s, 2.4 * s, 2.9 * s, MOUTH);
      return;
  }
}

export interface FaceSpec {
  /** Centre between the eyes. */
  x: number;
  y: number;
  gap: number;
  s: number;
  mx: number;
  my: number;
  mouth: MouthKind;
  cheekGap?: number;
  cheekY?: number;
  onDark?: boolean;
  /** Mouth size relative to the eyes. */
  ms?: number;
}

/** Eyes (with brows or a tear for some moods), cheeks and mouth. */
export function face(a: Art, st: FaceState, f: FaceSpec): void {
  const look = eyeLook(st);
  const { x, y, gap, s } = f;
  const cg = f.cheekGap ?? gap * 1.6;
  const cy = f.cheekY ?? y + 10 * s;
  if (cg > 0) {
    const op = st.mood === 'excited' ? '.7' : '.5';
    a.ellipse(x - cg, cy, 8 * s, 5 * s, CHEEK, 0, ` opacity="${op}"`);
    a.ellipse(x + cg, cy, 8 * s, 5 * s, CHEEK, 0, ` opacity="${op}"`);
  }
  eye(a, x - gap, y, s, look, f.onDark);
  eye(a, x + gap, y, s, look, f.onDark);
  if (!st.closed && (st.mood === 'surprised' || st.mood === 'sad')) {
    const by = y - (st.mood === 'surprised' ? 15 : 13) * s;
    const w = lw(s) * 0.8;
    const brow = (ex: number, dir: number) =>
      st.mood === 'surprised'
        ? `M${num(ex - 5 * s)} ${num(by + 1.5 * s)}Q${num(ex)} ${num(by - 2.5 * s)} ${num(ex + 5 * s)} ${num(by + 1.5 * s)}`
        : `M${num(ex - 5 * s * dir)} ${num(by + 1.5 * s)}L${num(ex + 5 * s * dir)} ${num(by - 2.5 * s)}`;
    a.line(brow(x - gap, 1) + brow(x + gap, -1), f.onDark ? '#8A86A3' : INK, w);
    if (st.mood === 'sad') {
      const tx = x + gap + 6 * s;
      const ty = y + 8 * s;
      a.path(`M${num(tx)} ${num(ty)}Q${num(tx + 3.5 * s)} ${num(ty + 6 * s)} ${num(tx)} ${num(ty + 7.5 * s)}Q${num(tx - 3.5 * s)} ${num(ty + 6 * s)} ${num(tx)} ${num(ty)}Z`, WATER);
    }
  }
  mouth(a, f.mx, f.my, s * (f.ms ?? 1), st, f.mouth);
}

/** "Zz" floating above a sleeper. */
export function zz(a: Art, x: number, y: number, s = 1): void {
  const z = (zx: number, zy: number, k: number) =>
    `M${num(zx)} ${num(zy)}H${num(zx + k)}L${num(zx)} ${num(zy + k)}H${num(zx + k)}`;
  a.line(z(x, y, 9 * s) + z(x + 12 * s, y - 12 * s, 6.5 * s), ZZ, 2.2 * Math.min(1, s + 0.3));
}

/** Short motion lines behind a runner (to the left of x). */
function speedLines(a: Art, x: number, y: number, h: number): void {
  const d = [0, 1, 2]
    .map((i) => {
      const yy = y - h / 2 + (h * i) / 2;
      const len = i === 1 ? 22 : 14;
      return `M${num(x - len)} ${num(yy)}H${num(x)}`;
    })
    .join('');
  a.line(d, '#C9C6DD', 3);
}

/** A translucent band of water with a wavy surface, from x0 to x1 at surface y. */
function water(a: Art, x0: number, x1: number, y: number, depth: number): void {
  const waves = Math.max(2, Math.round((x1 - x0) / 34));
  const step = (x1 - x0) / waves;
  let top = `M${num(x0)} ${num(y)}`;
  for (let i = 0; i < waves; i++) {
    const sx = x0 + step * i;
    top += `Q${num(sx + step / 4)} ${num(y - 5)} ${num(sx + step / 2)} ${num(y)}Q${num(sx + (3 * step) / 4)} ${num(y + 5)} ${num(sx + step)} ${num(y)}`;
  }
  a.path(`${top}L${num(x1)} ${num(y + depth)}Q${num((x0 + x1) / 2)} ${num(y + depth + 6)} ${num(x0)} ${num(y + depth)}Z`, WATER, ' opacity=".8"');
  a.line(top, WHITE, 2.5, ' opacity=".9"');
}

// ---------------------------------------------------------------------------
// Food next to an eating animal (x = its centre on the ground)
// ---------------------------------------------------------------------------

type Food = 'bowl' | 'grass' | 'bamboo' | 'apple' | 'carrot' | 'banana' | 'seeds' | 'nut' | 'leaf' | 'flower' | 'flakes';

function food(a: Art, kind: Food, x: number, k = 1): void {
  switch (kind) {
    case 'bowl':
      a.ellipse(x, -15 * k, 15 * k, 4 * k, '#A0653A');
      a.circle(x - 6 * k, -16 * k, 3 * k, '#C98A4E').circle(x + 1 * k, -17 * k, 3.2 * k, '#C98A4E').circle(x + 7 * k, -15.5 * k, 3 * k, '#C98A4E');
      a.path(`M${num(x - 17 * k)} ${num(-15 * k)}H${num(x + 17 * k)}Q${num(x + 15 * k)} 0 ${num(x + 8 * k)} 0H${num(x - 8 * k)}Q${num(x - 15 * k)} 0 ${num(x - 17 * k)} ${num(-15 * k)}Z`, '#E84A4A');
      a.rect(x - 12 * k, -11 * k, 24 * k, 3 * k, '#FF7B7B', 1.5 * k);
      return;
    case 'grass': {
      const g = (gx: number, h: number, lean: number, c: string) =>
        a.path(`M${num(gx - 3 * k)} 0Q${num(gx + lean * 0.3)} ${num(-h * 0.6)} ${num(gx + lean)} ${num(-h)}Q${num(gx + 1 * k)} ${num(-h * 0.5)} ${num(gx + 3 * k)} 0Z`, c);
      g(x - 9 * k, 16 * k, -8 * k, '#4DB35E');
      g(x + 9 * k, 15 * k, 8 * k, '#4DB35E');
      g(x - 3 * k, 22 * k, -3 * k, '#5CC86B');
      g(x + 3 * k, 20 * k, 5 * k, '#7AD987');
      a.circle(x + 5 * k, -9 * k, 3 * k, '#FFC23D').circle(x + 5 * k, -9 * k, 1.2 * k, '#FF8A3D');
      return;
    }
    case 'bamboo':
      a.capsule(x - 4 * k, -4 * k, x + 10 * k, -56 * k, 4.5 * k, 4 * k, '#7CC46A');
      a.line(`M${num(x - 1.5 * k)} ${num(-17 * k)}l${num(8 * k)} ${num(1 * k)}M${num(x + 2.2 * k)} ${num(-33 * k)}l${num(8 * k)} ${num(1 * k)}`, '#4E9A47', 2);
      a.ellipse(x + 16 * k, -52 * k, 9 * k, 3.5 * k, '#5CC86B', -30).ellipse(x + 2 * k, -46 * k, 9 * k, 3.5 * k, '#5CC86B', 30);
      return;
    case 'apple':
      a.circle(x - 5 * k, -10 * k, 9.5 * k, '#E84A4A').circle(x + 5 * k, -10 * k, 9.5 * k, '#E84A4A');
      a.ellipse(x - 4 * k, -13 * k, 3 * k, 4 * k, '#FF8A8A');
      a.line(`M${num(x)} ${num(-18 * k)}L${num(x + 1 * k)} ${num(-24 * k)}`, '#7A4B2A', 2.5);
      a.ellipse(x + 6 * k, -23 * k, 5 * k, 2.5 * k, '#5CC86B', -25);
      return;
    case 'carrot':
      a.path(`M${num(x - 14 * k)} ${num(-9 * k)}Q${num(x - 12 * k)} ${num(-1 * k)} ${num(x - 3 * k)} ${num(-1 * k)}L${num(x + 16 * k)} ${num(-5 * k)}L${num(x - 2 * k)} ${num(-15 * k)}Q${num(x - 12 * k)} ${num(-17 * k)} ${num(x - 14 * k)} ${num(-9 * k)}Z`, '#FF8A3D');
      a.ellipse(x - 18 * k, -14 * k, 7 * k, 2.5 * k, '#5CC86B', 30).ellipse(x - 19 * k, -8 * k, 7 * k, 2.5 * k, '#4DB35E', -10);
      return;
    case 'banana':
      a.path(`M${num(x - 14 * k)} ${num(-12 * k)}Q${num(x)} ${num(2 * k)} ${num(x + 14 * k)} ${num(-14 * k)}Q${num(x)} ${num(-6 * k)} ${num(x - 14 * k)} ${num(-12 * k)}Z`, '#FFC23D');
      a.circle(x + 14 * k, -14 * k, 1.6 * k, '#7A4B2A');
      return;
    case 'seeds':
      for (let i = 0; i < 5; i++) a.ellipse(x - 10 * k + i * 5 * k, -1.6 * k - (i % 2) * 2 * k, 2 * k, 1.4 * k, '#C98A4E');
      return;
    case 'nut':
      a.ellipse(x, -6 * k, 5.5 * k, 6.5 * k, '#B8733E');
      a.path(`M${num(x - 7 * k)} ${num(-9 * k)}Q${num(x)} ${num(-17 * k)} ${num(x + 7 * k)} ${num(-9 * k)}Z`, '#7A4B2A');
      return;
    case 'leaf':
      a.path(`M${num(x - 14 * k)} ${num(-3 * k)}Q${num(x - 2 * k)} ${num(-22 * k)} ${num(x + 14 * k)} ${num(-10 * k)}Q${num(x)} ${num(6 * k)} ${num(x - 14 * k)} ${num(-3 * k)}Z`, '#5CC86B');
      a.line(`M${num(x - 12 * k)} ${num(-4 * k)}Q${num(x)} ${num(-8 * k)} ${num(x + 12 * k)} ${num(-10 * k)}`, '#3E9B4F', 1.5);
      return;
    case 'flower':
      a.line(`M${num(x)} 0V${num(-16 * k)}`, '#4DB35E', 2.5);
      for (let i = 0; i < 5; i++) {
        const t = (i * 72 * Math.PI) / 180;
        a.circle(x + Math.sin(t) * 5.5 * k, -20 * k - Math.cos(t) * 5.5 * k, 4.2 * k, '#F2609E');
      }
      a.circle(x, -20 * k, 3.5 * k, '#FFC23D');
      return;
    case 'flakes':
      a.circle(x, -4 * k, 2 * k, '#C98A4E').circle(x + 5 * k, -9 * k, 1.6 * k, '#E8A15C').circle(x - 3 * k, -12 * k, 1.7 * k, '#C98A4E');
      return;
  }
}

// ---------------------------------------------------------------------------
// Four-legged animals: one body plan, poses computed from a few proportions
// ---------------------------------------------------------------------------

interface TailSpec {
  kind: 'tube' | 'curl' | 'puff';
  /** From the base outwards (pointing back and up), in tail-local units. */
  pts?: readonly Pt[];
  r0?: number;
  r1?: number;
  fill: string | readonly string[];
  tuft?: string;
  /** Sleeping: wrap the tail around the front (cats, dogs, tigers). */
  wrap?: boolean;
}

interface QuadSpec {
  /** Body length and height, visible leg length and width. */
  L: number;
  H: number;
  leg: number;
  legW: number;
  fill: string;
  far: string;
  legFill?: string;
  legFar?: string;
  hoof?: string;
  belly?: string;
  fluffy?: boolean;
  marks?: (a: Art, rx: number, ry: number) => void;
  head: (a: Art, st: FaceState) => void;
  headR: number;
  /** Head centre relative to the top of the body's front end. */
  headAt: Pt;
  neck?: { w: number; fill: string; mane?: string };
  tail: TailSpec;
  sit: 'dog' | 'lie';
  food: Food;
  /** Head offset tweak when sitting (dog style). */
  sitHead?: Pt;
}

function drawTail(t: TailSpec, rot = 0): Art {
  const a = new Art();
  if (t.kind === 'puff') {
    a.circle(0, 0, t.r0 ?? 6, typeof t.fill === 'string' ? t.fill : (t.fill[0] ?? WHITE));
  } else if (t.kind === 'curl') {
    a.line('M0 0C-9 -2 -14 -12 -7 -16C-1 -19 1 -10 -6 -9', typeof t.fill === 'string' ? t.fill : (t.fill[0] ?? WHITE), 3);
  } else {
    const pts = t.pts ?? [];
    a.tube(pts, t.r0 ?? 3, t.r1 ?? 3, t.fill);
    const end = pts[pts.length - 1];
    const prev = pts[pts.length - 2];
    if (t.tuft && end && prev) {
      const ang = (Math.atan2(end[1] - prev[1], end[0] - prev[0]) * 180) / Math.PI;
      const r = (t.r1 ?? 3) * 1.6;
      a.ellipse(end[0], end[1], r * 1.5, r, t.tuft, ang);
    }
  }
  const g = new Art();
  g.group(a, { rot });
  return g;
}

/** Leg from hip (x, y) at angle (degrees, + swings the foot forward) of given length. */
function leg(a: Art, x: number, y: number, ang: number, len: number, w: number, fill: string, hoof?: string, paw?: string): void {
  const t = (ang * Math.PI) / 180;
  const dx = Math.sin(t);
  const dy = Math.cos(t);
  const ex = x + dx * (len - w / 2);
  const ey = y + dy * (len - w / 2);
  a.capsule(x, y, ex, ey, w / 2, w / 2, fill);
  if (hoof) {
    a.capsule(ex - dx * w * 0.35, ey - dy * w * 0.35, ex, ey, w / 2, w / 2, hoof);
  } else if (paw) {
    a.ellipse(ex + w * 0.18 * dy, ey + w * 0.1, w * 0.62, w * 0.45, paw, -ang);
  }
}

function bodyShape(a: Art, q: QuadSpec, cx: number, cy: number, rx: number, ry: number, rot = 0): void {
  if (q.fluffy) {
    const inner = new Art();
    inner.ellipse(0, 0, rx * 0.92, ry * 0.88, q.fill);
    const bumps = 14;
    for (let i = 0; i < bumps; i++) {
      const t = (i / bumps) * Math.PI * 2;
      inner.circle(Math.cos(t) * rx * 0.8, Math.sin(t) * ry * 0.74, ry * 0.34, q.fill);
    }
    a.group(inner, { x: cx, y: cy, rot });
    return;
  }
  a.ellipse(cx, cy, rx, ry, q.fill, rot);
  if (q.belly || q.marks) {
    const m = new Art();
    if (q.belly) m.ellipse(0, ry * 0.55, rx * 0.72, ry * 0.5, q.belly);
    q.marks?.(m, rx, ry);
    const inner = new Art();
    inner.clip(`<ellipse rx="${num(rx)}" ry="${num(ry)}"/>`, m);
    a.raw(`<g${placeAttr({ x: cx, y: cy, rot })}>${inner.markup}</g>`);
  }
}

function quadHead(q: QuadSpec, st: FaceState, rot = 0): Art {
  const h = new Art();
  q.head(h, st);
  const g = new Art();
  g.group(h, { rot });
  return g;
}

function quadStand(q: QuadSpec, pose: AnimalPose, st: FaceState): Art {
  const { L, H, legW } = q;
  const a = new Art();
  const cy = -(q.leg + H * 0.42);
  const hipY = cy + H * 0.12;
  const len = -hipY;
  const angles: Record<string, readonly [number, number, number, number]> = {
    run: [52, 28, -52, -30],
    fly: [62, 44, -62, -46],
    swim: [38, 8, -34, -8],
  };
  const [fn, ff, bn, bf] = angles[pose] ?? [0, 0, 0, 0];
  const legLen = pose === 'fly' ? len * 0.85 : len;
  const lf = q.legFill ?? q.fill;
  const lfar = q.legFar ?? q.far;
  const paw = q.hoof ? undefined : lf;
  const pawFar = q.hoof ? undefined : lfar;
  const moving = pose === 'run' || pose === 'fly' || pose === 'swim';
  const tailBase: Pt = [-L * 0.45, cy - H * 0.18];
  a.group(drawTail(q.tail, moving ? -35 : 0), { x: tailBase[0], y: tailBase[1] });
  leg(a, L * 0.35, hipY, ff, legLen, legW, lfar, q.hoof, pawFar);
  leg(a, -L * 0.22, hipY, bf, legLen, legW, lfar, q.hoof, pawFar);
  bodyShape(a, q, 0, cy, L / 2, H / 2);
  leg(a, L * 0.26, hipY, fn, legLen, legW, lf, q.hoof, paw);
  leg(a, -L * 0.32, hipY, bn, legLen, legW, lf, q.hoof, paw);
  let hx = L / 2 + q.headAt[0];
  let hy = cy - H / 2 + q.headAt[1];
  let hrot = 0;
  if (pose === 'eat') {
    hx = L / 2 + q.headR * 0.3;
    hy = -q.headR * 0.95;
    hrot = 10;
    food(a, q.food, hx + q.headR * 1.15, Math.max(1, q.headR / 30));
  }
  if (q.neck) {
    if (q.neck.mane) a.capsule(L * 0.3, cy - H * 0.3, hx - q.neck.w * 0.35, hy - q.neck.w * 0.2, q.neck.w * 0.45, q.neck.w * 0.35, q.neck.mane);
    a.capsule(L * 0.36, cy - H * 0.05, hx, hy, q.neck.w / 2, q.neck.w * 0.42, q.neck.fill);
  } else if (pose === 'eat') {
    a.capsule(L * 0.34, cy - H * 0.1, hx - q.headR * 0.2, hy, H * 0.34, q.headR * 0.5, q.fill);
  }
  a.group(quadHead(q, st, hrot), { x: hx, y: hy });
  if (pose === 'run') speedLines(a, -L / 2 - q.headR * 0.2, cy + H * 0.2, H * 0.5);
  if (pose === 'swim') water(a, -L / 2 - 16, L / 2 + q.headR + 10, cy - H * 0.02, H * 0.5 + q.leg * 0.6);
  return a;
}

function quadSit(q: QuadSpec, st: FaceState): Art {
  const { L, H, legW } = q;
  const a = new Art();
  const cy = -(H * 0.5 + q.leg * 0.55);
  const lf = q.legFill ?? q.fill;
  const lfar = q.legFar ?? q.far;
  a.group(drawTail(q.tail, -62), { x: -L * 0.32, y: -H * 0.2 });
  leg(a, L * 0.26, cy + H * 0.1, 0, -cy - H * 0.1, legW, lfar, undefined, lfar);
  bodyShape(a, q, -L * 0.02, cy, L * 0.36, H * 0.52, -55);
  const thigh = new Art();
  thigh.ellipse(0, 0, L * 0.24, H * 0.42, q.legFill && q.legFill !== q.fill ? q.legFill : shade(q.fill, -0.04));
  a.group(thigh, { x: -L * 0.15, y: -H * 0.42 });
  a.ellipse(L * 0.04, -legW * 0.42, legW * 0.78, legW * 0.45, lf);
  leg(a, L * 0.16, cy + H * 0.1, 0, -cy - H * 0.1, legW, lf, undefined, lf);
  const [sx, sy] = q.sitHead ?? [0, 0];
  a.group(quadHead(q, st), { x: L * 0.2 + sx, y: cy - L * 0.3 - q.headR * 0.35 + sy });
  return a;
}

function quadLie(q: QuadSpec, st: FaceState, sleeping: boolean): Art {
  const { L, H, legW } = q;
  const a = new Art();
  const lf = q.legFill ?? q.fill;
  const cy = -H * 0.48;
  if (!(sleeping && q.tail.wrap)) a.group(drawTail(q.tail, -70), { x: -L * 0.45, y: cy + H * 0.2 });
  bodyShape(a, q, 0, cy, L * 0.52, H * 0.48);
  a.capsule(-L * 0.2, -legW * 0.5, -L * 0.02, -legW * 0.45, legW * 0.5, legW * 0.45, lf);
  a.capsule(L * 0.18, -legW * 0.5, L * 0.44, -legW * 0.5, legW * 0.5, legW * 0.5, lf);
  if (q.hoof) a.circle(L * 0.44, -legW * 0.5, legW * 0.5, q.hoof);
  if (sleeping && q.tail.wrap) {
    const t = q.tail;
    const r = t.r0 ?? 4;
    a.tube(
      [
        [-L * 0.5, cy + H * 0.15],
        [-L * 0.42, -r],
        [-L * 0.1, -r],
        [L * 0.2, -r * 1.1],
      ],
      r,
      t.r1 ?? r,
      t.fill,
    );
  }
  if (sleeping) {
    const hx = L * 0.5 + q.headR * 0.15;
    const hy = -q.headR * 0.85;
    if (q.neck) a.capsule(L * 0.3, cy, hx, hy, q.neck.w / 2, q.neck.w * 0.42, q.neck.fill);
    a.group(quadHead(q, st, 6), { x: hx, y: hy });
    zz(a, hx + q.headR * 0.4, hy - q.headR * 1.5, Math.max(0.8, q.headR / 35));
  } else {
    const hx = L * 0.52 + q.headAt[0];
    const hy = cy - H * 0.48 + q.headAt[1];
    if (q.neck) {
      if (q.neck.mane) a.capsule(L * 0.3, cy - H * 0.3, hx - q.neck.w * 0.35, hy - q.neck.w * 0.2, q.neck.w * 0.45, q.neck.w * 0.35, q.neck.mane);
      a.capsule(L * 0.34, cy, hx, hy, q.neck.w / 2, q.neck.w * 0.42, q.neck.fill);
    }
    a.group(quadHead(q, st), { x: hx, y: hy });
  }
  return a;
}

function quad(q: QuadSpec, pose: AnimalPose, st: FaceState): Art {
  if (pose === 'sleep') return quadLie(q, st, true);
  if (pose === 'sit') return q.sit === 'dog' ? quadSit(q, st) : quadLie(q, st, false);
  return quadStand(q, pose, st);
}

const whiskers = (a: Art, x: number, y: number, gap: number, len: number, color = '#6D6F7B'): void => {
  a.line(
    `M${num(x - gap)} ${num(y)}l${num(-len)} ${num(-3)}M${num(x - gap)} ${num(y + 3)}l${num(-len)} ${num(3)}` +
      `M${num(x + gap)} ${num(y)}l${num(len)} ${num(-3)}M${num(x + gap)} ${num(y + 3)}l${num(len)} ${num(3)}`,
    color,
    1.2,
  );
};

// Bobo: small cream dog with one brown ear.
const BOBO_CREAM = '#F7E6CC';
const BOBO: QuadSpec = {
  L: 60,
  H: 38,
  leg: 20,
  legW: 12,
  fill: BOBO_CREAM,
  far: '#E6CFAE',
  belly: '#FFF6EA',
  head: (a, st) => {
    a.ellipse(-22, 2, 9, 17, '#A0653A', 20);
    a.ellipse(0, 0, 27, 24, BOBO_CREAM);
    a.ellipse(26, 1, 8.5, 16, '#E9CFAA', -20);
    a.ellipse(-11, -8, 9, 8, '#C98A5A', 0, ' opacity=".35"');
    a.ellipse(5, 9, 13, 9.5, '#FFF7EC');
    face(a, st, { x: 4, y: -5, gap: 10.5, s: 0.52, mx: 5, my: 7.5, mouth: 'w', cheekGap: 17, cheekY: 7 });
    a.ellipse(5, 3.5, 4.8, 3.4, INK).circle(6.4, 2.6, 1.1, WHITE);
  },
  headR: 27,
  headAt: [4, -12],
  tail: { kind: 'tube', pts: [[0, 0], [-7, -7], [-10, -17]], r0: 4.5, r1: 3.5, fill: BOBO_CREAM, wrap: true },
  sit: 'dog',
  food: 'bowl',
};

// Mimi: grey tabby cat.
const MIMI_GREY = '#A9ACBF';
const MIMI_DARK = '#7E8299';
const MIMI: QuadSpec = {
  L: 62,
  H: 34,
  leg: 22,
  legW: 10,
  fill: MIMI_GREY,
  far: '#9194AA',
  belly: '#DADBE5',
  marks: (a, rx, ry) => {
    for (const x of [-0.45, -0.15, 0.15]) a.ellipse(x * rx, -ry, rx * 0.09, ry * 0.62, MIMI_DARK);
  },
  head: (a, st) => {
    const pink = '#F7B6C6';
    a.path('M-23 -4L-19 -32L-2 -20Z', MIMI_GREY).path('M-18 -9L-16.5 -25L-7 -18Z', pink);
    a.path('M10 -20L27 -32L29 -4Z', MIMI_GREY).path('M14 -18L24.5 -25L25 -9Z', pink);
    a.ellipse(3, 0, 26, 22, MIMI_GREY);
    a.line('M4 -21V-14M-3 -20L-2 -14M11 -20L10 -14', MIMI_DARK, 2.6);
    a.ellipse(1, 8, 6.5, 5, '#E4E5EE').ellipse(10, 8, 6.5, 5, '#E4E5EE');
    face(a, st, { x: 5, y: -4, gap: 10, s: 0.5, mx: 5.5, my: 6.5, mouth: 'w', cheekGap: 17, cheekY: 6 });
    a.path('M2.5 2.5H8.5L5.5 6Z', '#F07A95');
    whiskers(a, 5.5, 6.5, 12, 12);
  },
  headR: 26,
  headAt: [3, -10],
  tail: {
    kind: 'tube',
    pts: [[0, 0], [-9, -4], [-15, -13], [-16, -25], [-11, -35]],
    r0: 4.5,
    r1: 4,
    fill: [MIMI_GREY, MIMI_DARK],
    wrap: true,
  },
  sit: 'dog',
  food: 'bowl',
};

// Tiger.
const TIGER_ORANGE = '#F59A3A';
const TIGER_STRIPE = '#3B2A25';
const TIGER_CREAM = '#FFF6EA';
const TIGER: QuadSpec = {
  L: 120,
  H: 62,
  leg: 36,
  legW: 20,
  fill: TIGER_ORANGE,
  far: '#DD8530',
  belly: TIGER_CREAM,
  marks: (a, rx, ry) => {
    for (const x of [-0.62, -0.3, 0.02, 0.34]) {
      const X = x * rx;
      a.path(`M${num(X - 6)} ${num(-ry)}L${num(X + 6)} ${num(-ry)}L${num(X + 2)} ${num(-ry * 0.15)}Z`, TIGER_STRIPE);
    }
  },
  head: (a, st) => {
    a.circle(-27, -28, 13, TIGER_ORANGE).circle(-27, -28, 7.5, TIGER_CREAM);
    a.circle(33, -28, 13, TIGER_ORANGE).circle(33, -28, 7.5, TIGER_CREAM);
    a.ellipse(3, 0, 42, 37, TIGER_ORANGE);
    a.line('M-5 -30H11M-4 -23H10M-6 -16H12M3 -30V-16', TIGER_STRIPE, 3);
    a.path('M-39 -8L-24 -4L-38 1Z', TIGER_STRIPE).path('M-38 8L-26 10L-36 15Z', TIGER_STRIPE);
    a.path('M45 -8L30 -4L44 1Z', TIGER_STRIPE).path('M44 8L32 10L42 15Z', TIGER_STRIPE);
    a.ellipse(-6, 14, 13, 10.5, TIGER_CREAM).ellipse(12, 14, 13, 10.5, TIGER_CREAM).ellipse(3, 21, 9, 6.5, TIGER_CREAM);
    face(a, st, { x: 3, y: -5, gap: 16, s: 0.72, mx: 3, my: 14, mouth: 'w', cheekGap: 26, cheekY: 9, ms: 0.9 });
    a.path('M-3.5 8Q3 5 9.5 8Q6.5 13.5 3 13.5Q-0.5 13.5 -3.5 8Z', '#E0566B');
    whiskers(a, 3, 14, 17, 16, '#9F6426');
  },
  headR: 42,
  headAt: [6, -16],
  tail: {
    kind: 'tube',
    pts: [[0, 0], [-14, -2], [-24, -12], [-28, -26], [-24, -40]],
    r0: 6,
    r1: 5.5,
    fill: [TIGER_ORANGE, TIGER_STRIPE],
    wrap: true,
  },
  sit: 'dog',
  food: 'bowl',
};

// Panda.
const PANDA: QuadSpec = {
  L: 118,
  H: 76,
  leg: 30,
  legW: 26,
  fill: WHITE,
  far: '#3E3A5E',
  legFill: INK,
  legFar: '#46425F',
  marks: (a, rx, ry) => {
    a.ellipse(rx * 0.38, -ry * 0.1, rx * 0.24, ry * 1.3, INK, -12);
  },
  head: (a, st) => {
    a.circle(-33, -31, 14, INK).circle(38, -31, 14, INK);
    a.ellipse(3, 0, 46, 40, WHITE);
    a.ellipse(-12, -1, 10.5, 14, INK, 32).ellipse(18, -1, 10.5, 14, INK, -32);
    face(a, st, { x: 3, y: -3, gap: 15, s: 0.6, mx: 3, my: 17, mouth: 'w', cheekGap: 28, cheekY: 13, onDark: true });
    a.ellipse(3, 12.5, 6, 4.2, INK).circle(4.6, 11.4, 1.3, WHITE);
  },
  headR: 46,
  headAt: [2, -16],
  tail: { kind: 'puff', r0: 9, fill: '#EDEBF3' },
  sit: 'dog',
  food: 'bamboo',
  sitHead: [0, 6],
};

// Cow: white with black patches.
const COW: QuadSpec = {
  L: 160,
  H: 88,
  leg: 60,
  legW: 22,
  fill: WHITE,
  far: '#E9E7F1',
  hoof: '#5B5068',
  marks: (a, rx, ry) => {
    a.path(`M${num(-rx * 0.5)} ${num(-ry)}Q${num(-rx * 0.15)} ${num(-ry * 0.6)} ${num(-rx * 0.25)} ${num(-ry * 0.1)}Q${num(-rx * 0.45)} ${num(ry * 0.2)} ${num(-rx * 0.62)} ${num(-ry * 0.2)}Q${num(-rx * 0.8)} ${num(-ry * 0.6)} ${num(-rx * 0.5)} ${num(-ry)}Z`, INK);
    a.ellipse(rx * 0.3, ry * 0.15, rx * 0.2, ry * 0.3, INK, 20);
    a.ellipse(-rx * 0.95, ry * 0.3, rx * 0.18, ry * 0.35, INK);
  },
  head: (a, st) => {
    a.ellipse(-17, -36, 4.5, 9, '#F3E0B0', -20).ellipse(23, -36, 4.5, 9, '#F3E0B0', 20);
    a.ellipse(-37, -14, 15, 7.5, WHITE, -18).ellipse(-38, -14, 9, 4, '#F7B6C6', -18);
    a.ellipse(43, -14, 15, 7.5, WHITE, 18).ellipse(44, -14, 9, 4, '#F7B6C6', 18);
    a.ellipse(3, 0, 35, 38, WHITE);
    const patch = new Art();
    patch.ellipse(-22, -28, 20, 14, INK, 15);
    a.clip('<ellipse cx="3" cy="0" rx="35" ry="38"/>', patch);
    a.ellipse(3, 20, 30, 17, '#F7B6C6');
    a.ellipse(-8, 16, 3.5, 4.5, '#D9788F').ellipse(14, 16, 3.5, 4.5, '#D9788F');
    face(a, st, { x: 3, y: -6, gap: 13, s: 0.62, mx: 3, my: 25, mouth: 'smile', cheekGap: 26, cheekY: 5, ms: 0.8 });
  },
  headR: 42,
  headAt: [10, -8],
  tail: { kind: 'tube', pts: [[0, 0], [-8, 14], [-10, 34], [-9, 50]], r0: 3, r1: 2.5, fill: WHITE, tuft: INK },
  sit: 'lie',
  food: 'grass',
};

// Horse: brown with a dark mane and a long face.
const HORSE_BROWN = '#B5713E';
const HORSE_MANE = '#5B3A22';
const HORSE: QuadSpec = {
  L: 150,
  H: 72,
  leg: 82,
  legW: 18,
  fill: HORSE_BROWN,
  far: '#9C5F33',
  hoof: '#4A3426',
  head: (a, st) => {
    a.path('M-19 -26L-15 -49L-4 -32Z', HORSE_BROWN).path('M-15 -30L-13.5 -42L-8 -32Z', '#E8A98C');
    a.path('M8 -32L20 -49L23 -26Z', HORSE_BROWN).path('M12 -32L18.5 -42L19 -30Z', '#E8A98C');
    a.ellipse(2, 0, 26, 35, HORSE_BROWN);
    a.ellipse(2, 21, 22, 16, '#E8BE92');
    a.path('M-1 -30Q2 -33 5 -30L6 8Q2 12 -2 8Z', '#FFF3E4');
    a.ellipse(-7, -32, 11, 7, HORSE_MANE, -20).ellipse(6, -34, 8, 6, HORSE_MANE, 15);
    a.ellipse(-6, 20, 2.5, 3.5, '#9A5E33').ellipse(10, 20, 2.5, 3.5, '#9A5E33');
    face(a, st, { x: 2, y: -8, gap: 14, s: 0.6, mx: 2, my: 27, mouth: 'smile', cheekGap: 19, cheekY: 8, ms: 0.7 });
  },
  headR: 38,
  headAt: [26, -52],
  neck: { w: 36, fill: HORSE_BROWN, mane: HORSE_MANE },
  tail: { kind: 'tube', pts: [[0, 0], [-14, 8], [-22, 30], [-20, 56]], r0: 8, r1: 10, fill: HORSE_MANE },
  sit: 'lie',
  food: 'grass',
};

// Elephant.
const ELE_GREY = '#A6ACC2';
const ELEPHANT: QuadSpec = {
  L: 190,
  H: 118,
  leg: 56,
  legW: 38,
  fill: ELE_GREY,
  far: '#9097AF',
  head: (a, st) => {
    a.ellipse(-46, -2, 30, 40, '#969CB4', 12).ellipse(-44, 0, 20, 29, '#F3B6C4', 12);
    a.ellipse(52, -2, 30, 40, '#969CB4', -12).ellipse(50, 0, 20, 29, '#F3B6C4', -12);
    a.ellipse(3, -4, 46, 44, ELE_GREY);
    face(a, st, { x: 3, y: -12, gap: 17, s: 0.72, mx: -18, my: 20, mouth: 'smile', cheekGap: 28, cheekY: 6, ms: 0.6 });
    a.tube([[3, 2], [2, 22], [6, 40], [16, 50], [27, 46]], 12, 6.5, ELE_GREY);
    a.line('M-4 22h12M-3 32h12', '#8D93AB', 2);
  },
  headR: 58,
  headAt: [12, -8],
  tail: { kind: 'tube', pts: [[0, 0], [-8, 12], [-10, 32]], r0: 3.5, r1: 2.5, fill: ELE_GREY, tuft: '#6E7490' },
  sit: 'dog',
  food: 'apple',
  sitHead: [0, 10],
};

// Pig.
const PIG_PINK = '#F7A8BA';
const PIG: QuadSpec = {
  L: 96,
  H: 60,
  leg: 20,
  legW: 15,
  fill: PIG_PINK,
  far: '#EC93A8',
  hoof: '#D97891',
  head: (a, st) => {
    a.path('M-30 -14L-28 -42L-7 -30Z', '#EC8FA6').path('M14 -30L36 -42L37 -14Z', '#EC8FA6');
    a.ellipse(3, 0, 36, 33, PIG_PINK);
    a.ellipse(6, 9, 14, 10, '#F28CA5');
    a.ellipse(1, 9, 2.6, 4, '#C85A78').ellipse(11, 9, 2.6, 4, '#C85A78');
    face(a, st, { x: 5, y: -9, gap: 14, s: 0.6, mx: 6, my: 21, mouth: 'smile', cheekGap: 26, cheekY: 8, ms: 0.6 });
  },
  headR: 36,
  headAt: [8, -8],
  tail: { kind: 'curl', fill: '#EC8FA6' },
  sit: 'dog',
  food: 'apple',
};

// Sheep: fluffy white wool, peach face, dark legs.
const SHEEP: QuadSpec = {
  L: 104,
  H: 68,
  leg: 26,
  legW: 11,
  fill: WHITE,
  far: '#EEEDF5',
  legFill: '#5B5068',
  legFar: '#4A4158',
  hoof: '#3A3347',
  fluffy: true,
  head: (a, st) => {
    a.ellipse(-24, -4, 12, 6, '#F0CFB4', -20).ellipse(30, -4, 12, 6, '#F0CFB4', 20);
    a.ellipse(3, 0, 22, 25, '#FCE6D4');
    a.circle(-8, -24, 9, WHITE).circle(3, -27, 10, WHITE).circle(14, -24, 9, WHITE).circle(-14, -18, 7, WHITE).circle(20, -18, 7, WHITE);
    face(a, st, { x: 3, y: -2, gap: 9, s: 0.46, mx: 3, my: 13, mouth: 'w', cheekGap: 14, cheekY: 8 });
    a.path('M0 10Q3 8 6 10Q3 13 0 10Z', '#C98A7A');
  },
  headR: 27,
  headAt: [6, -6],
  tail: { kind: 'puff', r0: 10, fill: WHITE },
  sit: 'lie',
  food: 'grass',
};

// ---------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------

type Painter = (pose: AnimalPose, st: FaceState) => Art;

const PAINTERS: Partial<Record<AnimalId, Painter>> = {
  bobo: (p, st) => quad(BOBO, p, st),
  mimi: (p, st) => quad(MIMI, p, st),
  tiger: (p, st) => quad(TIGER, p, st),
  panda: (p, st) => quad(PANDA, p, st),
  cow: (p, st) => quad(COW, p, st),
  horse: (p, st) => quad(HORSE, p, st),
  elephant: (p, st) => quad(ELEPHANT, p, st),
  pig: (p, st) => quad(PIG, p, st),
  sheep: (p, st) => quad(SHEEP, p, st),
};

/**
 * Draws one animal facing right. Anchor: bottom centre (feet on y = 0); for `fly` and
 * `swim` the centre of the figure. Unknown combinations fall back to the nearest pose.
 */
export function drawAnimal(id: AnimalId, options: { pose?: AnimalPose; mood?: Mood } = {}): Drawing {
  const pose = options.pose ?? 'stand';
  const mood = options.mood ?? 'happy';
  const st: FaceState = { mood, closed: pose === 'sleep' };
  const painter = PAINTERS[id] ?? PAINTERS.bobo;
  if (!painter) throw new Error(`no painter for ${id}`);
  const art = painter(pose, st);
  return finish(art, pose === 'fly' || pose === 'swim' ? 'centre' : 'bottom');
}
