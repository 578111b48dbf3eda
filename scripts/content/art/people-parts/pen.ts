/**
 * A tiny SVG "pen" for the people rig: collects markup, keeps a transform stack so that the
 * bounding box of everything drawn is known in the figure's own (outer) coordinates.
 */

/** Affine matrix [a b c d e f] as in SVG `matrix()`. */
export type Mat = readonly [number, number, number, number, number, number];
export interface Pt {
  x: number;
  y: number;
}

const IDENTITY: Mat = [1, 0, 0, 1, 0, 0];

/** Compact number: one decimal, no trailing zero, no "-0". */
export function n(v: number): string {
  const r = Math.round(v * 10) / 10;
  return String(r === 0 ? 0 : r);
}

export function mul(m: Mat, k: Mat): Mat {
  return [
    m[0] * k[0] + m[2] * k[1],
    m[1] * k[0] + m[3] * k[1],
    m[0] * k[2] + m[2] * k[3],
    m[1] * k[2] + m[3] * k[3],
    m[0] * k[4] + m[2] * k[5] + m[4],
    m[1] * k[4] + m[3] * k[5] + m[5],
  ];
}

export function rotation(deg: number, cx = 0, cy = 0): Mat {
  const r = (deg * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  return [c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy];
}

export function apply(m: Mat, p: Pt): Pt {
  return { x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5] };
}

/** Unit direction for a limb angle: 0 = straight down, 90 = forward (+x), 180 = up, -90 = back. */
export function dir(deg: number): Pt {
  const r = (deg * Math.PI) / 180;
  return { x: Math.sin(r), y: Math.cos(r) };
}

export function along(p: Pt, deg: number, len: number): Pt {
  const d = dir(deg);
  return { x: p.x + d.x * len, y: p.y + d.y * len };
}

export function lerp(a: Pt, b: Pt, t: number): Pt {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** Limb angle (0 = down, 90 = forward) of the direction from a to b. */
export function angleOf(a: Pt, b: Pt): number {
  return (Math.atan2(b.x - a.x, b.y - a.y) * 180) / Math.PI;
}

export class Pen {
  private readonly parts: string[] = [];
  private readonly stack: Mat[] = [IDENTITY];
  minX = Number.POSITIVE_INFINITY;
  minY = Number.POSITIVE_INFINITY;
  maxX = Number.NEGATIVE_INFINITY;
  maxY = Number.NEGATIVE_INFINITY;

  private get m(): Mat {
    return this.stack[this.stack.length - 1] ?? IDENTITY;
  }

  /** Map a point from the current (local) frame to the outer frame. */
  map(p: Pt): Pt {
    return apply(this.m, p);
  }

  /** Open a `<g transform>`; `m` must be the matrix that `transform` denotes. */
  open(transform: string, m: Mat): void {
    this.parts.push(`<g transform="${transform}">`);
    this.stack.push(mul(this.m, m));
  }

  close(): void {
    this.parts.push('</g>');
    this.stack.pop();
  }

  /** Grow the bounding box by a disc of radius r at a local point. */
  ext(x: number, y: number, r0 = 0): void {
    const m = this.m;
    const r = r0 * Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
    const p = this.map({ x, y });
    if (p.x - r < this.minX) this.minX = p.x - r;
    if (p.y - r < this.minY) this.minY = p.y - r;
    if (p.x + r > this.maxX) this.maxX = p.x + r;
    if (p.y + r > this.maxY) this.maxY = p.y + r;
  }

  raw(svg: string): void {
    this.parts.push(svg);
  }

  circle(c: Pt, r: number, fill: string, extra = ''): void {
    this.ext(c.x, c.y, r);
    this.parts.push(`<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(r)}" fill="${fill}"${extra}/>`);
  }

  ellipse(c: Pt, rx: number, ry: number, fill: string, rot = 0, extra = ''): void {
    const t = (rot * Math.PI) / 180;
    for (let i = 0; i < 24; i++) {
      const a = (i * Math.PI) / 12;
      const ex = Math.cos(a) * rx;
      const ey = Math.sin(a) * ry;
      this.ext(
        c.x + ex * Math.cos(t) - ey * Math.sin(t),
        c.y + ex * Math.sin(t) + ey * Math.cos(t),
      );
    }
    const tr = rot ? ` transform="rotate(${n(rot)} ${n(c.x)} ${n(c.y)})"` : '';
    this.parts.push(
      `<ellipse cx="${n(c.x)}" cy="${n(c.y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${tr}${extra}/>`,
    );
  }

  /** A filled path; `pts` are points (local) that bound it, for the bounding box. */
  path(d: string, fill: string, pts: readonly Pt[] = [], extra = ''): void {
    for (const p of pts.length ? pts : absolutePoints(d)) this.ext(p.x, p.y);
    this.parts.push(`<path d="${d}" fill="${fill}"${extra}/>`);
  }

  /** A thin stroked line/curve (details only: ≤ 3 units). */
  stroke(d: string, color: string, width: number, pts: readonly Pt[] = [], extra = ''): void {
    for (const p of pts) this.ext(p.x, p.y, width / 2);
    this.parts.push(
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(Math.min(width, 3))}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`,
    );
  }

  /** A round-ended bar from a to b (a limb segment, a sleeve …). */
  capsule(a: Pt, b: Pt, r: number, fill: string): void {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy);
    if (len < 0.5) {
      this.circle(a, r, fill);
      return;
    }
    const nx = (-dy / len) * r;
    const ny = (dx / len) * r;
    this.ext(a.x, a.y, r);
    this.ext(b.x, b.y, r);
    const R = n(r);
    this.parts.push(
      `<path d="M${n(a.x + nx)} ${n(a.y + ny)}L${n(b.x + nx)} ${n(b.y + ny)}A${R} ${R} 0 0 0 ${n(b.x - nx)} ${n(b.y - ny)}L${n(a.x - nx)} ${n(a.y - ny)}A${R} ${R} 0 0 0 ${n(a.x + nx)} ${n(a.y + ny)}Z" fill="${fill}"/>`,
    );
  }

  svg(): string {
    return this.parts.join('');
  }
}

/** The points of a path that uses only absolute M/L/Q/C commands (else none). */
function absolutePoints(d: string): Pt[] {
  if (!/^[MLQCZ\d\s.,-]+$/.test(d)) return [];
  const v = (d.match(/-?\d*\.?\d+/g) ?? []).map(Number);
  const pts: Pt[] = [];
  for (let i = 0; i + 1 < v.length; i += 2) pts.push({ x: v[i] ?? 0, y: v[i + 1] ?? 0 });
  return pts;
}

/** Darken (f < 1) or lighten (f > 1, towards white) a #RRGGBB colour. */
export function tint(hex: string, f: number): string {
  const v = Number.parseInt(hex.slice(1), 16);
  const ch = [(v >> 16) & 255, (v >> 8) & 255, v & 255].map((c) =>
    Math.round(f <= 1 ? c * f : c + (255 - c) * (f - 1)),
  );
  return `#${ch.map((c) => Math.max(0, Math.min(255, c)).toString(16).padStart(2, '0')).join('')}`;
}
