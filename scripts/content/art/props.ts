/**
 * Props for the picture-book scene composer: 55 flat, friendly objects.
 *
 * Each drawing is a `<g>` fragment centred on (0, 0) (the visual centre) at its natural size
 * on the 1280×800 page canvas. Props marked "(color)" in the vocabulary take `color`; the main
 * fill is then exactly COLOR_HEX[color], with lighter and darker tints for depth.
 */
import { Art, eye, type FaceState, face, finish, INK, num, shade, WATER, WHITE } from './animals';
import type { Color, Drawing } from './types';
import type { PropId } from './vocabulary';
import { COLOR_HEX } from './vocabulary';

// ---------------------------------------------------------------------------
// Palette and helpers
// ---------------------------------------------------------------------------

interface Tint {
  base: string;
  dark: string;
  light: string;
  /** A colour that stands out on the base (ribbons, stripes). */
  pop: string;
}

function tint(color: Color): Tint {
  const base = COLOR_HEX[color];
  if (color === 'white') return { base, dark: '#DCD8EA', light: '#EDEBF5', pop: '#3DB6E8' };
  if (color === 'black') return { base, dark: '#1C1A30', light: '#4F4A75', pop: '#FFC23D' };
  const pop =
    color === 'yellow' || color === 'orange'
      ? '#E84A4A'
      : color === 'red' || color === 'pink'
        ? '#FFC23D'
        : WHITE;
  return { base, dark: shade(base, -0.2), light: shade(base, 0.35), pop };
}

const WOOD = '#C98A4E';
const WOOD_DARK = '#A0653A';
const WOOD_LIGHT = '#E3AA6C';
const LEAF = '#5CC86B';
const LEAF_DARK = '#3E9B4F';
const LEAF_LIGHT = '#8BDD8F';
const GOLD = '#FFC23D';
const RED = '#E84A4A';
const SKY = '#BFE9FB';
const STEEL = '#B8BCCC';
const SHADOW = '#DCD8EA';
const CALM: FaceState = { mood: 'happy', closed: false };

/** A circle with a darker lower-right crescent: the base colour on top of its own shadow. */
function ball3d(a: Art, cx: number, cy: number, r: number, base: string, dark: string): void {
  a.circle(cx, cy, r, dark);
  const m = new Art();
  m.circle(cx - r * 0.12, cy - r * 0.12, r * 0.96, base);
  a.clip(`<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}"/>`, m);
}

/** Polygon through points with corners rounded by quadratic curves (fraction k of each edge). */
function roundedPoly(pts: ReadonlyArray<readonly [number, number]>, k = 0.25): string {
  const n = pts.length;
  let d = '';
  for (let i = 0; i < n; i++) {
    const p = pts[i] as readonly [number, number];
    const prev = pts[(i + n - 1) % n] as readonly [number, number];
    const next = pts[(i + 1) % n] as readonly [number, number];
    const a0 = [p[0] + (prev[0] - p[0]) * k, p[1] + (prev[1] - p[1]) * k];
    const a1 = [p[0] + (next[0] - p[0]) * k, p[1] + (next[1] - p[1]) * k];
    d += `${i === 0 ? 'M' : 'L'}${num(a0[0] ?? 0)} ${num(a0[1] ?? 0)}Q${num(p[0])} ${num(p[1])} ${num(a1[0] ?? 0)} ${num(a1[1] ?? 0)}`;
  }
  return `${d}Z`;
}

function starPoints(cx: number, cy: number, R: number, r: number, n = 5): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < n * 2; i++) {
    const t = (Math.PI * i) / n - Math.PI / 2;
    const rr = i % 2 ? r : R;
    out.push([cx + Math.cos(t) * rr, cy + Math.sin(t) * rr]);
  }
  return out;
}

/** Half annulus (for rainbows): outer radius R, inner r, centre (cx, cy), open side down. */
function arch(a: Art, cx: number, cy: number, R: number, r: number, fill: string): void {
  a.path(
    `M${num(cx - R)} ${num(cy)}A${num(R)} ${num(R)} 0 0 1 ${num(cx + R)} ${num(cy)}L${num(cx + r)} ${num(cy)}A${num(r)} ${num(r)} 0 0 0 ${num(cx - r)} ${num(cy)}Z`,
    fill,
  );
  a.grow(cx, cy - R);
}

function cloudShape(a: Art, x: number, y: number, k: number): void {
  const puffs: ReadonlyArray<readonly [number, number, number]> = [
    [-52, 14, 30],
    [-20, -10, 40],
    [24, -6, 36],
    [56, 14, 28],
  ];
  for (const [px, py, r] of puffs) a.circle(x + px * k, y + (py + 7) * k, r * k, '#D6E6F7');
  a.rect(x - 80 * k, y + 8 * k, 162 * k, 36 * k, '#D6E6F7', 18 * k);
  for (const [px, py, r] of puffs) a.circle(x + px * k, y + py * k, r * k, WHITE);
  a.rect(x - 80 * k, y + 4 * k, 162 * k, 32 * k, WHITE, 16 * k);
}

// ---------------------------------------------------------------------------
// Toys and things to hold
// ---------------------------------------------------------------------------

function kite(a: Art, c: Tint): void {
  a.line('M0 44C-12 58 10 72 -2 88C-12 102 6 114 -4 128', '#8A86A3', 2);
  const bows = [GOLD, '#3DB6E8', '#5CC86B'];
  [64, 96, 124].forEach((y, i) => {
    const x = i === 1 ? -6 : -2;
    a.path(
      `M${x} ${y}L${x - 9} ${y - 7}L${x - 9} ${y + 7}ZM${x} ${y}L${x + 9} ${y - 7}L${x + 9} ${y + 7}Z`,
      bows[i] as string,
    );
  });
  a.path(
    roundedPoly(
      [
        [0, -56],
        [40, -6],
        [0, 46],
        [-40, -6],
      ],
      0.08,
    ),
    c.base,
  );
  a.path('M0 -52L0 -6L-36 -6Z', c.light);
  a.path('M0 -6L36 -6L0 42Z', c.dark);
  a.line('M0 -54V44M-38 -6H38', WOOD_DARK, 2);
  a.circle(0, -6, 3, WOOD_DARK);
}

function ball(a: Art, c: Tint): void {
  ball3d(a, 0, 0, 25, c.base, c.dark);
  const m = new Art();
  const band = c.base === WHITE ? '#3DB6E8' : WHITE;
  m.path('M0 -26Q-34 0 0 26Q-14 0 0 -26ZM0 -26Q34 0 0 26Q14 0 0 -26Z', band);
  a.clip('<circle r="25"/>', m);
  a.ellipse(-10, -12, 5, 7.5, WHITE, 40, ' opacity=".7"');
}

function balloon(a: Art, c: Tint): void {
  a.line('M0 38Q-9 52 0 66Q9 80 0 94', '#8A86A3', 1.8);
  a.path('M-5 40L5 40L0 32Z', c.dark);
  const body =
    'M0 35C-19 35 -29 15 -29 -2C-29 -21 -16 -35 0 -35C16 -35 29 -21 29 -2C29 15 19 35 0 35Z';
  a.path(body, c.base);
  const m = new Art();
  m.ellipse(14, 10, 22, 30, c.dark, -20);
  m.ellipse(6, 2, 24, 32, c.base, -20);
  a.clip(`<path d="${body}"/>`, m);
  a.ellipse(-12, -15, 5, 10, WHITE, 30, ' opacity=".65"');
}

