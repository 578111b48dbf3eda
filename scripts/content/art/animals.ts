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

const ARITY: Record<string, number> = {
  M: 2,
  L: 2,
  T: 2,
  C: 6,
  S: 4,
  Q: 4,
  H: 1,
  V: 1,
  A: 7,
  Z: 0,
};

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

/** Catmull-Rom subdivision: `k` points per segment through the given points. */
function smooth(pts: readonly Pt[], k: number): Pt[] {
  if (pts.length < 3) return [...pts];
  const out: Pt[] = [];
  for (let i = 0; i + 1 < pts.length; i++) {
    const p0 = pts[Math.max(0, i - 1)] as Pt;
    const p1 = pts[i] as Pt;
    const p2 = pts[i + 1] as Pt;
    const p3 = pts[Math.min(pts.length - 1, i + 2)] as Pt;
    for (let j = 0; j < k; j++) {
      const t = j / k;
      const t2 = t * t;
      const t3 = t2 * t;
      const f = (a: number, b: number, c: number, d: number) =>
        0.5 *
        (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      out.push([f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  out.push(pts[pts.length - 1] as Pt);
  return out;
}

function placeAttr(p: Place): string {
  const t: string[] = [];
  if (p.x || p.y) t.push(`translate(${num(p.x ?? 0)} ${num(p.y ?? 0)})`);
  if (p.rot) t.push(`rotate(${num(p.rot)})`);
  const sx = p.sx ?? 1;
  const sy = p.sy ?? sx;
  if (sx !== 1 || sy !== 1)
    t.push(sx === sy ? `scale(${num(sx)})` : `scale(${num(sx)} ${num(sy)})`);
  return t.length ? ` transform="${t.join(' ')}"` : '';
}

function mapPoint(p: Place, x: number, y: number): Pt {
  const sx = p.sx ?? 1;
  const sy = p.sy ?? sx;
  const r = ((p.rot ?? 0) * Math.PI) / 180;
  const X = x * sx;
  const Y = y * sy;
  return [
    (p.x ?? 0) + X * Math.cos(r) - Y * Math.sin(r),
    (p.y ?? 0) + X * Math.sin(r) + Y * Math.cos(r),
  ];
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
    this.parts.push(
      `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="${fill}"${extra}/>`,
    );
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
  capsule(
    x1: number,
    y1: number,
    x2: number,
    y2: number,
    r1: number,
    r2: number,
    fill: string,
    extra = '',
  ): this {
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

  /**
   * A bendy tube through points, tapering from r0 to r1. A single fill gives one smooth
   * (Catmull-Rom) outline with round ends; several fills make stripes, one capsule each.
   */
  tube(points: readonly Pt[], r0: number, r1: number, fills: string | readonly string[]): this {
    const list = typeof fills === 'string' ? [fills] : fills;
    const radius = (i: number, n: number) => r0 + ((r1 - r0) * i) / Math.max(1, n - 1);
    if (list.length > 1 || points.length < 3) {
      for (let i = 0; i + 1 < points.length; i++) {
        const a = points[i] as Pt;
        const b = points[i + 1] as Pt;
        const fill = list[i % list.length] as string;
        this.capsule(
          a[0],
          a[1],
          b[0],
          b[1],
          radius(i, points.length),
          radius(i + 1, points.length),
          fill,
        );
      }
      return this;
    }
    const pts = smooth(points, Math.max(r0, r1) >= 7 ? 4 : 2);
    const n = pts.length;
    const left: string[] = [];
    const right: string[] = [];
    for (let i = 0; i < n; i++) {
      const p = pts[i] as Pt;
      const a = pts[Math.max(0, i - 1)] as Pt;
      const b = pts[Math.min(n - 1, i + 1)] as Pt;
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      const nx = -(b[1] - a[1]) / len;
      const ny = (b[0] - a[0]) / len;
      const r = radius(i, n);
      left.push(`${num(p[0] + nx * r)} ${num(p[1] + ny * r)}`);
      right.unshift(`${num(p[0] - nx * r)} ${num(p[1] - ny * r)}`);
      this.grow(p[0], p[1], r);
    }
    const re = num(radius(n - 1, n));
    const rs = num(r0);
    const d = `M${left.join('L')}A${re} ${re} 0 0 0 ${right.join('L')}A${rs} ${rs} 0 0 0 ${left[0]}Z`;
    this.parts.push(`<path d="${d}" fill="${list[0]}"/>`);
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
    this.parts.push(
      `<clipPath id="${id}">${shape}</clipPath><g clip-path="url(#${id})">${child.markup}</g>`,
    );
    return this;
  }
}

/** Wraps the art in a `<g>`, moving its box so (0,0) is the bottom centre or the centre. */
export function finish(art: Art, anchor: 'bottom' | 'centre'): Drawing {
  const b = art.box;
  const dx = -(b.x0 + b.x1) / 2;
  const dy = anchor === 'centre' ? -(b.y0 + b.y1) / 2 : -b.y1;
  const t =
    Math.abs(dx) < 0.05 && Math.abs(dy) < 0.05
      ? ''
      : ` transform="translate(${num(dx)} ${num(dy)})"`;
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
    a.line(
      `M${num(x - 6 * s)} ${num(y)}Q${num(x)} ${num(y + 5.5 * s)} ${num(x + 6 * s)} ${num(y)}`,
      onDark ? WHITE : INK,
      lw(s),
    );
    return;
  }
  if (onDark) a.circle(x, y, 10 * s, WHITE);
  if (look === 'half') {
    const ly = y + 1.5 * s;
    a.path(
      `M${num(x - 6.6 * s)} ${num(ly)}Q${num(x)} ${num(ly - 2.5 * s)} ${num(x + 6.6 * s)} ${num(ly)}Q${num(x + 6 * s)} ${num(y + 8.5 * s)} ${num(x)} ${num(y + 8.5 * s)}Q${num(x - 6 * s)} ${num(y + 8.5 * s)} ${num(x - 6.6 * s)} ${num(ly)}Z`,
      INK,
    );
    a.line(
      `M${num(x - 7.2 * s)} ${num(ly + 0.8 * s)}Q${num(x)} ${num(ly - 3 * s)} ${num(x + 7.2 * s)} ${num(ly + 0.8 * s)}`,
      INK,
      lw(s) * 0.8,
    );
    a.circle(x + 2.2 * s, y + 4.5 * s, 1.4 * s, WHITE);
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

export function mouth(
  a: Art,
  x: number,
  y: number,
  s: number,
  st: FaceState,
  kind: MouthKind,
): void {
  if (kind === 'none') return;
  const w = lw(s) * 0.85;
  const m: Mood = st.closed ? 'calm' : st.mood;
  const f = (v: number) => num(v);
  switch (m) {
    case 'happy':
      if (kind === 'w') {
        a.ellipse(x, y + 4 * s, 3 * s, 3.6 * s, TONGUE);
        a.line(
          `M${f(x - 6 * s)} ${f(y)}Q${f(x - 3 * s)} ${f(y + 4.5 * s)} ${f(x)} ${f(y)}Q${f(x + 3 * s)} ${f(y + 4.5 * s)} ${f(x + 6 * s)} ${f(y)}`,
          MOUTH,
          w,
        );
      } else {
        a.path(`M${f(x - 7 * s)} ${f(y)}Q${f(x)} ${f(y + 12 * s)} ${f(x + 7 * s)} ${f(y)}Z`, MOUTH);
        a.ellipse(x, y + 4.2 * s, 3.4 * s, 1.8 * s, TONGUE);
      }
      return;
    case 'excited':
      a.path(
        `M${f(x - 8 * s)} ${f(y)}Q${f(x)} ${f(y + 2 * s)} ${f(x + 8 * s)} ${f(y)}Q${f(x + 7 * s)} ${f(y + 14 * s)} ${f(x)} ${f(y + 14 * s)}Q${f(x - 7 * s)} ${f(y + 14 * s)} ${f(x - 8 * s)} ${f(y)}Z`,
        MOUTH,
      );
      a.ellipse(x, y + 10 * s, 4.5 * s, 3 * s, TONGUE);
      return;
    case 'calm':
      if (kind === 'w') {
        a.line(
          `M${f(x - 5 * s)} ${f(y)}Q${f(x - 2.5 * s)} ${f(y + 3.5 * s)} ${f(x)} ${f(y)}Q${f(x + 2.5 * s)} ${f(y + 3.5 * s)} ${f(x + 5 * s)} ${f(y)}`,
          MOUTH,
          w,
        );
      } else {
        a.line(
          `M${f(x - 5.5 * s)} ${f(y + 1 * s)}Q${f(x)} ${f(y + 6 * s)} ${f(x + 5.5 * s)} ${f(y + 1 * s)}`,
          MOUTH,
          w,
        );
      }
      return;
    case 'surprised':
      a.ellipse(x, y + 4 * s, 3.4 * s, 4.4 * s, MOUTH);
      return;
    case 'sad':
      a.line(
        `M${f(x - 5 * s)} ${f(y + 5 * s)}Q${f(x)} ${f(y)} ${f(x + 5 * s)} ${f(y + 5 * s)}`,
        MOUTH,
        w,
      );
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
      a.path(
        `M${num(tx)} ${num(ty)}Q${num(tx + 3.5 * s)} ${num(ty + 6 * s)} ${num(tx)} ${num(ty + 7.5 * s)}Q${num(tx - 3.5 * s)} ${num(ty + 6 * s)} ${num(tx)} ${num(ty)}Z`,
        WATER,
      );
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
  const waves = Math.max(2, Math.round((x1 - x0) / 40));
  const step = (x1 - x0) / waves;
  let top = `M${num(x0)} ${num(y)}Q${num(x0 + step / 4)} ${num(y - 5)} ${num(x0 + step / 2)} ${num(y)}`;
  for (let i = 1; i < waves * 2; i++) top += `T${num(x0 + step / 2 + (step * i) / 2)} ${num(y)}`;
  a.grow(x0, y - 5);
  a.path(
    `${top}L${num(x1)} ${num(y + depth)}Q${num((x0 + x1) / 2)} ${num(y + depth + 6)} ${num(x0)} ${num(y + depth)}Z`,
    WATER,
    ' opacity=".8"',
  );
  a.line(top, WHITE, 2.5, ' opacity=".9"');
}

// ---------------------------------------------------------------------------
// Food next to an eating animal (x = its centre on the ground)
// ---------------------------------------------------------------------------

type Food =
  | 'bowl'
  | 'grass'
  | 'bamboo'
  | 'apple'
  | 'carrot'
  | 'banana'
  | 'seeds'
  | 'nut'
  | 'leaf'
  | 'flower'
  | 'flakes';

function food(a: Art, kind: Food, x: number, k = 1): void {
  switch (kind) {
    case 'bowl':
      a.ellipse(x, -15 * k, 15 * k, 4 * k, '#A0653A');
      a.circle(x - 6 * k, -16 * k, 3 * k, '#C98A4E')
        .circle(x + 1 * k, -17 * k, 3.2 * k, '#C98A4E')
        .circle(x + 7 * k, -15.5 * k, 3 * k, '#C98A4E');
      a.path(
        `M${num(x - 17 * k)} ${num(-15 * k)}H${num(x + 17 * k)}Q${num(x + 15 * k)} 0 ${num(x + 8 * k)} 0H${num(x - 8 * k)}Q${num(x - 15 * k)} 0 ${num(x - 17 * k)} ${num(-15 * k)}Z`,
        '#E84A4A',
      );
      a.rect(x - 12 * k, -11 * k, 24 * k, 3 * k, '#FF7B7B', 1.5 * k);
      return;
    case 'grass': {
      const g = (gx: number, h: number, lean: number, c: string) =>
        a.path(
          `M${num(gx - 3 * k)} 0Q${num(gx + lean * 0.3)} ${num(-h * 0.6)} ${num(gx + lean)} ${num(-h)}Q${num(gx + 1 * k)} ${num(-h * 0.5)} ${num(gx + 3 * k)} 0Z`,
          c,
        );
      g(x - 9 * k, 16 * k, -8 * k, '#4DB35E');
      g(x + 9 * k, 15 * k, 8 * k, '#4DB35E');
      g(x - 3 * k, 22 * k, -3 * k, '#5CC86B');
      g(x + 3 * k, 20 * k, 5 * k, '#7AD987');
      a.circle(x + 5 * k, -9 * k, 3 * k, '#FFC23D').circle(x + 5 * k, -9 * k, 1.2 * k, '#FF8A3D');
      return;
    }
    case 'bamboo':
      a.capsule(x - 4 * k, -4 * k, x + 10 * k, -56 * k, 4.5 * k, 4 * k, '#7CC46A');
      a.line(
        `M${num(x - 1.5 * k)} ${num(-17 * k)}l${num(8 * k)} ${num(1 * k)}M${num(x + 2.2 * k)} ${num(-33 * k)}l${num(8 * k)} ${num(1 * k)}`,
        '#4E9A47',
        2,
      );
      a.ellipse(x + 16 * k, -52 * k, 9 * k, 3.5 * k, '#5CC86B', -30).ellipse(
        x + 2 * k,
        -46 * k,
        9 * k,
        3.5 * k,
        '#5CC86B',
        30,
      );
      return;
    case 'apple':
      a.circle(x - 5 * k, -10 * k, 9.5 * k, '#E84A4A').circle(
        x + 5 * k,
        -10 * k,
        9.5 * k,
        '#E84A4A',
      );
      a.ellipse(x - 4 * k, -13 * k, 3 * k, 4 * k, '#FF8A8A');
      a.line(`M${num(x)} ${num(-18 * k)}L${num(x + 1 * k)} ${num(-24 * k)}`, '#7A4B2A', 2.5);
      a.ellipse(x + 6 * k, -23 * k, 5 * k, 2.5 * k, '#5CC86B', -25);
      return;
    case 'carrot':
      a.path(
        `M${num(x - 14 * k)} ${num(-9 * k)}Q${num(x - 12 * k)} ${num(-1 * k)} ${num(x - 3 * k)} ${num(-1 * k)}L${num(x + 16 * k)} ${num(-5 * k)}L${num(x - 2 * k)} ${num(-15 * k)}Q${num(x - 12 * k)} ${num(-17 * k)} ${num(x - 14 * k)} ${num(-9 * k)}Z`,
        '#FF8A3D',
      );
      a.ellipse(x - 18 * k, -14 * k, 7 * k, 2.5 * k, '#5CC86B', 30).ellipse(
        x - 19 * k,
        -8 * k,
        7 * k,
        2.5 * k,
        '#4DB35E',
        -10,
      );
      return;
    case 'banana':
      a.path(
        `M${num(x - 14 * k)} ${num(-12 * k)}Q${num(x)} ${num(2 * k)} ${num(x + 14 * k)} ${num(-14 * k)}Q${num(x)} ${num(-6 * k)} ${num(x - 14 * k)} ${num(-12 * k)}Z`,
        '#FFC23D',
      );
      a.circle(x + 14 * k, -14 * k, 1.6 * k, '#7A4B2A');
      return;
    case 'seeds':
      for (let i = 0; i < 5; i++)
        a.ellipse(x - 10 * k + i * 5 * k, -1.6 * k - (i % 2) * 2 * k, 2 * k, 1.4 * k, '#C98A4E');
      return;
    case 'nut':
      a.ellipse(x, -6 * k, 5.5 * k, 6.5 * k, '#B8733E');
      a.path(
        `M${num(x - 7 * k)} ${num(-9 * k)}Q${num(x)} ${num(-17 * k)} ${num(x + 7 * k)} ${num(-9 * k)}Z`,
        '#7A4B2A',
      );
      return;
    case 'leaf':
      a.path(
        `M${num(x - 14 * k)} ${num(-3 * k)}Q${num(x - 2 * k)} ${num(-22 * k)} ${num(x + 14 * k)} ${num(-10 * k)}Q${num(x)} ${num(6 * k)} ${num(x - 14 * k)} ${num(-3 * k)}Z`,
        '#5CC86B',
      );
      a.line(
        `M${num(x - 12 * k)} ${num(-4 * k)}Q${num(x)} ${num(-8 * k)} ${num(x + 12 * k)} ${num(-10 * k)}`,
        '#3E9B4F',
        1.5,
      );
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
      a.circle(x, -4 * k, 2 * k, '#C98A4E')
        .circle(x + 5 * k, -9 * k, 1.6 * k, '#E8A15C')
        .circle(x - 3 * k, -12 * k, 1.7 * k, '#C98A4E');
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
  headScale?: number;
  /** Head centre relative to the top of the body's front end. */
  headAt: Pt;
  neck?: { w: number; fill: string; mane?: string };
  tail: TailSpec;
  sit: 'dog' | 'lie';
  food: Food;
  /** Head offset tweak when sitting (dog style). */
  sitHead?: Pt;
  /** Eats sitting up, holding the food (pandas). */
  eatSit?: boolean;
}

function drawTail(t: TailSpec): Art {
  const a = new Art();
  if (t.kind === 'puff') {
    a.circle(0, 0, t.r0 ?? 6, typeof t.fill === 'string' ? t.fill : (t.fill[0] ?? WHITE));
  } else if (t.kind === 'curl') {
    a.line(
      'M0 0C-9 -2 -14 -12 -7 -16C-1 -19 1 -10 -6 -9',
      typeof t.fill === 'string' ? t.fill : (t.fill[0] ?? WHITE),
      3,
    );
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
  return a;
}

/** Leg from hip (x, y) at angle (degrees, + swings the foot forward) of given length. */
function leg(
  a: Art,
  x: number,
  y: number,
  ang: number,
  len: number,
  w: number,
  fill: string,
  hoof?: string,
  paw?: string,
): void {
  const t = (ang * Math.PI) / 180;
  const dx = Math.sin(t);
  const dy = Math.cos(t);
  const ex = x + dx * (len - w / 2);
  const ey = y + dy * (len - w / 2);
  a.capsule(x, y, ex, ey, w / 2, w / 2, fill);
  if (hoof) {
    a.ellipse(ex - dx * w * 0.08, ey + dy * w * 0.04, w * 0.52, w * 0.42, hoof, -ang);
  } else if (paw) {
    a.ellipse(ex + w * 0.18 * dy, ey + w * 0.1, w * 0.62, w * 0.45, paw, -ang);
  }
}

function bodyShape(
  a: Art,
  q: QuadSpec,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  rot = 0,
): void {
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

function quadHead(a: Art, q: QuadSpec, st: FaceState, x: number, y: number, rot = 0): void {
  const h = new Art();
  q.head(h, st);
  a.group(h, { x, y, rot, sx: q.headScale ?? 1 });
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
  a.group(drawTail(q.tail), { x: tailBase[0], y: tailBase[1], rot: moving ? -35 : 0 });
  if (pose !== 'swim') {
    leg(a, L * 0.35, hipY, ff, legLen, legW, lfar, q.hoof, pawFar);
    leg(a, -L * 0.22, hipY, bf, legLen, legW, lfar, q.hoof, pawFar);
  }
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
    if (q.neck.mane)
      a.capsule(
        L * 0.3,
        cy - H * 0.3,
        hx - q.neck.w * 0.35,
        hy - q.neck.w * 0.2,
        q.neck.w * 0.45,
        q.neck.w * 0.35,
        q.neck.mane,
      );
    a.capsule(L * 0.36, cy - H * 0.05, hx, hy, q.neck.w / 2, q.neck.w * 0.42, q.neck.fill);
  } else if (pose === 'eat') {
    a.capsule(L * 0.34, cy - H * 0.1, hx - q.headR * 0.2, hy, H * 0.34, q.headR * 0.5, q.fill);
  }
  quadHead(a, q, st, hx, hy, hrot);
  if (pose === 'run') speedLines(a, -L / 2 - q.headR * 0.2, cy + H * 0.2, H * 0.5);
  if (pose === 'swim')
    water(a, -L / 2 - 16, L / 2 + q.headR + 10, cy - H * 0.02, H * 0.5 + q.leg * 0.6);
  return a;
}

function quadSit(q: QuadSpec, st: FaceState): Art {
  const { L, H, legW } = q;
  const a = new Art();
  const cy = -(H * 0.5 + q.leg * 0.55);
  const lf = q.legFill ?? q.fill;
  const lfar = q.legFar ?? q.far;
  a.group(drawTail(q.tail), { x: -L * 0.32, y: -H * 0.2, rot: -62 });
  leg(a, L * 0.26, cy + H * 0.1, 0, -cy - H * 0.1, legW, lfar, undefined, lfar);
  bodyShape(a, q, -L * 0.02, cy, L * 0.36, H * 0.52, -55);
  const thigh = new Art();
  thigh.ellipse(
    0,
    0,
    L * 0.24,
    H * 0.42,
    q.legFill && q.legFill !== q.fill ? q.legFill : shade(q.fill, -0.04),
  );
  a.group(thigh, { x: -L * 0.15, y: -H * 0.42 });
  a.ellipse(L * 0.04, -legW * 0.42, legW * 0.78, legW * 0.45, lf);
  leg(a, L * 0.16, cy + H * 0.1, 0, -cy - H * 0.1, legW, lf, undefined, lf);
  const [sx, sy] = q.sitHead ?? [0, 0];
  quadHead(a, q, st, L * 0.2 + sx, cy - L * 0.3 - q.headR * 0.35 + sy);
  return a;
}

function quadLie(q: QuadSpec, st: FaceState, sleeping: boolean): Art {
  const { L, H, legW } = q;
  const a = new Art();
  const lf = q.legFill ?? q.fill;
  const cy = -H * 0.48;
  if (!(sleeping && q.tail.wrap)) {
    a.group(drawTail(q.tail), {
      x: -L * 0.45,
      y: cy + H * 0.1,
      rot: q.tail.wrap ? -70 : q.tail.kind === 'tube' ? 25 : 0,
    });
  }
  if (q.fluffy) {
    a.ellipse(L * 0.12, -legW * 0.45, legW * 0.9, legW * 0.45, q.hoof ?? lf).ellipse(
      L * 0.34,
      -legW * 0.45,
      legW * 0.9,
      legW * 0.45,
      q.hoof ?? lf,
    );
  }
  bodyShape(a, q, 0, cy, L * 0.52, H * 0.48);
  if (!q.fluffy) {
    a.capsule(-L * 0.2, -legW * 0.5, -L * 0.02, -legW * 0.45, legW * 0.5, legW * 0.45, lf);
    a.capsule(L * 0.18, -legW * 0.5, L * 0.44, -legW * 0.5, legW * 0.5, legW * 0.5, lf);
    if (q.hoof) a.circle(L * 0.44, -legW * 0.5, legW * 0.5, q.hoof);
  }
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
    quadHead(a, q, st, hx, hy, 6);
    zz(a, hx + q.headR * 0.4, hy - q.headR * 1.5, Math.max(0.8, q.headR / 35));
  } else {
    const hx = L * 0.52 + q.headAt[0];
    const hy = cy - H * 0.48 + q.headAt[1];
    if (q.neck) {
      if (q.neck.mane)
        a.capsule(
          L * 0.3,
          cy - H * 0.3,
          hx - q.neck.w * 0.35,
          hy - q.neck.w * 0.2,
          q.neck.w * 0.45,
          q.neck.w * 0.35,
          q.neck.mane,
        );
      a.capsule(L * 0.34, cy, hx, hy, q.neck.w / 2, q.neck.w * 0.42, q.neck.fill);
    }
    quadHead(a, q, st, hx, hy);
  }
  return a;
}

function quad(q: QuadSpec, pose: AnimalPose, st: FaceState): Art {
  if (pose === 'sleep') return quadLie(q, st, true);
  if (pose === 'eat' && q.eatSit) {
    const a = quadSit(q, st);
    const f = new Art();
    food(f, q.food, 0, 1.3);
    a.group(f, { x: q.L * 0.36, y: -4, rot: -25 });
    const cy = -(q.H * 0.5 + q.leg * 0.55);
    a.capsule(
      q.L * 0.1,
      cy - q.H * 0.05,
      q.L * 0.27,
      -q.H * 0.62,
      q.legW * 0.45,
      q.legW * 0.45,
      q.legFill ?? q.fill,
    );
    a.ellipse(q.L * 0.29, -q.H * 0.64, q.legW * 0.5, q.legW * 0.42, q.legFill ?? q.fill);
    return a;
  }
  if (pose === 'sit') return q.sit === 'dog' ? quadSit(q, st) : quadLie(q, st, false);
  return quadStand(q, pose, st);
}

const whiskers = (
  a: Art,
  x: number,
  y: number,
  gap: number,
  len: number,
  color = '#6D6F7B',
): void => {
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
    face(a, st, {
      x: 4,
      y: -5,
      gap: 10.5,
      s: 0.52,
      mx: 5,
      my: 7.5,
      mouth: 'w',
      cheekGap: 17,
      cheekY: 7,
    });
    a.ellipse(5, 3.5, 4.8, 3.4, INK).circle(6.4, 2.6, 1.1, WHITE);
  },
  headR: 27,
  headAt: [4, -12],
  tail: {
    kind: 'tube',
    pts: [
      [0, 0],
      [-7, -7],
      [-10, -17],
    ],
    r0: 4.5,
    r1: 3.5,
    fill: BOBO_CREAM,
    wrap: true,
  },
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
    face(a, st, {
      x: 5,
      y: -4,
      gap: 10,
      s: 0.5,
      mx: 5.5,
      my: 6.5,
      mouth: 'w',
      cheekGap: 17,
      cheekY: 6,
    });
    a.path('M2.5 2.5H8.5L5.5 6Z', '#F07A95');
    whiskers(a, 5.5, 6.5, 12, 12);
  },
  headR: 26,
  headAt: [3, -10],
  tail: {
    kind: 'tube',
    pts: [
      [0, 0],
      [-9, -4],
      [-15, -13],
      [-16, -25],
      [-11, -35],
    ],
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
    const d = [-0.62, -0.3, 0.02, 0.34]
      .map(
        (x) =>
          `M${num(x * rx - 6)} ${num(-ry)}H${num(x * rx + 6)}L${num(x * rx + 2)} ${num(-ry * 0.15)}Z`,
      )
      .join('');
    a.path(d, TIGER_STRIPE);
  },
  head: (a, st) => {
    a.circle(-27, -28, 13, TIGER_ORANGE).circle(-27, -28, 7.5, TIGER_CREAM);
    a.circle(33, -28, 13, TIGER_ORANGE).circle(33, -28, 7.5, TIGER_CREAM);
    a.ellipse(3, 0, 42, 37, TIGER_ORANGE);
    a.line('M-5 -30H11M-4 -23H10M-6 -16H12M3 -30V-16', TIGER_STRIPE, 3);
    a.path(
      'M-39 -8L-24 -4L-38 1ZM-38 8L-26 10L-36 15ZM45 -8L30 -4L44 1ZM44 8L32 10L42 15Z',
      TIGER_STRIPE,
    );
    a.ellipse(-6, 14, 13, 10.5, TIGER_CREAM)
      .ellipse(12, 14, 13, 10.5, TIGER_CREAM)
      .ellipse(3, 21, 9, 6.5, TIGER_CREAM);
    face(a, st, {
      x: 3,
      y: -5,
      gap: 16,
      s: 0.72,
      mx: 3,
      my: 14,
      mouth: 'w',
      cheekGap: 26,
      cheekY: 9,
      ms: 0.9,
    });
    a.path('M-3.5 8Q3 5 9.5 8Q6.5 13.5 3 13.5Q-0.5 13.5 -3.5 8Z', '#E0566B');
    whiskers(a, 3, 14, 17, 16, '#9F6426');
  },
  headR: 42,
  headAt: [6, -16],
  tail: {
    kind: 'tube',
    pts: [
      [0, 0],
      [-14, -2],
      [-24, -12],
      [-28, -26],
      [-24, -40],
    ],
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
    face(a, st, {
      x: 3,
      y: -3,
      gap: 15,
      s: 0.6,
      mx: 3,
      my: 17,
      mouth: 'w',
      cheekGap: 28,
      cheekY: 13,
      onDark: true,
    });
    a.ellipse(3, 12.5, 6, 4.2, INK).circle(4.6, 11.4, 1.3, WHITE);
  },
  headR: 46,
  headAt: [2, -16],
  tail: { kind: 'puff', r0: 9, fill: '#EDEBF3' },
  sit: 'dog',
  food: 'bamboo',
  sitHead: [0, 6],
  eatSit: true,
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
    a.path(
      `M${num(-rx * 0.5)} ${num(-ry)}Q${num(-rx * 0.15)} ${num(-ry * 0.6)} ${num(-rx * 0.25)} ${num(-ry * 0.1)}Q${num(-rx * 0.45)} ${num(ry * 0.2)} ${num(-rx * 0.62)} ${num(-ry * 0.2)}Q${num(-rx * 0.8)} ${num(-ry * 0.6)} ${num(-rx * 0.5)} ${num(-ry)}Z`,
      INK,
    );
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
    face(a, st, {
      x: 3,
      y: -6,
      gap: 13,
      s: 0.62,
      mx: 3,
      my: 25,
      mouth: 'smile',
      cheekGap: 26,
      cheekY: 5,
      ms: 0.8,
    });
  },
  headR: 42,
  headAt: [10, -8],
  tail: {
    kind: 'tube',
    pts: [
      [0, 0],
      [-8, 14],
      [-10, 34],
      [-9, 50],
    ],
    r0: 3,
    r1: 2.5,
    fill: WHITE,
    tuft: INK,
  },
  sit: 'lie',
  food: 'grass',
};

// Horse: brown with a dark mane and a long face.
const HORSE_BROWN = '#B5713E';
const HORSE_MANE = '#5B3A22';
const HORSE: QuadSpec = {
  L: 150,
  H: 76,
  leg: 72,
  legW: 19,
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
    face(a, st, {
      x: 2,
      y: -8,
      gap: 14,
      s: 0.6,
      mx: 2,
      my: 27,
      mouth: 'smile',
      cheekGap: 19,
      cheekY: 8,
      ms: 0.7,
    });
  },
  headR: 50,
  headScale: 1.32,
  headAt: [12, -34],
  neck: { w: 44, fill: HORSE_BROWN, mane: HORSE_MANE },
  tail: {
    kind: 'tube',
    pts: [
      [0, 0],
      [-14, 8],
      [-22, 30],
      [-20, 56],
    ],
    r0: 8,
    r1: 10,
    fill: HORSE_MANE,
  },
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
    face(a, st, {
      x: 3,
      y: -12,
      gap: 18,
      s: 0.85,
      mx: -17,
      my: 22,
      mouth: 'smile',
      cheekGap: 29,
      cheekY: 8,
      ms: 0.6,
    });
    a.tube(
      [
        [3, 6],
        [1, 32],
        [5, 54],
        [16, 66],
        [28, 60],
      ],
      12,
      6.5,
      ELE_GREY,
    );
    a.line('M-5 34h12M-4 44h12', '#8D93AB', 2);
  },
  headR: 58,
  headAt: [12, -8],
  tail: {
    kind: 'tube',
    pts: [
      [0, 0],
      [-8, 12],
      [-10, 32],
    ],
    r0: 3.5,
    r1: 2.5,
    fill: ELE_GREY,
    tuft: '#6E7490',
  },
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
    face(a, st, {
      x: 5,
      y: -9,
      gap: 14,
      s: 0.6,
      mx: 6,
      my: 21,
      mouth: 'smile',
      cheekGap: 26,
      cheekY: 8,
      ms: 0.6,
    });
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
  leg: 20,
  legW: 13,
  fill: WHITE,
  far: '#EEEDF5',
  legFill: '#5B5068',
  legFar: '#4A4158',
  hoof: '#3A3347',
  fluffy: true,
  head: (a, st) => {
    a.ellipse(-24, -4, 12, 6, '#F0CFB4', -20).ellipse(30, -4, 12, 6, '#F0CFB4', 20);
    a.ellipse(3, 0, 22, 25, '#FCE6D4');
    a.circle(-8, -24, 9, WHITE)
      .circle(3, -27, 10, WHITE)
      .circle(14, -24, 9, WHITE)
      .circle(-14, -18, 7, WHITE)
      .circle(20, -18, 7, WHITE);
    face(a, st, {
      x: 3,
      y: -2,
      gap: 9,
      s: 0.46,
      mx: 3,
      my: 13,
      mouth: 'w',
      cheekGap: 14,
      cheekY: 8,
    });
    a.path('M0 10Q3 8 6 10Q3 13 0 10Z', '#C98A7A');
  },
  headR: 32,
  headScale: 1.2,
  headAt: [-2, 8],
  tail: { kind: 'puff', r0: 10, fill: WHITE },
  sit: 'lie',
  food: 'grass',
};

// ---------------------------------------------------------------------------
// Birds: one body plan (round body, head, wing, beak, thin legs)
// ---------------------------------------------------------------------------

interface BirdSpec {
  /** Body half-height and half-length. */
  r: number;
  rx: number;
  fill: string;
  belly?: string;
  wing: string;
  beak: string;
  legs: string;
  legH: number;
  /** Head centre relative to the body centre and its radius; none: the face is on the body. */
  head?: { x: number; y: number; r: number };
  tail: 'fan' | 'duck' | 'hen' | 'none';
  tailFill: string;
  comb?: boolean;
  tuft?: boolean;
  duck?: boolean;
  eyeS: number;
  food: Food;
}

type WingMode = 'fold' | 'half' | 'up';

function birdWing(
  a: Art,
  x: number,
  y: number,
  len: number,
  w: number,
  rot: number,
  fill: string,
): void {
  const g = new Art();
  g.ellipse(0, -len / 2, w / 2, len / 2, fill);
  g.ellipse(-w * 0.18, -len * 0.2, w * 0.32, len * 0.22, shade(fill, -0.08));
  a.group(g, { x, y, rot });
}

function birdUpper(b: BirdSpec, st: FaceState, wings: WingMode): Art {
  const a = new Art();
  const { r, rx } = b;
  if (wings === 'up') birdWing(a, -r * 0.2, -r * 0.55, r * 1.5, r * 0.8, -50, shade(b.wing, -0.1));
  if (b.tail === 'fan') {
    for (const t of [-20, 0, 20])
      a.ellipse(-rx * 0.95, -r * 0.25 + t * 0.12, r * 0.55, r * 0.2, b.tailFill, -25 + t);
  } else if (b.tail === 'duck') {
    a.path(
      `M${num(-rx * 0.6)} ${num(-r * 0.5)}Q${num(-rx * 1.2)} ${num(-r * 0.6)} ${num(-rx * 1.25)} ${num(-r * 1.05)}Q${num(-rx * 0.9)} ${num(r * 0.4)} ${num(-rx * 0.5)} ${num(r * 0.3)}Z`,
      b.tailFill,
    );
  } else if (b.tail === 'hen') {
    for (const [t, c] of [
      [-40, shade(b.tailFill, -0.15)],
      [-15, b.tailFill],
      [10, shade(b.tailFill, 0.12)],
    ] as const) {
      a.ellipse(-rx * 0.82, -r * 0.55, r * 0.28, r * 0.7, c, t);
    }
  }
  if (b.head && b.duck)
    a.capsule(rx * 0.35, -r * 0.4, b.head.x, b.head.y, r * 0.42, b.head.r * 0.6, b.fill);
  if (b.head && !b.duck)
    a.capsule(rx * 0.4, -r * 0.3, b.head.x, b.head.y, r * 0.5, b.head.r * 0.7, b.fill);
  a.ellipse(0, 0, rx, r, b.fill);
  if (b.belly) {
    const m = new Art();
    m.ellipse(rx * 0.35, r * 0.55, rx * 0.75, r * 0.7, b.belly);
    a.clip(`<ellipse rx="${num(rx)}" ry="${num(r)}"/>`, m);
  }
  if (wings === 'fold') {
    a.ellipse(
      -rx * (b.head ? 0.12 : 0.3),
      r * (b.head ? 0.02 : 0.22),
      rx * (b.head ? 0.58 : 0.5),
      r * (b.head ? 0.5 : 0.42),
      b.wing,
      -12,
    );
  } else {
    birdWing(
      a,
      -rx * 0.05,
      -r * 0.1,
      r * (wings === 'up' ? 1.6 : 1.1),
      r * 0.85,
      wings === 'up' ? -30 : -70,
      b.wing,
    );
  }
  const hx = b.head?.x ?? rx * 0.28;
  const hy = b.head?.y ?? -r * 0.25;
  const hr = b.head?.r ?? r * 0.7;
  if (b.head) {
    if (b.comb)
      a.circle(hx - hr * 0.35, hy - hr * 0.85, hr * 0.3, '#E84A4A')
        .circle(hx + hr * 0.05, hy - hr * 1.0, hr * 0.34, '#E84A4A')
        .circle(hx + hr * 0.42, hy - hr * 0.85, hr * 0.28, '#E84A4A');
    a.circle(hx, hy, hr, b.fill);
  }
  if (b.tuft) {
    const ty = hy - hr * 1.25;
    a.ellipse(hx - hr * 0.22, ty + 2, hr * 0.12, hr * 0.3, b.fill, -25)
      .ellipse(hx, ty, hr * 0.12, hr * 0.32, b.fill)
      .ellipse(hx + hr * 0.22, ty + 2, hr * 0.12, hr * 0.3, b.fill, 25);
  }
  const fx = hx + hr * 0.22;
  const fy = hy - hr * 0.1;
  const s = b.eyeS;
  const gap = hr * 0.4;
  face(a, st, {
    x: fx,
    y: fy,
    gap,
    s,
    mx: fx,
    my: fy,
    mouth: 'none',
    cheekGap: hr * 0.62,
    cheekY: fy + hr * 0.35,
  });
  const open =
    !st.closed && (st.mood === 'happy' || st.mood === 'excited' || st.mood === 'surprised');
  const bx = fx + gap * 0.3;
  const by = fy + hr * 0.3;
  if (b.duck) {
    a.ellipse(
      bx + hr * 0.5,
      by - (open ? hr * 0.08 : 0),
      hr * 0.62,
      hr * 0.2,
      b.beak,
      open ? -8 : 0,
    );
    a.ellipse(
      bx + hr * 0.45,
      by + (open ? hr * 0.2 : hr * 0.1),
      hr * 0.55,
      hr * 0.16,
      shade(b.beak, -0.1),
      open ? 10 : 0,
    );
  } else {
    const L = hr * 0.7;
    const h = hr * 0.22;
    if (open) {
      a.path(
        `M${num(bx - h)} ${num(by - h * 1.3)}L${num(bx + L)} ${num(by - h * 0.3)}L${num(bx - h * 0.2)} ${num(by)}Z`,
        b.beak,
      );
      a.path(
        `M${num(bx - h)} ${num(by + h * 0.2)}L${num(bx + L * 0.8)} ${num(by + h * 1.4)}L${num(bx - h * 0.2)} ${num(by + h * 1.5)}Z`,
        shade(b.beak, -0.12),
      );
    } else {
      a.path(
        `M${num(bx - h)} ${num(by - h * 1.1)}Q${num(bx + L * 0.5)} ${num(by - h * 0.9)} ${num(bx + L)} ${num(by + h * 0.2)}Q${num(bx + L * 0.4)} ${num(by + h * 1.3)} ${num(bx - h)} ${num(by + h * 1.1)}Z`,
        b.beak,
      );
    }
  }
  if (b.comb) a.ellipse(bx + hr * 0.2, by + hr * 0.5, hr * 0.14, hr * 0.25, '#E84A4A');
  return a;
}

function birdLegs(a: Art, b: BirdSpec, y: number, spread: number): void {
  for (const [x, ang] of [
    [-b.rx * 0.22, -spread],
    [b.rx * 0.18, spread],
  ] as const) {
    const t = (ang * Math.PI) / 180;
    const fx = x + Math.sin(t) * -y;
    if (b.duck) {
      a.line(`M${num(x)} ${num(y)}L${num(fx)} -2`, b.legs, 3);
      a.path(
        `M${num(fx - 3)} -3L${num(fx + b.r * 0.55)} -4L${num(fx + b.r * 0.45)} 0H${num(fx - 3)}Z`,
        b.legs,
      );
    } else {
      const toe = b.r * 0.3;
      a.line(
        `M${num(x)} ${num(y)}L${num(fx)} -1M${num(fx - toe * 0.5)} -0.5H${num(fx + toe)}M${num(fx)} -1L${num(fx + toe * 0.7)} ${num(-toe * 0.5)}`,
        b.legs,
        2.4,
      );
    }
  }
}

function bird(b: BirdSpec, pose: AnimalPose, st: FaceState): Art {
  const a = new Art();
  const { r } = b;
  switch (pose) {
    case 'fly': {
      a.group(birdUpper(b, st, 'up'), { rot: -8 });
      return a;
    }
    case 'swim': {
      a.group(birdUpper(b, st, 'fold'), { y: -r * 0.35 });
      water(a, -b.rx * 1.5, b.rx * 1.5, r * 0.15, r * 0.7);
      return a;
    }
    case 'sit':
    case 'sleep': {
      a.group(birdUpper(b, st, 'fold'), { y: -r * 0.95 });
      if (pose === 'sleep') {
        const hr = b.head?.r ?? r * 0.7;
        zz(
          a,
          (b.head?.x ?? r * 0.3) + hr * 0.9,
          -r * 0.95 + (b.head?.y ?? -r * 0.25) - hr * 1.9,
          Math.max(0.6, r / 25),
        );
      }
      return a;
    }
    case 'run': {
      birdLegs(a, b, -b.legH - r * 0.2, 30);
      a.group(birdUpper(b, st, 'half'), { y: -b.legH - r * 0.95, rot: 8 });
      speedLines(a, -b.rx * 1.2, -b.legH - r, r * 0.8);
      return a;
    }
    case 'eat': {
      birdLegs(a, b, -b.legH - r * 0.2, 0);
      a.group(birdUpper(b, st, 'fold'), { y: -b.legH - r * 0.9, rot: 32 });
      food(a, b.food, b.rx * 1.1, Math.max(0.6, r / 22));
      return a;
    }
    default: {
      birdLegs(a, b, -b.legH - r * 0.2, 0);
      a.group(birdUpper(b, st, 'fold'), { y: -b.legH - r * 0.95 });
      return a;
    }
  }
}

const BIRD: BirdSpec = {
  r: 14,
  rx: 16,
  fill: '#4FA3E0',
  belly: '#FFE08A',
  wing: '#3B86C6',
  beak: '#FF9F3D',
  legs: '#E8833A',
  legH: 7,
  head: { x: 11, y: -11, r: 11 },
  tail: 'fan',
  tailFill: '#3579B3',
  eyeS: 0.3,
  food: 'seeds',
};

const DUCK: BirdSpec = {
  r: 22,
  rx: 30,
  fill: WHITE,
  wing: '#E4E1F0',
  beak: '#FF9F3D',
  legs: '#FF9F3D',
  legH: 9,
  head: { x: 22, y: -26, r: 16 },
  tail: 'duck',
  tailFill: WHITE,
  duck: true,
  eyeS: 0.4,
  food: 'seeds',
};

const CHICK: BirdSpec = {
  r: 16,
  rx: 16,
  fill: '#FFD84D',
  wing: '#FFC23D',
  beak: '#FF9F3D',
  legs: '#FF9F3D',
  legH: 6,
  tail: 'none',
  tailFill: '#FFC23D',
  tuft: true,
  eyeS: 0.34,
  food: 'seeds',
};

const HEN: BirdSpec = {
  r: 25,
  rx: 29,
  fill: '#C27A43',
  belly: '#E5A56A',
  wing: '#A8622F',
  beak: '#FFC23D',
  legs: '#FFB13D',
  legH: 13,
  head: { x: 22, y: -25, r: 15 },
  tail: 'hen',
  tailFill: '#8A4F2A',
  comb: true,
  eyeS: 0.42,
  food: 'seeds',
};

// ---------------------------------------------------------------------------
// Rabbit, squirrel, monkey: upright little creatures
// ---------------------------------------------------------------------------

const R_WHITE = WHITE;
const R_SHADE = '#ECEAF5';
const R_PINK = '#F7B6C6';

function rabbitHead(st: FaceState, ears: 'up' | 'back' | 'flop'): Art {
  const a = new Art();
  if (ears === 'up') {
    a.ellipse(-6, -30, 7.5, 21, R_WHITE, -10).ellipse(-6, -29, 3.8, 15, R_PINK, -10);
    a.ellipse(10, -31, 7.5, 21, R_WHITE, 12).ellipse(10, -30, 3.8, 15, R_PINK, 12);
  } else if (ears === 'back') {
    a.ellipse(-22, -12, 7, 20, R_WHITE, -68).ellipse(-22, -12, 3.4, 14, R_PINK, -68);
    a.ellipse(-16, -18, 7, 20, R_SHADE, -55);
  } else {
    a.ellipse(-6, -30, 7.5, 21, R_WHITE, -10).ellipse(-6, -29, 3.8, 15, R_PINK, -10);
    a.ellipse(20, -14, 7, 19, R_WHITE, 60).ellipse(20, -14, 3.4, 13, R_PINK, 60);
  }
  a.ellipse(2, 0, 21, 18, R_WHITE);
  face(a, st, {
    x: 4,
    y: -3,
    gap: 8.5,
    s: 0.46,
    mx: 4,
    my: 6.5,
    mouth: 'w',
    cheekGap: 13,
    cheekY: 5,
  });
  a.path('M1.5 2.5H6.5L4 5.5Z', '#F07A95');
  whiskers(a, 4, 6, 9, 9, '#A7A5B8');
  return a;
}

function rabbit(pose: AnimalPose, st: FaceState): Art {
  const a = new Art();
  if (pose === 'stand') {
    a.circle(-25, -14, 8, R_SHADE);
    a.ellipse(10, -5, 11, 4.5, R_SHADE);
    a.ellipse(-4, -24, 23, 24, R_WHITE);
    a.ellipse(-10, -14, 14, 13, '#F5F4FA');
    a.ellipse(3, -5, 13, 5.5, R_WHITE);
    a.ellipse(12, -26, 5, 7, R_SHADE).ellipse(15, -27, 5, 7, R_WHITE);
    a.group(rabbitHead(st, 'up'), { x: 8, y: -52 });
    return a;
  }
  if (pose === 'run' || pose === 'fly') {
    a.ellipse(-28, -12, 14, 5, R_SHADE, 20);
    a.circle(-24, -30, 7, R_SHADE);
    a.ellipse(-4, -24, 25, 16, R_WHITE, -12);
    a.ellipse(-14, -18, 12, 11, '#F5F4FA');
    a.ellipse(-30, -8, 14, 5, R_WHITE, 25);
    a.ellipse(22, -14, 10, 4, R_WHITE, -35);
    a.group(rabbitHead(st, 'back'), { x: 22, y: -38 });
    if (pose === 'run') speedLines(a, -36, -30, 14);
    return a;
  }
  // Crouched loaf: sit, sleep, eat, swim.
  a.circle(-28, -16, 7.5, R_SHADE);
  a.ellipse(-2, -17, 28, 17, R_WHITE);
  a.ellipse(-12, -12, 13, 11, '#F5F4FA');
  a.ellipse(-10, -4, 12, 4.5, R_WHITE);
  a.ellipse(17, -4, 7, 4, R_WHITE);
  const sleeping = pose === 'sleep';
  const hy = sleeping ? -22 : pose === 'eat' ? -24 : -32;
  a.group(rabbitHead(st, sleeping ? 'back' : pose === 'eat' ? 'flop' : 'up'), {
    x: 22,
    y: hy,
    rot: pose === 'eat' ? 10 : 0,
  });
  if (sleeping) zz(a, 30, -52, 0.7);
  if (pose === 'eat') food(a, 'carrot', 54, 0.8);
  if (pose === 'swim') water(a, -34, 46, -12, 14);
  return a;
}

const SQ_FUR = '#D2692E';
const SQ_DARK = '#A84E1E';
const SQ_TAIL = '#E07B3A';
const SQ_BELLY = '#FBE3C4';

function squirrelHead(st: FaceState): Art {
  const a = new Art();
  a.path('M-12 -6L-11 -22L-2 -12Z', SQ_FUR).path('M-11 -21L-10 -26L-7 -19Z', SQ_DARK);
  a.path('M6 -12L14 -22L16 -6Z', SQ_FUR).path('M13 -21L15 -26L15.5 -18Z', SQ_DARK);
  a.ellipse(2, 0, 16, 14, SQ_FUR);
  a.ellipse(7, 5, 8.5, 6.5, SQ_BELLY);
  face(a, st, {
    x: 5,
    y: -3,
    gap: 6.5,
    s: 0.38,
    mx: 7,
    my: 6,
    mouth: 'w',
    cheekGap: 10,
    cheekY: 3,
  });
  a.ellipse(7, 3, 2.4, 1.7, INK);
  return a;
}

function squirrelTail(a: Art, pts: readonly Pt[]): void {
  a.tube(pts, 10, 13, SQ_TAIL);
  a.tube(pts.slice(1), 4, 6, '#F29A5A');
}

function squirrel(pose: AnimalPose, st: FaceState): Art {
  const a = new Art();
  if (pose === 'run' || pose === 'fly') {
    squirrelTail(a, [
      [-18, -22],
      [-34, -30],
      [-42, -44],
      [-36, -56],
    ]);
    leg(a, -12, -16, -40, 17, 8, SQ_DARK);
    a.ellipse(-2, -20, 20, 12, SQ_FUR, -8);
    a.ellipse(2, -15, 12, 6, SQ_BELLY, -8);
    leg(a, 10, -18, 45, 15, 7, SQ_FUR);
    a.group(squirrelHead(st), { x: 20, y: -32 });
    if (pose === 'run') speedLines(a, -44, -18, 12);
    return a;
  }
  if (pose === 'sleep') {
    a.ellipse(0, -14, 20, 14, SQ_FUR);
    a.group(squirrelHead(st), { x: 14, y: -14, rot: 8 });
    squirrelTail(a, [
      [-18, -10],
      [-24, -26],
      [-10, -36],
      [8, -34],
    ]);
    zz(a, 22, -50, 0.6);
    return a;
  }
  squirrelTail(a, [
    [-10, -8],
    [-26, -16],
    [-32, -36],
    [-25, -55],
    [-11, -60],
    [-4, -52],
  ]);
  a.ellipse(5, -4, 11, 4.5, SQ_DARK);
  a.ellipse(0, -22, 15, 20, SQ_FUR);
  a.ellipse(4, -21, 9, 14, SQ_BELLY);
  a.ellipse(-6, -11, 10, 10, SQ_FUR);
  const eating = pose === 'eat';
  a.group(squirrelHead(st), { x: 4, y: -48 });
  if (eating) {
    const n = new Art();
    food(n, 'nut', 0, 0.9);
    a.group(n, { x: 14, y: -32 });
  }
  a.capsule(4, -32, 12, eating ? -36 : -28, 3.2, 3.2, SQ_FUR).circle(
    13,
    eating ? -36 : -28,
    3.6,
    SQ_DARK,
  );
  if (pose === 'swim') water(a, -36, 26, -16, 16);
  return a;
}

const MK_FUR = '#8B5A3C';
const MK_DARK = '#6E4429';
const MK_FACE = '#F3C9A0';

function monkeyHead(st: FaceState): Art {
  const a = new Art();
  a.circle(-24, 0, 10, MK_FUR).circle(-24, 0, 6, MK_FACE);
  a.circle(28, 0, 10, MK_FUR).circle(28, 0, 6, MK_FACE);
  a.circle(2, -2, 25, MK_FUR);
  a.ellipse(-5, -3, 10, 11.5, MK_FACE)
    .ellipse(9, -3, 10, 11.5, MK_FACE)
    .ellipse(2, 8, 17, 11, MK_FACE);
  a.path('M-2 -26Q2 -34 6 -26', MK_DARK);
  face(a, st, {
    x: 2,
    y: -4,
    gap: 7.5,
    s: 0.5,
    mx: 2,
    my: 10,
    mouth: 'smile',
    cheekGap: 13,
    cheekY: 5,
    ms: 0.75,
  });
  a.circle(0, 4.5, 1.2, MK_DARK).circle(4, 4.5, 1.2, MK_DARK);
  return a;
}

function monkey(pose: AnimalPose, st: FaceState): Art {
  const a = new Art();
  const hand = (x: number, y: number) => a.circle(x, y, 4.5, MK_FACE);
  if (pose === 'sit' || pose === 'eat' || pose === 'sleep' || pose === 'swim') {
    a.tube(
      [
        [-14, -8],
        [-30, -6],
        [-38, -18],
        [-32, -28],
        [-26, -22],
      ],
      3.5,
      3,
      MK_FUR,
    );
    a.ellipse(0, -28, 19, 23, MK_FUR);
    a.ellipse(3, -26, 11, 15, MK_FACE);
    a.capsule(-6, -8, 16, -6, 7, 6, MK_FUR).ellipse(20, -6, 5, 6.5, MK_FACE);
    const sleeping = pose === 'sleep';
    a.group(monkeyHead(st), { x: 3, y: sleeping ? -58 : -64, rot: sleeping ? 12 : 0 });
    if (pose === 'eat') {
      const b = new Art();
      food(b, 'banana', 0, 0.9);
      a.group(b, { x: 16, y: -42, rot: -60 });
      a.capsule(12, -40, 17, -44, 4, 4, MK_FUR);
      hand(17, -44);
    } else {
      a.capsule(12, -42, 18, -24, 4, 4, MK_FUR);
      hand(19, -22);
    }
    if (sleeping) zz(a, 20, -100, 0.8);
    if (pose === 'swim') water(a, -40, 40, -22, 22);
    return a;
  }
  const run = pose === 'run';
  const jump = pose === 'fly';
  a.tube(
    [
      [-12, -36],
      [-30, -36],
      [-38, -50],
      [-32, -62],
      [-25, -56],
    ],
    3.5,
    3,
    MK_FUR,
  );
  // Far limbs.
  leg(a, 6, -32, run ? -35 : jump ? -20 : 0, 32, 9, MK_DARK);
  a.capsule(8, -54, jump ? 24 : run ? 26 : 16, jump ? -78 : run ? -44 : -34, 4, 4, MK_DARK);
  a.ellipse(0, -48, 17, 21, MK_FUR);
  a.ellipse(3, -46, 10, 14, MK_FACE);
  leg(a, -6, -32, run ? 35 : jump ? 25 : 0, 32, 9, MK_FUR);
  a.ellipse(run ? 12 : jump ? 2 : -4, -4, 8, 4.5, MK_FACE);
  const hx = jump ? -22 : run ? -26 : -18;
  const hy = jump ? -80 : run ? -42 : -32;
  a.capsule(-8, -56, hx, hy, 4, 4, MK_FUR);
  hand(hx, hy);
  a.group(monkeyHead(st), { x: 2, y: -84 });
  if (run) speedLines(a, -34, -50, 14);
  return a;
}

// ---------------------------------------------------------------------------
// Fish, frog, butterfly, bee, snail
// ---------------------------------------------------------------------------

const FISH_O = '#FF8A3D';
const FISH_LIGHT = '#FFB36B';

function fish(pose: AnimalPose, st: FaceState): Art {
  const body = new Art();
  const bend = pose === 'run' ? 14 : 0;
  const tail = new Art();
  tail.path('M0 0L-17 -15Q-12 0 -17 15Z', FISH_LIGHT).path('M0 0L-14 -9Q-10 0 -14 9Z', FISH_O);
  body.group(tail, { x: -20, y: 0, rot: bend });
  body.path('M-8 -16Q2 -28 12 -17Z', FISH_LIGHT);
  body.path('M-4 15Q2 24 8 15Z', FISH_LIGHT);
  body.ellipse(2, 0, 26, 17, FISH_O);
  const m = new Art();
  m.ellipse(4, 11, 22, 8, '#FFD0A0');
  m.line('M-8 -14Q-3 -6 -8 2M-2 -15Q3 -7 -2 1', '#F07020', 2, ' opacity=".5"');
  body.clip('<ellipse cx="2" cy="0" rx="26" ry="17"/>', m);
  body.ellipse(-4, 4, 6, 3.5, FISH_LIGHT, -30);
  const look = eyeLook(st);
  eye(body, 13, -4, 0.62, look);
  if (!st.closed && st.mood === 'sad') body.line('M9 -12L16 -14', INK, 1.6);
  if (!st.closed && st.mood === 'surprised') body.line('M9 -13Q13 -16 17 -13', INK, 1.6);
  body.ellipse(10, 5, 4, 2.5, CHEEK, 0, ' opacity=".55"');
  mouth(body, 22, 2, 0.45, st, 'smile');
  const a = new Art();
  a.group(body, { rot: pose === 'fly' ? -20 : 0 });
  if (pose === 'sleep') zz(a, 18, -24, 0.7);
  if (pose === 'swim' || pose === 'eat') {
    a.circle(34, -14, 3.2, '#BFE9FB')
      .circle(39, -22, 2.2, '#BFE9FB')
      .circle(34, -28, 1.6, '#BFE9FB');
  }
  if (pose === 'eat') food(a, 'flakes', 36, 0.8);
  if (pose === 'run') speedLines(a, -40, 0, 16);
  if (pose === 'fly') {
    a.circle(-30, 20, 2.5, WATER).circle(-38, 12, 2, WATER).circle(-26, 10, 1.8, WATER);
  }
  return a;
}

const FROG = '#6CC551';
const FROG_DARK = '#52A83E';
const FROG_BELLY = '#D8F2B0';

function frogHead(st: FaceState): Art {
  const a = new Art();
  a.circle(-10, -11, 9.5, FROG).circle(12, -11, 9.5, FROG);
  a.ellipse(1, 0, 24, 14, FROG);
  a.circle(-10, -11, 7, WHITE).circle(12, -11, 7, WHITE);
  face(a, st, {
    x: 1,
    y: -11,
    gap: 11,
    s: 0.55,
    mx: 1,
    my: 3,
    mouth: 'smile',
    cheekGap: 16,
    cheekY: 3,
    ms: 0.9,
  });
  a.circle(-2, -2, 1, FROG_DARK).circle(4, -2, 1, FROG_DARK);
  return a;
}

function frog(pose: AnimalPose, st: FaceState): Art {
  const a = new Art();
  if (pose === 'run' || pose === 'fly' || pose === 'swim') {
    const swim = pose === 'swim';
    a.capsule(-10, -14, -30, swim ? -26 : -6, 5, 4, FROG_DARK).ellipse(
      -34,
      swim ? -28 : -5,
      7,
      3.5,
      FROG_DARK,
      swim ? 40 : -20,
    );
    a.ellipse(0, -16, 18, 12, FROG, -15);
    a.ellipse(4, -12, 10, 7, FROG_BELLY, -15);
    a.capsule(-12, -12, -32, swim ? -2 : 4, 5, 4, FROG).ellipse(
      -36,
      swim ? 0 : 5,
      7,
      3.5,
      FROG,
      swim ? -30 : 10,
    );
    a.capsule(10, -14, 24, swim ? -4 : -2, 3.5, 3, FROG).ellipse(27, swim ? -3 : -1, 4.5, 3, FROG);
    a.group(frogHead(st), { x: 16, y: -30, rot: -10 });
    if (swim) water(a, -46, 46, -14, 20);
    return a;
  }
  a.ellipse(-16, -5, 10, 4, FROG_DARK);
  a.ellipse(0, -16, 20, 16, FROG);
  a.ellipse(4, -13, 12, 11, FROG_BELLY);
  a.ellipse(-12, -10, 12, 9, FROG_DARK);
  a.ellipse(-4, -3, 11, 4, FROG);
  a.capsule(10, -16, 12, -3, 3.5, 3, FROG).ellipse(14, -2.5, 5.5, 3, FROG);
  a.group(frogHead(st), { x: 4, y: -36, rot: pose === 'sleep' ? 5 : 0 });
  if (pose === 'sleep') zz(a, 22, -62, 0.7);
  if (pose === 'eat') {
    a.line('M8 -33Q24 -38 36 -48', '#F07A95', 3);
    a.ellipse(39, -51, 3.5, 2.5, INK)
      .ellipse(37, -55, 3.5, 2.2, '#D8EEFF', -30)
      .ellipse(42, -55, 3.5, 2.2, '#D8EEFF', 30);
  }
  return a;
}

const BF_WING = '#FF8FC8';
const BF_LOW = '#A98BFF';
const BF_SPOT = '#FFE27A';

function butterfly(pose: AnimalPose, st: FaceState): Art {
  const a = new Art();
  const head = (x: number, y: number) => {
    a.line(
      `M${x - 1} ${y - 5}Q${x - 2} ${y - 14} ${x - 6} ${y - 16}M${x + 2} ${y - 5}Q${x + 4} ${y - 14} ${x + 9} ${y - 15}`,
      INK,
      1.6,
    );
    a.circle(x - 6, y - 16, 1.8, INK).circle(x + 9, y - 15, 1.8, INK);
    a.circle(x, y, 7.5, '#5B4E7A');
    face(a, st, {
      x: x + 0.5,
      y: y - 0.5,
      gap: 3.2,
      s: 0.22,
      mx: x + 0.5,
      my: y + 2.5,
      mouth: 'smile',
      cheekGap: 5,
      cheekY: y + 2.5,
      ms: 1,
    });
  };
  if (pose === 'fly' || pose === 'run' || pose === 'swim') {
    const w = new Art();
    w.ellipse(-12, -9, 13, 11, BF_WING, -30).ellipse(12, -9, 13, 11, BF_WING, 30);
    w.ellipse(-9, 8, 8.5, 7.5, BF_LOW, 30).ellipse(9, 8, 8.5, 7.5, BF_LOW, -30);
    w.circle(-14, -11, 4, BF_SPOT)
      .circle(14, -11, 4, BF_SPOT)
      .circle(-9, 9, 2.4, WHITE)
      .circle(9, 9, 2.4, WHITE);
    w.capsule(0, -8, 0, 14, 3, 2.5, '#5B4E7A');
    const g = new Art();
    g.group(w);
    const hx = 0;
    const hy = -14;
    a.group(g, { rot: 25 });
    const t = (25 * Math.PI) / 180;
    head(hx * Math.cos(t) - hy * Math.sin(t), hx * Math.sin(t) + hy * Math.cos(t));
    return a;
  }
  // Resting with wings folded up (side view), on a little flower.
  a.line('M0 0V-10', '#4DB35E', 2.5);
  a.ellipse(-5, -10, 7, 3, '#5CC86B', 20);
  a.ellipse(0, -12, 11, 3.5, '#F2609E');
  a.ellipse(-4, -30, 10, 15, BF_LOW, -25);
  a.ellipse(2, -36, 12, 20, BF_WING, 15).circle(5, -42, 4.5, BF_SPOT).circle(0, -30, 2.5, WHITE);
  a.capsule(-10, -16, 8, -18, 3.2, 3.2, '#5B4E7A');
  head(13, -20);
  if (pose === 'sleep') zz(a, 18, -50, 0.6);
  return a;
}

function bee(pose: AnimalPose, st: FaceState): Art {
  const a = new Art();
  const flying = pose === 'fly' || pose === 'run' || pose === 'swim';
  const wings = (rot: number) => {
    a.ellipse(-4, -14, 6, 10, '#D8F0FF', rot - 20, ' opacity=".9"').ellipse(
      3,
      -15,
      6.5,
      11,
      '#EAF7FF',
      rot + 15,
      ' opacity=".95"',
    );
  };
  if (flying) a.line('M-34 -2Q-26 -10 -18 -2', '#C9C6DD', 2, ' stroke-dasharray="3 4"');
  a.path('M-17 0L-23 2L-17 4Z', INK);
  a.ellipse(0, 2, 17, 13, '#FFC23D');
  const m = new Art();
  m.rect(-9, -12, 5, 28, INK).rect(1, -12, 5, 28, INK);
  a.clip('<ellipse cx="0" cy="2" rx="17" ry="13"/>', m);
  wings(flying ? -15 : 10);
  a.line('M13 -8Q14 -16 10 -19M17 -7Q20 -15 18 -19', INK, 1.5);
  a.circle(10, -19, 1.6, INK).circle(18, -19, 1.6, INK);
  a.circle(14, 1, 9, '#FFD84D');
  face(a, st, {
    x: 15,
    y: 0,
    gap: 3.8,
    s: 0.26,
    mx: 15.5,
    my: 3,
    mouth: 'smile',
    cheekGap: 5.5,
    cheekY: 3.5,
    ms: 1,
  });
  if (!flying) {
    a.line('M-6 14L-8 19M2 14L1 19', INK, 1.6);
    if (pose === 'eat') {
      const f = new Art();
      food(f, 'flower', 0, 1);
      a.group(f, { x: 4, y: 44 });
    }
  }
  if (pose === 'sleep') zz(a, 18, -26, 0.6);
  return a;
}

const SN_BODY = '#F3D9A6';
const SN_SHELL = '#E58A4E';

function snail(pose: AnimalPose, st: FaceState): Art {
  const a = new Art();
  const hidden = pose === 'sleep';
  if (!hidden) {
    a.path(
      'M-22 0Q-24 -8 -12 -8H12Q18 -8 18 -16V-20Q18 -26 24 -26Q30 -26 30 -20V-6Q30 0 22 0Z',
      SN_BODY,
    );
    a.line('M20 -24L16 -38M27 -24L30 -38', SN_BODY, 3);
    eye(a, 16, -39, 0.33, eyeLook(st));
    eye(a, 30, -39, 0.33, eyeLook(st));
    a.ellipse(27, -14, 3, 2, CHEEK, 0, ' opacity=".6"');
    mouth(a, 24, -13, 0.35, st, 'smile');
  } else {
    a.ellipse(-2, -3, 22, 4, SN_BODY);
  }
  a.circle(-4, -20, 17, SN_SHELL);
  a.line(
    'M-4 -20m0 0a3 3 0 1 1 3 3a7 7 0 0 1 -9 -8a11 11 0 0 1 15 -6a13 13 0 0 1 2 18',
    '#B8612E',
    2.5,
  );
  if (pose === 'run') speedLines(a, -24, -14, 12);
  if (pose === 'eat') food(a, 'leaf', 46, 0.8);
  if (hidden) zz(a, 10, -44, 0.6);
  return a;
}

// ---------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------

type Painter = (pose: AnimalPose, st: FaceState) => Art;

const PAINTERS: Record<AnimalId, Painter> = {
  bobo: (p, st) => quad(BOBO, p, st),
  mimi: (p, st) => quad(MIMI, p, st),
  tiger: (p, st) => quad(TIGER, p, st),
  panda: (p, st) => quad(PANDA, p, st),
  cow: (p, st) => quad(COW, p, st),
  horse: (p, st) => quad(HORSE, p, st),
  elephant: (p, st) => quad(ELEPHANT, p, st),
  pig: (p, st) => quad(PIG, p, st),
  sheep: (p, st) => quad(SHEEP, p, st),
  bird: (p, st) => bird(BIRD, p, st),
  duck: (p, st) => bird(DUCK, p, st),
  chick: (p, st) => bird(CHICK, p, st),
  hen: (p, st) => bird(HEN, p, st),
  rabbit,
  squirrel,
  monkey,
  fish,
  frog,
  butterfly,
  bee,
  snail,
};

/**
 * Draws one animal facing right. Anchor: bottom centre (feet on y = 0); for `fly` and
 * `swim` the centre of the figure. Poses an animal can't do fall back to a near one (a dog
 * "flies" by leaping, a cow "swims" paddling in a band of water, a fish always swims).
 */
export function drawAnimal(
  id: AnimalId,
  options: { pose?: AnimalPose; mood?: Mood } = {},
): Drawing {
  const pose = options.pose ?? 'stand';
  const mood = options.mood ?? 'happy';
  const st: FaceState = { mood, closed: pose === 'sleep' };
  const painter = PAINTERS[id];
  if (!painter) throw new Error(`unknown animal: ${String(id)}`);
  const art = painter(pose, st);
  return finish(art, pose === 'fly' || pose === 'swim' ? 'centre' : 'bottom');
}