function book(a: Art, c: Tint): void {
  a.rect(-30, -36, 66, 78, '#E9E1CE', 6);
  a.rect(-32, -39, 66, 78, '#FFF8E8', 6);
  a.line('M30 -30V30M26 -33V33', '#E3D7BE', 1.5);
  a.rect(-36, -42, 66, 80, c.base, 6);
  a.rect(-36, -42, 11, 80, c.dark, 5);
  a.rect(-18, -32, 40, 34, WHITE, 5);
  const pic = new Art();
  pic.circle(12, -22, 5, GOLD);
  pic.ellipse(-6, 6, 22, 12, LEAF);
  pic.ellipse(16, 8, 16, 10, LEAF_DARK);
  a.clip('<rect x="-18" y="-32" width="40" height="34" rx="5"/>', pic);
  a.rect(-16, 12, 36, 5, c.light, 2.5).rect(-10, 22, 24, 4, c.light, 2);
}

function schoolbag(a: Art, c: Tint): void {
  a.path('M-15 -38Q0 -62 15 -38H9Q0 -52 -9 -38Z', c.dark);
  a.capsule(-28, -28, -35, 28, 5, 5, c.dark).capsule(28, -28, 35, 28, 5, 5, c.dark);
  a.rect(-32, -42, 64, 84, c.base, 16);
  a.path('M-32 -22Q-32 -42 -14 -42H14Q32 -42 32 -22V-8Q0 4 -32 -8Z', c.dark);
  a.rect(-6, -12, 12, 12, GOLD, 3).rect(-3, -9, 6, 6, c.dark, 1.5);
  a.rect(-21, 10, 42, 24, c.light, 8);
  a.line('M-15 16H15', c.dark, 2);
  a.circle(12, 16, 2.5, GOLD);
}

function pencil(a: Art): void {
  const g = new Art();
  g.rect(-36, -8, 62, 16, GOLD);
  g.rect(-36, -8, 62, 5, '#FFD86B').rect(-36, 3, 62, 5, '#E8A92E');
  g.rect(-49, -8, 9, 16, '#F7A8BA', 3).rect(-41, -8, 6, 16, STEEL);
  g.line('M-39 -8V8', '#9498AB', 1.5);
  g.path('M26 -8L44 0L26 8Z', '#F6D6A8');
  g.path('M38 -2.7L45 0L38 2.7Z', INK);
  a.group(g, { rot: -35 });
}

function paintbrush(a: Art): void {
  const p = new Art();
  p.rect(-37, -27, 78, 58, SHADOW, 4);
  p.rect(-40, -30, 78, 58, WHITE, 4);
  p.circle(20, -14, 8, GOLD);
  p.ellipse(-8, 24, 30, 12, LEAF);
  p.line('M-26 16V-2M-26 -6m-5 0a5 5 0 1 0 10 0a5 5 0 1 0 -10 0', '#F2609E', 3);
  p.line('M-8 -18Q-4 -14 0 -18Q4 -14 8 -18', '#3DB6E8', 2.5);
  a.group(p, { x: -10, y: -4, rot: -6 });
  const b = new Art();
  b.capsule(-36, 0, 6, 0, 2.8, 4.5, WOOD);
  b.rect(6, -5, 11, 10, STEEL, 1.5);
  b.path('M17 -5Q30 -6 38 0Q30 6 17 5Z', '#F3E0B0');
  b.path('M26 -5Q33 -3 38 0Q33 3 26 5Z', '#3DB6E8');
  a.group(b, { x: 20, y: 18, rot: -40 });
}

function toyCar(a: Art, c: Tint): void {
  a.path(
    'M-46 8V-4Q-46 -12 -38 -12H-24L-14 -29Q-11 -34 -4 -34H16Q22 -34 26 -29L36 -12H40Q48 -12 48 -4V8Q48 15 41 15H-39Q-46 15 -46 8Z',
    c.base,
  );
  a.path('M-10 -13L-4 -27H8V-13Z', SKY).path('M13 -27H18Q21 -27 23 -24L29 -13H13Z', SKY);
  a.rect(-46, -2, 94, 5, c.dark);
  a.ellipse(45, -6, 3, 4, '#FFE27A').rect(-47, -8, 4, 6, RED, 1.5);
  for (const x of [-26, 28]) {
    a.circle(x, 15, 12, INK).circle(x, 15, 5.5, STEEL).circle(x, 15, 2, INK);
  }
  a.line('M-36 -8Q-30 -11 -26 -8', WHITE, 2, ' opacity=".6"');
}

function doll(a: Art): void {
  const skin = '#FBD2B4';
  const hair = '#8A4F2A';
  a.capsule(-15, -34, -20, -6, 5, 4, hair).capsule(15, -34, 20, -6, 5, 4, hair);
  a.circle(-20, -4, 3.5, '#F2609E').circle(20, -4, 3.5, '#F2609E');
  a.capsule(-6, 22, -7, 40, 4, 4, skin).capsule(6, 22, 7, 40, 4, 4, skin);
  a.ellipse(-8, 42, 6, 4, RED).ellipse(8, 42, 6, 4, RED);
  a.capsule(-10, -10, -20, 10, 3.5, 3.5, skin).capsule(10, -10, 20, 10, 3.5, 3.5, skin);
  a.path('M-10 -14H10L22 26Q0 30 -22 26Z', '#F2609E');
  a.circle(-8, 12, 2, WHITE)
    .circle(8, 16, 2, WHITE)
    .circle(0, 4, 2, WHITE)
    .circle(-12, 22, 2, WHITE)
    .circle(12, 24, 2, WHITE);
  a.path('M-8 -14H8L0 -6Z', WHITE);
  a.circle(0, -30, 16, skin);
  a.path('M-16 -30Q-17 -48 0 -48Q17 -48 16 -30Q10 -40 0 -38Q-10 -40 -16 -30Z', hair);
  face(a, CALM, {
    x: 0,
    y: -29,
    gap: 6,
    s: 0.36,
    mx: 0,
    my: -22,
    mouth: 'smile',
    cheekGap: 10,
    cheekY: -24,
    ms: 0.8,
  });
}

function blocks(a: Art): void {
  const cube = (x: number, y: number, s: number, base: string, mark: string) => {
    const d = s * 0.28;
    a.path(`M${x} ${y}L${x + d} ${y - d}H${x + s + d}L${x + s} ${y}Z`, shade(base, 0.3));
    a.path(
      `M${x + s} ${y}L${x + s + d} ${y - d}V${y + s - d}L${x + s} ${y + s}Z`,
      shade(base, -0.2),
    );
    a.rect(x, y, s, s, base, 3);
    a.rect(x + 4, y + 4, s - 8, s - 8, shade(base, 0.15), 3);
    const cx = x + s / 2;
    const cy = y + s / 2;
    if (mark === 'star') a.path(roundedPoly(starPoints(cx, cy, s * 0.3, s * 0.13), 0.15), WHITE);
    else if (mark === 'circle') a.circle(cx, cy, s * 0.22, WHITE);
    else if (mark === 'tri')
      a.path(
        roundedPoly(
          [
            [cx, cy - s * 0.24],
            [cx + s * 0.25, cy + s * 0.2],
            [cx - s * 0.25, cy + s * 0.2],
          ],
          0.15,
        ),
        WHITE,
      );
    else
      a.path(
        `M${cx} ${cy + s * 0.22}C${cx - s * 0.36} ${cy} ${cx - s * 0.2} ${cy - s * 0.3} ${cx} ${cy - s * 0.1}C${cx + s * 0.2} ${cy - s * 0.3} ${cx + s * 0.36} ${cy} ${cx} ${cy + s * 0.22}Z`,
        WHITE,
      );
  };
  cube(-46, 4, 38, RED, 'star');
  cube(-6, 4, 38, '#3DB6E8', 'circle');
  cube(-27, -35, 38, GOLD, 'heart');
  cube(-12, -72, 32, LEAF, 'tri');
}

function bike(a: Art, c: Tint): void {
  for (const x of [-62, 62]) {
    a.circle(x, 20, 34, INK).circle(x, 20, 28, '#F1F0F7');
    let d = '';
    for (let i = 0; i < 6; i++) {
      const t = (i * Math.PI) / 6;
      d += `M${num(x - Math.cos(t) * 27)} ${num(20 - Math.sin(t) * 27)}L${num(x + Math.cos(t) * 27)} ${num(20 + Math.sin(t) * 27)}`;
    }
    a.line(d, STEEL, 1.5);
    a.circle(x, 20, 5, c.dark);
  }
  a.line('M-62 20L-6 22', '#8A86A3', 2);
  const w = 4;
  a.capsule(-62, 20, -22, -26, w, w, c.base);
  a.capsule(-62, 20, -6, 22, w, w, c.base);
  a.capsule(-22, -26, -6, 22, w, w, c.base);
  a.capsule(-20, -20, 44, -24, w, w, c.base);
  a.capsule(-6, 22, 44, -24, w, w, c.base);
  a.capsule(44, -28, 62, 20, w * 0.9, w * 0.9, c.base);
  a.capsule(-22, -26, -24, -34, 2.5, 2.5, STEEL);
  a.path('M-38 -36Q-24 -42 -10 -37Q-10 -32 -18 -32H-34Q-40 -32 -38 -36Z', INK);
  a.capsule(44, -26, 40, -46, 2.5, 2.5, STEEL);
  a.capsule(34, -48, 52, -45, 3, 3, INK);
  a.circle(-6, 22, 8, STEEL).circle(-6, 22, 3, c.dark);
  a.capsule(-6, 22, 4, 32, 2, 2, '#8A86A3').rect(-1, 30, 12, 5, INK, 2);
}

function hat(a: Art, c: Tint): void {
  a.ellipse(0, 15, 56, 14, c.dark);
  a.ellipse(0, 12, 56, 14, c.base);
  a.path('M-28 10Q-28 -26 0 -26Q28 -26 28 10Z', c.base);
  a.path('M-26 -6Q-20 -20 -6 -22Q-18 -14 -20 -2Z', c.light, ' opacity=".8"');
  a.path('M-28 4Q0 12 28 4V-6Q0 2 -28 -6Z', c.pop === WHITE ? WHITE : c.pop);
  for (let i = 0; i < 5; i++) {
    const t = (i * 72 * Math.PI) / 180;
    a.circle(18 + Math.sin(t) * 4, 0 - Math.cos(t) * 4, 3.2, '#F2609E');
  }
  a.circle(18, 0, 2.5, GOLD);
}

function gift(a: Art, c: Tint): void {
  const rib = c.pop === WHITE ? GOLD : c.pop;
  a.ellipse(-12, -31, 12, 7, shade(rib, -0.15), -25).ellipse(12, -31, 12, 7, shade(rib, -0.15), 25);
  a.ellipse(-11, -31, 8, 4, rib, -25).ellipse(11, -31, 8, 4, rib, 25);
  a.rect(-30, -14, 60, 46, c.base, 4);
  a.rect(-30, -14, 60, 8, c.dark);
  a.rect(-34, -26, 68, 14, c.base, 4);
  a.rect(-34, -15, 68, 3, c.dark);
  a.rect(-6, -26, 12, 58, rib);
  a.circle(0, -27, 5, shade(rib, -0.1));
}

function umbrella(a: Art, c: Tint): void {
  a.line('M0 -50V-58', INK, 3);
  a.circle(0, -59, 3, INK);
  a.line('M0 0V42Q0 52 -8 52Q-15 52 -15 45', '#7A4B2A', 3);
  a.path(
    'M-54 2Q-54 -48 0 -51Q54 -48 54 2Q45 -7 36 2Q27 -7 18 2Q9 -7 0 2Q-9 -7 -18 2Q-27 -7 -36 2Q-45 -7 -54 2Z',
    c.base,
  );
  a.path('M0 -51Q-33 -36 -36 2Q-27 -7 -18 2Q-16 -30 0 -51Z', c.light);
  a.path('M0 -51Q16 -30 18 2Q27 -7 36 2Q33 -36 0 -51Z', c.light);
  a.path('M-54 2Q-54 -30 -34 -44Q-50 -22 -50 -2Z', c.dark, ' opacity=".5"');
}

function raincoat(a: Art): void {
  a.ellipse(0, 30, 58, 13, WATER);
  a.ellipse(-12, 27, 30, 5, '#BFE9FB');
  const boot = (x: number, y: number) => {
    a.path(
      `M${x - 14} ${y - 46}H${x + 6}V${y - 10}Q${x + 6} ${y - 6} ${x + 11} ${y - 6}H${x + 16}Q${x + 24} ${y - 6} ${x + 24} ${y + 2}V${y + 6}H${x - 14}Z`,
      GOLD,
    );
    a.rect(x - 15, y + 2, 40, 6, '#E09A1F', 3);
    a.rect(x - 16, y - 50, 24, 8, '#FFD86B', 3);
    a.line(`M${x - 9} ${y - 38}V${y - 12}`, '#FFE08A', 3, ' opacity=".8"');
  };
  boot(-4, 18);
  boot(-28, 24);
  a.path('M-46 14Q-50 6 -46 2Q-42 6 -46 14Z', WATER)
    .path('M42 12Q40 4 44 0Q47 6 42 12Z', WATER)
    .path('M32 2Q31 -3 34 -6Q36 -2 32 2Z', WATER);
}

function bucket(a: Art): void {
  a.line('M-25 -18Q0 -54 25 -18', '#8A86A3', 3);
  a.path('M-28 -16H28L22 30Q21 34 17 34H-17Q-21 34 -22 30Z', '#3DB6E8');
  a.path('M-26 0H26L25 10H-25Z', WHITE, ' opacity=".85"');
  a.ellipse(-14, 12, 4, 14, WHITE, 0, ' opacity=".3"');
  a.rect(-31, -22, 62, 9, '#2A9AD4', 4.5);
  a.circle(-26, -17, 3, GOLD).circle(26, -17, 3, GOLD);
}

// ---------------------------------------------------------------------------
// Food
// ---------------------------------------------------------------------------

function apple(a: Art): void {
  const body =
    'M0 -12C-8 -19 -22 -16 -22 0C-22 15 -11 22 0 20C11 22 22 15 22 0C22 -16 8 -19 0 -12Z';
  a.path(body, RED);
  const m = new Art();
  m.ellipse(10, 8, 16, 14, '#C93838');
  a.clip(`<path d="${body}"/>`, m);
  a.ellipse(-11, -5, 4, 7, '#FF8A8A', 20);
  a.line('M0 -12Q0 -20 4 -25', '#7A4B2A', 3);
  a.path('M3 -19Q9 -29 18 -24Q11 -16 3 -19Z', LEAF);
}

function banana(a: Art): void {
  a.path('M-36 -14Q-32 22 2 24Q30 24 38 -2Q40 -8 35 -7Q24 12 0 10Q-22 8 -28 -16Z', '#FFD84D');
  a.path('M-28 -16Q-22 8 0 10Q24 12 35 -7Q30 8 6 14Q-20 16 -28 -16Z', '#F2B62C');
  a.path('M-37 -14Q-30 -10 -28 -16L-32 -24Z', '#8A6A2A');
  a.circle(37, -5, 2.6, '#7A4B2A');
  a.line('M-26 -2Q-20 12 -6 16', '#FFF0A0', 2.5, ' opacity=".8"');
}

function orange(a: Art): void {
  ball3d(a, 0, 2, 22, '#FF8A3D', '#E8702A');
  for (const [x, y] of [
    [-8, -4],
    [4, -10],
    [10, 2],
    [-2, 10],
    [-12, 8],
  ] as const) {
    a.circle(x, y, 1.3, '#FFB36B');
  }
  a.ellipse(-9, -8, 4, 6, '#FFC08A', 30);
  a.line('M0 -19V-23', '#7A4B2A', 3);
  a.path('M1 -22Q8 -30 16 -25Q9 -18 1 -22Z', LEAF);
}

function watermelon(a: Art): void {
  const g = new Art();
  g.path('M-44 -12A44 44 0 0 0 44 -12Z', '#3E9B4F');
  g.path('M-40 -12A40 40 0 0 0 40 -12Z', '#DDF5C0');
  g.path('M-35 -12A35 35 0 0 0 35 -12Z', '#FF6166');
  g.grow(0, 32);
  for (const [x, y, r] of [
    [-20, -2, 20],
    [-6, 6, 5],
    [8, 6, -5],
    [22, -2, -20],
    [0, -4, 0],
    [-12, 12, 10],
    [12, 12, -10],
  ] as const) {
    g.ellipse(x, y, 2, 3.2, INK, r);
  }
  a.group(g, { rot: -12 });
}

function strawberry(a: Art): void {
  const body = 'M0 26C-14 18 -21 4 -19 -6C-17 -15 -8 -17 0 -15C8 -17 17 -15 19 -6C21 4 14 18 0 26Z';
  a.path(body, '#E8414F');
  const m = new Art();
  m.ellipse(8, 10, 14, 16, '#C9303E');
  a.clip(`<path d="${body}"/>`, m);
  for (const [x, y] of [
    [-10, -4],
    [0, -6],
    [10, -4],
    [-6, 5],
    [6, 5],
    [-2, 14],
    [8, 13],
    [-12, 6],
  ] as const) {
    a.ellipse(x, y, 1.2, 1.8, '#FFE27A');
  }
  for (const t of [-60, -25, 25, 60, 0]) a.ellipse(0, -16, 9, 3.5, t === 0 ? LEAF_DARK : LEAF, t);
  a.line('M0 -18V-25', LEAF_DARK, 2.5);
}

function carrot(a: Art): void {
  const g = new Art();
  g.ellipse(-40, -6, 11, 4, LEAF, 30)
    .ellipse(-42, 0, 12, 4, LEAF_DARK, 0)
    .ellipse(-40, 6, 11, 4, LEAF, -30);
  g.path('M-32 -10Q-36 0 -32 10L34 2Q39 0 34 -2Z', '#FF8A3D');
  g.path('M-32 2Q-34 6 -32 10L34 2Q39 0 34 -2Z', '#EE7328');
  g.line('M-20 -6H-12M-6 4H2M8 -3H14M18 2H22', '#D9621E', 2);
  a.group(g, { rot: -30 });
}

function corn(a: Art): void {
  const g = new Art();
  g.ellipse(4, 0, 38, 14, '#FFD84D');
  for (let i = 0; i < 7; i++) {
    for (let j = -1; j <= 1; j++) {
      const x = -22 + i * 8 + (j === 0 ? 4 : 0);
      const y = j * 7;
      if (Math.abs(x - 4) / 38 + Math.abs(y) / 14 < 0.95) g.ellipse(x, y, 3.2, 2.8, '#FFE98A');
    }
  }
  g.path('M-40 -2Q-20 -24 20 -16Q-6 -10 -14 4Z', LEAF);
  g.path('M-40 2Q-20 24 16 18Q-6 12 -14 -2Z', LEAF_DARK);
  g.capsule(-46, 0, -36, 0, 4, 5, '#8FBF5A');
  a.group(g, { rot: -35 });
}

function egg(a: Art): void {
  const body =
    'M0 -26C13 -26 20 -4 20 7C20 20 11 26 0 26C-11 26 -20 20 -20 7C-20 -4 -13 -26 0 -26Z';
  a.path(body, '#F1DDBE');
  const m = new Art();
  m.path(body, '#FFF3DF', ' transform="translate(-3 -3)"');
  a.clip(`<path d="${body}"/>`, m);
  a.ellipse(-8, -8, 3.5, 7, WHITE, 20);
}

function bread(a: Art): void {
  a.path(
    'M-44 16V0C-44 -20 -28 -28 0 -28C28 -28 44 -20 44 0V16Q44 21 39 21H-39Q-44 21 -44 16Z',
    '#D98E45',
  );
  a.path('M-42 -2C-42 -18 -26 -25 0 -25C26 -25 42 -18 42 -2Q20 4 0 2Q-20 4 -42 -2Z', '#EFB466');
  for (const x of [-22, 0, 22]) a.ellipse(x, -12, 4, 9, '#F9D793', 35);
}

function milk(a: Art): void {
  a.capsule(6, -22, 18, -46, 2.5, 2.5, '#F2609E');
  a.path('M-18 -32H18L15 32Q15 36 11 36H-11Q-15 36 -15 32Z', '#D4EEFA');
  a.path('M-17 -16H17L14.5 31Q14.5 34 11 34H-11Q-14.5 34 -14.5 31Z', WHITE);
  a.ellipse(0, -16, 17, 3.5, '#EEF2F8');
  a.line('M-11 -26L-9 28', WHITE, 3, ' opacity=".9"');
  a.line('M-18 -32H18', '#A9DBF2', 2);
}

function noodles(a: Art): void {
  a.capsule(-14, -46, 36, -8, 2.5, 2.5, WOOD).capsule(-4, -50, 42, -14, 2.5, 2.5, WOOD_DARK);
  a.ellipse(0, -8, 46, 12, '#FFE3A0');
  a.line('M-36 -10Q-30 -18 -24 -10T-12 -10T0 -10T12 -10T24 -10T36 -10', '#F2C66B', 2.5);
  a.line('M-28 -4Q-22 -12 -16 -4T-4 -4T8 -4T20 -4', '#F2C66B', 2.5);
  a.ellipse(20, -14, 11, 7, WHITE).circle(20, -14, 4.5, GOLD);
  a.circle(-14, -14, 2.5, LEAF)
    .circle(-6, -16, 2.2, LEAF)
    .circle(-20, -8, 2.2, LEAF)
    .circle(4, -10, 2.2, LEAF_DARK);
  a.path('M-50 -8H50Q48 30 14 36H-14Q-48 30 -50 -8Z', '#3DB6E8');
  a.path('M-48 2H48Q47 8 45 12H-45Q-47 8 -48 2Z', WHITE, ' opacity=".9"');
  a.line('M-38 7Q-33 3 -28 7T-18 7T-8 7T2 7T12 7T22 7T32 7', '#3DB6E8', 2);
  a.rect(-16, 34, 32, 7, '#2A9AD4', 3);
}

function dumplings(a: Art): void {
  a.ellipse(0, 12, 60, 18, SHADOW);
  a.ellipse(0, 9, 60, 18, '#3DB6E8');
  a.ellipse(0, 9, 55, 15, WHITE);
  const dump = (x: number, y: number, k = 1) => {
    const s = (v: number) => num(v * k);
    a.path(
      `M${num(x - 17 * k)} ${num(y + 6 * k)}Q${num(x - 16 * k)} ${num(y - 15 * k)} ${num(x)} ${num(y - 15 * k)}Q${num(x + 16 * k)} ${num(y - 15 * k)} ${num(x + 17 * k)} ${num(y + 6 * k)}Q${num(x)} ${num(y + 11 * k)} ${num(x - 17 * k)} ${num(y + 6 * k)}Z`,
      '#FFF6E6',
    );
    a.path(
      `M${num(x - 17 * k)} ${num(y + 6 * k)}Q${num(x)} ${num(y + 11 * k)} ${num(x + 17 * k)} ${num(y + 6 * k)}Q${num(x)} ${num(y + 4 * k)} ${num(x - 17 * k)} ${num(y + 6 * k)}Z`,
      '#EBD9B9',
    );
    a.line(
      `M${num(x - 6 * k)} ${num(y - 14 * k)}l${s(-2)} ${s(7)}M${num(x)} ${num(y - 15 * k)}V${num(y - 8 * k)}M${num(x + 6 * k)} ${num(y - 14 * k)}l${s(2)} ${s(7)}`,
      '#E3CFAA',
      1.8,
    );
  };
  dump(-26, 4);
  dump(26, 4);
  dump(0, -2);
  dump(-12, 14, 0.95);
  dump(14, 14, 0.95);
}

function mooncake(a: Art): void {
  for (let i = 0; i < 12; i++) {
    const t = (i * Math.PI) / 6;
    a.circle(Math.cos(t) * 24, Math.sin(t) * 24, 9, '#C9782F');
  }
  a.circle(0, 0, 27, '#D98E45');
  a.circle(0, 0, 19, '#E8A55C');
  for (let i = 0; i < 6; i++) {
    const t = (i * Math.PI) / 3;
    a.ellipse(Math.cos(t) * 9, Math.sin(t) * 9, 5.5, 3, '#D98E45', (i * 60) % 180);
  }
  a.circle(0, 0, 4, '#C9782F');
  a.ellipse(-12, -14, 5, 3, '#F5C98A', -40, ' opacity=".8"');
}

function zongzi(a: Art): void {
  a.path(
    roundedPoly(
      [
        [0, -32],
        [30, 24],
        [-30, 24],
      ],
      0.12,
    ),
    '#5CA84E',
  );
  a.path(
    roundedPoly(
      [
        [0, -32],
        [6, 24],
        [-30, 24],
      ],
      0.12,
    ),
    '#7CC46A',
  );
  a.line('M-2 -22L-14 20M6 -18L14 20M-10 0L-20 18', '#3E8A3A', 1.5, ' opacity=".7"');
  a.path('M-22 6Q0 12 22 6V11Q0 17 -22 11Z', WOOD);
  a.ellipse(-5, 12, 6, 3, WOOD_DARK, -30).ellipse(5, 12, 6, 3, WOOD_DARK, 30);
  a.line('M0 12L-4 22M0 12L5 21', WOOD_DARK, 2);
}

function cake(a: Art): void {
  a.ellipse(0, 47, 60, 9, SHADOW);
  a.ellipse(0, 44, 58, 8, WHITE);
  a.rect(-46, -8, 92, 52, '#FFE3EC', 8);
  a.rect(-46, 18, 92, 6, '#F7B6C6');
  a.path(
    'M-46 4V-6Q-46 -14 -38 -14H38Q46 -14 46 -6V4Q41 12 35 4Q29 15 21 4Q13 11 5 4Q-3 15 -11 4Q-19 11 -27 4Q-33 13 -39 4Q-43 9 -46 4Z',
    '#F2609E',
  );
  for (const [x, y, c] of [
    [-34, 32, GOLD],
    [-16, 36, '#3DB6E8'],
    [4, 31, LEAF],
    [24, 36, GOLD],
    [36, 30, '#7C6CF2'],
  ] as const) {
    a.rect(x - 3, y - 1, 6, 2.5, c, 1.2);
  }
  for (const x of [-22, 0, 22]) {
    a.rect(x - 3.5, -38, 7, 26, x === 0 ? '#3DB6E8' : '#FFD86B', 2);
    a.line(`M${x - 3} ${-30}L${x + 3} ${-34}M${x - 3} ${-22}L${x + 3} ${-26}`, WHITE, 1.8);
    a.path(`M${x} ${-54}Q${x + 6} ${-45} ${x} ${-40}Q${x - 6} ${-45} ${x} ${-54}Z`, '#FF8A3D');
    a.path(`M${x} ${-49}Q${x + 3} ${-44} ${x} ${-41}Q${x - 3} ${-44} ${x} ${-49}Z`, '#FFE27A');
  }
  a.circle(-36, -14, 5, RED).circle(36, -14, 5, RED);
}

// ---------------------------------------------------------------------------
// Festival things
// ---------------------------------------------------------------------------

function lantern(a: Art): void {
  a.line('M0 -66V-50', WOOD_DARK, 2.5);
  a.rect(-15, -52, 30, 8, GOLD, 3);
  a.ellipse(0, -10, 40, 40, RED);
  a.line('M0 -49V29M-15 -46Q-30 -10 -15 26M15 -46Q30 -10 15 26', '#C93838', 2.5);
  a.ellipse(-22, -22, 5, 12, '#FF8A8A', 20, ' opacity=".6"');
  a.rect(-15, 24, 30, 8, GOLD, 3);
  a.line('M0 32V40', GOLD, 3);
  a.path('M-5 40H5L8 64Q0 68 -8 64Z', RED);
  a.circle(0, 40, 4, GOLD);
}

function redEnvelope(a: Art): void {
  a.rect(-26, -38, 52, 76, RED, 6);
  a.path('M-26 -32Q-26 -38 -20 -38H20Q26 -38 26 -32V-16Q0 -2 -26 -16Z', '#C93838');
  a.circle(0, -6, 11, GOLD);
  a.rect(-4, -10, 8, 8, '#C93838', 1);
  a.rect(-16, 18, 32, 3, GOLD, 1.5).rect(-10, 25, 20, 3, GOLD, 1.5);
}

function couplet(a: Art): void {
  a.line('M-20 -100L0 -114L20 -100', WOOD_DARK, 1.5);
  a.circle(0, -114, 2.5, WOOD_DARK);
  a.rect(-19, -96, 38, 192, RED, 2);
  a.rect(-15, -90, 30, 180, '#D93F3F', 2);
  const glyphs = [
    'M-8 -78H8M0 -84V-62M-7 -70L7 -64',
    'M-8 -44H8M-6 -38H6M-8 -30H8M0 -46V-26',
    'M-8 -6L8 -2M-2 -12L-6 8M4 -12V8M-8 8H8',
    'M-8 28H8M0 22V44M-8 36L-2 32M8 36L2 32',
    'M-8 62H8M-6 70H6M0 56V82M-8 80L8 76',
  ];
  for (const g of glyphs) a.line(g, GOLD, 2.8);
  a.capsule(-24, -98, 24, -98, 4, 4, WOOD_DARK).capsule(-24, 98, 24, 98, 4, 4, WOOD_DARK);
  a.circle(-26, -98, 4.5, GOLD)
    .circle(26, -98, 4.5, GOLD)
    .circle(-26, 98, 4.5, GOLD)
    .circle(26, 98, 4.5, GOLD);
}

function dragonBoat(a: Art): void {
  const D = '#5CC86B';
  a.line('M-108 34Q-98 28 -88 34T-68 34M60 34Q70 28 80 34T100 34', '#7FD0F5', 2.5);
  for (const x of [-60, -20, 20]) {
    a.capsule(x, -6, x - 14, 30, 2, 2, WOOD_DARK);
    a.ellipse(x - 15, 32, 3.5, 7, WOOD, 20);
  }
  a.path('M-96 -4Q-114 -22 -106 -46Q-100 -56 -92 -48Q-100 -30 -80 -6Z', D);
  a.path('M-102 -46L-110 -58L-96 -52Z', GOLD);
  a.path('M-96 -6H92Q86 22 60 24H-70Q-92 20 -96 -6Z', RED);
  a.path('M-96 -6H94L92 1H-95Z', GOLD);
  for (let x = -76; x <= 68; x += 16) a.path(`M${x} 6Q${x + 8} 16 ${x + 16} 6Z`, '#C93838');
  a.ellipse(0, -12, 14, 6, GOLD).rect(-14, -22, 28, 10, RED).ellipse(0, -22, 14, 5, '#FFE9C7');
  a.path('M84 -6Q92 -32 108 -42Q124 -48 130 -36Q132 -28 122 -26Q112 -24 106 -14Q100 -6 96 -6Z', D);
  a.path('M110 -42L104 -58L116 -46ZM118 -44L118 -60L124 -44Z', GOLD);
  a.path('M96 -26L88 -34L92 -22ZM92 -16L84 -22L90 -10Z', '#FF8A3D');
  a.path('M124 -30Q132 -24 128 -20Q122 -24 118 -26Z', '#E84A4A');
  a.circle(114, -36, 4.5, WHITE).circle(115, -36, 2.5, INK);
  a.line('M130 -32Q140 -34 144 -28', '#FF8A3D', 2);
}

// ---------------------------------------------------------------------------
// Nature
// ---------------------------------------------------------------------------

function flower(a: Art, c: Tint): void {
  a.capsule(0, 4, 0, 44, 2.5, 2.5, LEAF_DARK);
  a.path('M0 34Q-16 18 -22 26Q-14 36 0 34Z', LEAF).path('M0 26Q14 12 22 18Q16 30 0 26Z', LEAF);
  for (let i = 0; i < 6; i++) {
    const t = (i * Math.PI) / 3;
    a.circle(Math.cos(t) * 11, -10 + Math.sin(t) * 11, 9, c.base);
  }
  for (let i = 0; i < 6; i++) {
    const t = (i * Math.PI) / 3;
    a.circle(Math.cos(t) * 12, -10 + Math.sin(t) * 12, 4.5, c.light);
  }
  a.circle(0, -10, 8, c.base === GOLD || c.base === '#FF8A3D' ? '#E8702A' : GOLD);
  a.circle(-2.5, -12.5, 2.5, WHITE, ' opacity=".6"');
}

function tree(a: Art): void {
  a.path('M-18 150Q-12 80 -14 20H14Q12 80 20 150Z', WOOD_DARK);
  a.path(
    'M-10 60Q-40 30 -60 20L-54 14Q-30 26 -8 44ZM10 50Q40 20 56 8L62 14Q40 34 12 66Z',
    WOOD_DARK,
  );
  a.path('M-4 150Q0 90 -4 30H4Q4 90 6 150Z', '#B8763F', ' opacity=".7"');
  const c: ReadonlyArray<readonly [number, number, number]> = [
    [0, -70, 78],
    [-66, -26, 52],
    [66, -26, 52],
    [-48, -100, 54],
    [48, -100, 54],
    [0, -126, 58],
    [-30, 10, 40],
    [30, 10, 40],
  ];
  for (const [x, y, r] of c) a.circle(x, y + 8, r, LEAF_DARK);
  for (const [x, y, r] of c) a.circle(x, y, r, LEAF);
  for (const [x, y, r] of [
    [-30, -118, 20],
    [-70, -44, 16],
    [-14, -70, 18],
  ] as const) {
    a.circle(x, y, r, LEAF_LIGHT, ' opacity=".8"');
  }
  for (const [x, y] of [
    [40, -60],
    [-44, -6],
    [16, -110],
    [60, -6],
  ] as const) {
    a.circle(x, y, 5, '#3E9B4F', ' opacity=".6"');
  }
}

function leaf(a: Art): void {
  const pts: Array<[number, number]> = [
    [0, 22],
    [3, 10],
    [22, 18],
    [17, 6],
    [33, -2],
    [22, -6],
    [28, -24],
    [12, -17],
    [8, -32],
    [0, -22],
    [-8, -32],
    [-12, -17],
    [-28, -24],
    [-22, -6],
    [-33, -2],
    [-17, 6],
    [-22, 18],
    [-3, 10],
  ];
  const g = new Art();
  g.path(roundedPoly(pts, 0.18), '#FF8A3D');
  g.path(roundedPoly(pts.slice(0, 10), 0.18), '#F56F2D', ' opacity=".7"');
  g.line('M0 10V-22M0 2L20 -12M0 2L-20 -12M0 8L14 12M0 8L-14 12', '#E05A24', 1.6);
  g.line('M0 10V34', WOOD_DARK, 2.5);
  a.group(g, { rot: 20 });
}

function snowman(a: Art): void {
  a.line('M-26 -8L-52 -24M-44 -19L-50 -30M26 -8L52 -26M44 -21L52 -34', '#7A4B2A', 3);
  ball3d(a, 0, 36, 36, '#DDEBFA', '#C8DAF0');
  a.circle(-2, 34, 33, WHITE);
  ball3d(a, 0, -14, 27, '#DDEBFA', '#C8DAF0');
  a.circle(-2, -15.5, 24.5, WHITE);
  a.circle(0, -8, 2.8, INK).circle(0, 4, 2.8, INK).circle(0, 24, 3, INK);
  a.circle(0, -52, 21, '#DDEBFA').circle(-1.5, -53.5, 19, WHITE);
  a.path('M-20 -38Q0 -28 20 -38V-30Q0 -20 -20 -30Z', RED);
  a.path('M10 -32L20 -10L12 -8L4 -30Z', RED);
  a.rect(-20, -73, 40, 6, INK, 3);
  a.rect(-13, -96, 26, 25, INK, 4);
  a.rect(-13, -80, 26, 5, RED);
  face(a, CALM, {
    x: -2,
    y: -57,
    gap: 7,
    s: 0.42,
    mx: -1,
    my: -45,
    mouth: 'none',
    cheekGap: 12,
    cheekY: -48,
  });
  a.path('M0 -51L16 -49L0 -46Z', '#FF8A3D');
  a.line('M-9 -43Q-2 -38 6 -43', INK, 2);
}

function sandcastle(a: Art): void {
  const S = '#F2C879';
  const SD = '#DDAE5C';
  a.ellipse(0, 40, 80, 10, SD);
  a.rect(-40, -8, 80, 48, S);
  a.rect(14, -8, 26, 48, SD, 0, ' opacity=".5"');
  const tower = (x: number, top: number, w: number) => {
    a.rect(x, top, w, 40 - top, S);
    a.rect(x + w * 0.62, top, w * 0.38, 40 - top, SD, 0, ' opacity=".6"');
    for (let i = 0; i < 3; i++)
      a.rect(x + (i * w) / 2.6 - 1, top - 8, w / 4, 9, i === 2 ? SD : S, 1.5);
  };
  tower(-54, -30, 26);
  tower(28, -30, 26);
  tower(-14, -46, 28);
  a.path('M-10 40V22Q-10 12 0 12Q10 12 10 40Z', '#B88A45');
  a.rect(-5, -20, 10, 12, '#B88A45', 5);
  a.line('M0 -54V-76', '#7A4B2A', 2.5);
  a.path('M0 -76L18 -70L0 -64Z', RED);
  for (const [x, y] of [
    [-44, 4],
    [-26, 26],
    [34, 10],
    [22, 30],
  ] as const) {
    a.circle(x, y, 2, SD);
  }
  a.path('M62 14H84L80 40H66Z', '#3DB6E8');
  a.rect(60, 10, 26, 6, '#2A9AD4', 3);
  a.line('M62 12Q73 -6 84 12', '#8A86A3', 2);
}

function seed(a: Art): void {
  a.path('M-42 22Q-38 -4 0 -6Q38 -4 42 22Z', '#9A6A44');
  a.circle(-20, 10, 2, '#7A4B2A').circle(18, 12, 2, '#7A4B2A').circle(4, 4, 1.6, '#7A4B2A');
  a.capsule(0, -4, 1, -34, 2.8, 2.5, LEAF_DARK);
  a.path('M1 -30Q-10 -46 -26 -40Q-16 -24 1 -30Z', LEAF);
  a.path('M1 -34Q10 -52 28 -46Q20 -28 1 -34Z', LEAF_LIGHT);
  for (const [x, y, r] of [
    [-28, 2, -30],
    [26, 4, 20],
    [34, 12, 60],
  ] as const) {
    a.ellipse(x, y, 3.5, 5.5, '#F0CC8A', r);
  }
}

function sun(a: Art): void {
  for (let i = 0; i < 12; i++) {
    const t = (i * Math.PI) / 6;
    a.capsule(
      Math.cos(t) * 52,
      Math.sin(t) * 52,
      Math.cos(t) * 66,
      Math.sin(t) * 66,
      6,
      3,
      '#FFB13D',
    );
  }
  a.circle(0, 0, 47, '#FFB13D');
  a.circle(0, 0, 43, GOLD);
  a.circle(-12, -14, 22, '#FFD86B', ' opacity=".7"');
  face(a, CALM, {
    x: 0,
    y: -4,
    gap: 14,
    s: 0.75,
    mx: 0,
    my: 11,
    mouth: 'smile',
    cheekGap: 24,
    cheekY: 8,
  });
}

/** Crescent: circle r=R at (0,0) minus circle r2 at (dx,dy), opening to the upper right. */
function moon(a: Art): void {
  const R = 52;
  const cx2 = 24;
  const cy2 = -14;
  const r2 = 46;
  const d = Math.hypot(cx2, cy2);
  const ax = (R * R - r2 * r2 + d * d) / (2 * d);
  const h = Math.sqrt(R * R - ax * ax);
  const ux = cx2 / d;
  const uy = cy2 / d;
  const p1 = [ax * ux - h * uy, ax * uy + h * ux] as const;
  const p2 = [ax * ux + h * uy, ax * uy - h * ux] as const;
  const body = `M${num(p1[0])} ${num(p1[1])}A${R} ${R} 0 1 1 ${num(p2[0])} ${num(p2[1])}A${r2} ${r2} 0 0 0 ${num(p1[0])} ${num(p1[1])}Z`;
  a.path(body, '#FFE27A');
  a.grow(-R, -R).grow(R, R);
  const m = new Art();
  m.circle(-16, 32, 7, '#F5CF4E').circle(4, 42, 4.5, '#F5CF4E').circle(-40, -24, 4, '#F5CF4E');
  a.clip(`<path d="${body}"/>`, m);
  eye(a, -33, -4, 0.55, 'closed');
  a.ellipse(-34, 6, 5, 3, '#FF9F8F', 0, ' opacity=".6"');
  a.line('M-27 15Q-23 19 -19 15', '#C98A3A', 2);
}

function star(a: Art): void {
  a.path(roundedPoly(starPoints(0, 3, 33, 15), 0.16), '#F2A92E');
  a.path(roundedPoly(starPoints(0, 0, 33, 15), 0.16), GOLD);
  a.path(roundedPoly(starPoints(-2, -2, 20, 9), 0.2), '#FFD86B', ' opacity=".8"');
  face(a, CALM, {
    x: 0,
    y: 2,
    gap: 7,
    s: 0.38,
    mx: 0,
    my: 8,
    mouth: 'smile',
    cheekGap: 12,
    cheekY: 8,
    ms: 0.8,
  });
}

function cloud(a: Art): void {
  cloudShape(a, 0, 0, 1);
}

function rainbow(a: Art): void {
  const cols = ['#E84A4A', '#FF8A3D', '#FFC23D', '#5CC86B', '#3DB6E8', '#7C6CF2'];
  cols.forEach((c, i) => {
    arch(a, 0, 40, 240 - i * 22, 218 - i * 22, c);
  });
  cloudShape(a, -196, 36, 0.5);
  cloudShape(a, 196, 36, 0.5);
}

function heart(a: Art): void {
  a.path(
    'M0 29C-31 8 -31 -21 -15 -24C-7 -25 -2 -20 0 -14C2 -20 7 -25 15 -24C31 -21 31 8 0 29Z',
    '#D94A8A',
  );
  a.path(
    'M0 26C-31 5 -31 -24 -15 -27C-7 -28 -2 -23 0 -17C2 -23 7 -28 15 -27C31 -24 31 5 0 26Z',
    '#F2609E',
  );
  a.ellipse(-13, -13, 4.5, 7, WHITE, 40, ' opacity=".6"');
}

// ---------------------------------------------------------------------------
// Home things
// ---------------------------------------------------------------------------

function cup(a: Art): void {
  a.path('M20 -14Q38 -14 38 2Q38 18 20 18V10Q30 10 30 2Q30 -6 20 -6Z', '#2A9AD4');
  a.path('M-22 -24H22V14Q22 26 10 26H-10Q-22 26 -22 14Z', '#3DB6E8');
  a.ellipse(0, -24, 22, 5, '#2A9AD4');
  a.ellipse(0, -23, 18, 3.5, '#9A6A44');
  a.path('M0 10C-12 2 -9 -8 -3 -7Q-1 -6 0 -4Q1 -6 3 -7C9 -8 12 2 0 10Z', WHITE);
  a.line('M-6 -34Q-10 -40 -6 -46M6 -34Q2 -40 6 -46', '#C9C6DD', 2.5);
}

function clock(a: Art): void {
  a.capsule(-22, 30, -28, 40, 3.5, 3.5, INK).capsule(22, 30, 28, 40, 3.5, 3.5, INK);
  a.path('M-30 -30A12 12 0 0 1 -14 -44Z', GOLD).path('M30 -30A12 12 0 0 0 14 -44Z', GOLD);
  a.grow(-36, -48).grow(36, -48);
  a.circle(-24, -38, 12, GOLD).circle(24, -38, 12, GOLD);
  a.capsule(0, -40, 0, -46, 3, 3, INK);
  ball3d(a, 0, 0, 38, RED, '#C93838');
  a.circle(0, 0, 30, WHITE);
  for (let i = 0; i < 12; i++) {
    const t = (i * Math.PI) / 6;
    a.circle(Math.cos(t) * 24, Math.sin(t) * 24, i % 3 === 0 ? 2.6 : 1.4, INK);
  }
  a.line('M0 0V-17M0 0L12 6', INK, 3);
  a.circle(0, 0, 3, RED);
}

function chair(a: Art): void {
  a.rect(-34, 30, 8, 52, WOOD_DARK, 3).rect(26, 30, 8, 52, WOOD_DARK, 3);
  a.rect(-40, -86, 10, 100, WOOD, 4).rect(30, -86, 10, 100, WOOD, 4);
  a.rect(-42, -88, 84, 20, WOOD, 8);
  a.rect(-38, -84, 76, 5, WOOD_LIGHT, 2.5);
  for (const x of [-20, -3.5, 13]) a.rect(x, -68, 7, 64, WOOD, 3);
  a.path('M-44 6H44L52 18H-52Z', WOOD_LIGHT);
  a.rect(-52, 18, 104, 12, WOOD, 4);
  a.rect(-50, 28, 11, 58, WOOD, 4).rect(39, 28, 11, 58, WOOD, 4);
}

function table(a: Art): void {
  a.rect(-86, -40, 10, 96, WOOD_DARK, 4).rect(76, -40, 10, 96, WOOD_DARK, 4);
  a.path('M-98 -64H98L112 -50H-112Z', WOOD_LIGHT);
  a.rect(-112, -50, 224, 14, WOOD, 5);
  a.rect(-100, -36, 200, 10, WOOD_DARK);
  a.rect(-104, -40, 13, 104, WOOD, 5).rect(91, -40, 13, 104, WOOD, 5);
  a.line('M-90 -58H60', '#F0C48E', 2.5, ' opacity=".8"');
}

function plantPot(a: Art): void {
  const leafAt = (ang: number, len: number, fill: string) => {
    const g = new Art();
    g.path(`M0 0Q${-len * 0.35} ${-len * 0.5} 0 ${-len}Q${len * 0.35} ${-len * 0.5} 0 0Z`, fill);
    g.line(`M0 -2L0 ${-len * 0.85}`, LEAF_DARK, 1.5, ' opacity=".6"');
    a.group(g, { x: 0, y: -2, rot: ang });
  };
  leafAt(-60, 38, LEAF_DARK);
  leafAt(60, 38, LEAF_DARK);
  leafAt(-30, 46, LEAF);
  leafAt(30, 46, LEAF);
  leafAt(0, 52, LEAF_LIGHT);
  a.path('M-24 6H24L18 46Q18 50 14 50H-14Q-18 50 -18 46Z', '#E07B4A');
  a.path('M10 6H24L18 46Q18 50 14 50H8Z', '#C9653A', ' opacity=".6"');
  a.rect(-29, -4, 58, 13, '#EE9462', 5);
  a.ellipse(0, -3, 24, 3, '#7A4B2A');
}

function train(a: Art): void {
  const wheel = (x: number, y: number, r: number) =>
    a.circle(x, y, r, INK).circle(x, y, r * 0.45, STEEL);
  a.circle(104, -70, 9, '#E1E4EE').circle(118, -82, 12, '#E9EBF3').circle(136, -90, 9, '#F1F2F7');
  a.rect(-126, -30, 96, 40, LEAF, 6);
  a.rect(-118, -24, 22, 18, SKY, 4).rect(-90, -24, 22, 18, SKY, 4).rect(-62, -24, 22, 18, SKY, 4);
  a.rect(-130, -38, 104, 10, '#3E9B4F', 5);
  a.line('M-30 4H0', INK, 3);
  a.rect(0, -60, 50, 70, RED, 6);
  a.rect(-6, -70, 62, 12, INK, 5);
  a.rect(10, -50, 30, 22, SKY, 4);
  a.capsule(50, -14, 112, -14, 22, 22, '#3DB6E8');
  a.rect(72, -36, 6, 44, '#2A9AD4').rect(96, -36, 6, 44, '#2A9AD4');
  a.rect(94, -62, 16, 26, INK, 3).rect(90, -66, 24, 8, INK, 3);
  a.path('M126 4L144 20H118Z', GOLD);
  a.circle(130, -16, 5, '#FFE27A');
  wheel(-106, 12, 11);
  wheel(-50, 12, 11);
  wheel(24, 12, 16);
  wheel(76, 16, 12);
  wheel(104, 16, 12);
  a.line('M24 12H104', STEEL, 3);
}

function bus(a: Art): void {
  const Y = '#FFC23D';
  const YD = '#E8A623';
  a.rect(-186, -78, 372, 130, Y, 20);
  a.rect(-180, -86, 360, 16, YD, 8);
  for (let i = 0; i < 5; i++) {
    const x = -168 + i * 54;
    a.rect(x, -60, 44, 38, SKY, 6);
    a.path(`M${x + 6} ${-30}L${x + 24} ${-56}H${x + 32}L${x + 14} ${-30}Z`, WHITE, ' opacity=".5"');
  }
  a.rect(112, -60, 34, 96, YD, 5);
  a.rect(116, -56, 12, 44, SKY, 3).rect(130, -56, 12, 44, SKY, 3);
  a.path('M154 -60H176Q186 -60 186 -50V-16H154Z', SKY);
  a.rect(-186, -8, 296, 7, INK).rect(-186, 4, 296, 4, INK);
  a.rect(146, -8, 40, 7, INK).rect(146, 4, 40, 4, INK);
  a.rect(-192, 40, 384, 12, '#8A86A3', 6);
  a.circle(178, 18, 8, '#FFF4B0').rect(-190, 12, 8, 12, RED, 3);
  a.ellipse(-8, -72, 60, 5, '#FFE08A', 0, ' opacity=".8"');
  for (const x of [-110, 100]) {
    a.circle(x, 52, 30, '#3A3654')
      .circle(x, 52, 26, INK)
      .circle(x, 52, 12, STEEL)
      .circle(x, 52, 4, INK);
  }
}

// ---------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------

type Painter = (a: Art, c: Tint) => void;

/** Painters and, for colourable props, the default colour. */
const PAINTERS: Record<PropId, { paint: Painter; color?: Color }> = {
  kite: { paint: kite, color: 'red' },
  ball: { paint: ball, color: 'red' },
  balloon: { paint: balloon, color: 'red' },
  book: { paint: book, color: 'blue' },
  schoolbag: { paint: schoolbag, color: 'blue' },
  pencil: { paint: pencil },
  paintbrush: { paint: paintbrush },
  apple: { paint: apple },
  banana: { paint: banana },
  orange: { paint: orange },
  watermelon: { paint: watermelon },
  strawberry: { paint: strawberry },
  carrot: { paint: carrot },
  corn: { paint: corn },
  egg: { paint: egg },
  bread: { paint: bread },
  milk: { paint: milk },
  noodles: { paint: noodles },
  dumplings: { paint: dumplings },
  mooncake: { paint: mooncake },
  zongzi: { paint: zongzi },
  cake: { paint: cake },
  lantern: { paint: lantern },
  red_envelope: { paint: redEnvelope },
  couplet: { paint: couplet },
  dragon_boat: { paint: dragonBoat },
  umbrella: { paint: umbrella, color: 'yellow' },
  raincoat: { paint: raincoat },
  flower: { paint: flower, color: 'pink' },
  tree: { paint: tree },
  leaf: { paint: leaf },
  snowman: { paint: snowman },
  sandcastle: { paint: sandcastle },
  toy_car: { paint: toyCar, color: 'red' },
  doll: { paint: doll },
  blocks: { paint: blocks },
  bike: { paint: bike, color: 'blue' },
  hat: { paint: hat, color: 'yellow' },
  gift: { paint: gift, color: 'purple' },
  cup: { paint: cup },
  clock: { paint: clock },
  chair: { paint: chair },
  table: { paint: table },
  plant_pot: { paint: plantPot },
  sun: { paint: sun },
  moon: { paint: moon },
  star: { paint: star },
  cloud: { paint: cloud },
  rainbow: { paint: rainbow },
  heart: { paint: heart },
  bucket: { paint: bucket },
  seed: { paint: seed },
  bus: { paint: bus },
  train: { paint: train },
};

/** Whether the prop takes a colour (marked "(color)" in the vocabulary). */
export function propTakesColor(id: PropId): boolean {
  return PAINTERS[id].color !== undefined;
}

/**
 * Draws one prop centred on (0, 0) at its natural page size. `color` applies to colourable
 * props (others ignore it); unknown ids throw.
 */
export function drawProp(id: PropId, options: { color?: Color } = {}): Drawing {
  const entry = PAINTERS[id];
  if (!entry) throw new Error(`unknown prop: ${String(id)}`);
  const a = new Art();
  entry.paint(a, tint(options.color ?? entry.color ?? 'red'));
  return finish(a, 'centre');
}
