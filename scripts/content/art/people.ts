/**
 * People of the sample library, drawn by a small parametric rig: one shared body (legs, torso,
 * arms, head) posed by joint angles or hand targets per pose, dressed by per-character style data
 * (people-parts/looks.ts), with the face set by the mood (people-parts/face.ts).
 *
 * Coordinates: the anchor (0, 0) is the point between the feet on the ground (`sit`: the seat
 * under the bottom; `sleep`: the ground under the lying figure), y grows downwards, the figure
 * faces right. Sizes are canvas units for the 1280×800 page canvas at size 1.
 */

import { drawFace, FX, type Gaze } from './people-parts/face';
import { type Body, LOOKS, type Look, type TorsoFrame } from './people-parts/looks';
import {
  along,
  angleOf,
  apply,
  dir,
  lerp,
  n,
  Pen,
  type Pt,
  rotation,
  tint,
} from './people-parts/pen';
import type { Drawing, Mood, PersonPose } from './types';
import type { PersonId } from './vocabulary';

export interface PersonDrawing extends Drawing {
  /** Where the centre of a held prop goes (same coordinates as the markup). */
  hand: { x: number; y: number };
  /** The bounding box in the figure's coordinates (x, y = top-left corner). */
  box: { x: number; y: number; width: number; height: number };
}

export interface PersonOptions {
  pose?: PersonPose;
  mood?: Mood;
  /** Cover colour of the open book in the `read` pose (hex); default purple. */
  bookColor?: string;
}

/** Limb by absolute angles (0 = down, 90 = forward, 180 = up, -90 = back) of its two segments. */
interface Angles {
  up: number;
  lo: number;
}
/** Arm that reaches a named target (plus an offset); `bend` picks the elbow side. */
interface Reach {
  at: 'mouth' | 'chin' | 'belly' | 'lap' | 'bookL' | 'bookR' | 'clap' | 'elbow';
  dx?: number;
  dy?: number;
  bend: 1 | -1;
  /** Fixed upper-arm angle (the forearm then stretches to the target, as if foreshortened). */
  up?: number;
  /** Upper arm length factor with `up` (pointing towards the viewer). */
  short?: number;
}
type ArmSpec = Angles | Reach;

interface PoseDef {
  /** Front arm (the side the figure faces) and back arm. */
  armF: ArmSpec;
  armB: ArmSpec;
  legF: Angles;
  legB: Angles;
  /** Forward lean of the upper body, degrees. */
  lean?: number;
  /** Head tilt, degrees (positive = nodding forward/down). */
  tilt?: number;
  /** Feet above the ground. */
  lift?: number;
  mode?: 'feet' | 'seat' | 'lying';
  gaze?: Gaze;
  /** Draw the back arm in front of the body (it crosses the chest). */
  backArmFront?: boolean;
  /** Which hand holds the prop. */
  hand?: 'F' | 'B' | 'book';
  mark?: 'wave' | 'clap' | 'run' | 'jump' | 'zzz' | 'think';
  finger?: boolean;
  /** Arm overrides for the big-headed children. */
  kid?: { armF?: ArmSpec; armB?: ArmSpec };
}

const HANG_F: Angles = { up: 9, lo: 4 };
const HANG_B: Angles = { up: -9, lo: -4 };
const LEG_F: Angles = { up: 2, lo: 0 };
const LEG_B: Angles = { up: -2, lo: 0 };

const POSES: Record<PersonPose, PoseDef> = {
  stand: { armF: HANG_F, armB: HANG_B, legF: LEG_F, legB: LEG_B },
  wave: {
    armF: { up: 100, lo: 166 },
    armB: HANG_B,
    kid: { armF: { up: 78, lo: 148 } },
    legF: LEG_F,
    legB: LEG_B,
    tilt: -3,
    mark: 'wave',
  },
  point: {
    armF: { up: 114, lo: 117 },
    armB: HANG_B,
    legF: LEG_F,
    legB: LEG_B,
    finger: true,
  },
  walk: {
    // near leg back, far leg forward, so the near (prop) arm swings forward in opposition
    armF: { up: 24, lo: 44 },
    armB: { up: -26, lo: -14 },
    legF: { up: -22, lo: -34 },
    legB: { up: 24, lo: 10 },
    lean: 3,
  },
  run: {
    armF: { up: -78, lo: -34 },
    armB: { up: 48, lo: 118 },
    legF: { up: 60, lo: -20 },
    legB: { up: -35, lo: -140 },
    lean: 17,
    lift: 10,
    backArmFront: true,
    hand: 'B',
    mark: 'run',
  },
  jump: {
    armF: { up: 136, lo: 158 },
    armB: { up: -136, lo: -158 },
    kid: { armF: { up: 116, lo: 150 }, armB: { up: -116, lo: -150 } },
    legF: { up: 40, lo: -12 },
    legB: { up: 12, lo: -40 },
    lift: 20,
    mark: 'jump',
  },
  sit: {
    armF: { at: 'lap', dx: 8, dy: -4, bend: 1 },
    armB: { at: 'lap', dx: -4, dy: -4, bend: 1 },
    legF: { up: 90, lo: 2 },
    legB: { up: 87, lo: -2 },
    mode: 'seat',
  },
  read: {
    armF: { at: 'bookR', bend: 1 },
    armB: { at: 'bookL', bend: -1 },
    legF: LEG_F,
    legB: LEG_B,
    tilt: 7,
    gaze: 'down',
    backArmFront: true,
    hand: 'book',
  },
  eat: {
    armF: { at: 'mouth', dx: 11, dy: 10, bend: 1, up: 95, short: 0.78 },
    armB: HANG_B,
    legF: LEG_F,
    legB: LEG_B,
  },
  sleep: {
    armF: { at: 'belly', dx: 2, dy: 0, bend: 1 },
    armB: { up: 3, lo: 3 },
    legF: { up: 22, lo: -8 },
    legB: { up: 3, lo: 0 },
    mode: 'lying',
    tilt: 40,
    mark: 'zzz',
  },
  clap: {
    armF: { at: 'clap', dx: 5, dy: 3, bend: 1 },
    armB: { at: 'clap', dx: -4, dy: -4, bend: 1 },
    legF: LEG_F,
    legB: LEG_B,
    backArmFront: true,
    mark: 'clap',
  },
  hold: {
    armF: { up: 62, lo: 86 },
    armB: HANG_B,
    legF: LEG_F,
    legB: LEG_B,
  },
  think: {
    armF: { at: 'chin', dx: 2, bend: 1, up: 25, short: 0.6 },
    armB: { at: 'elbow', bend: 1 },
    legF: LEG_F,
    legB: LEG_B,
    tilt: -6,
    gaze: 'up',
    backArmFront: true,
    mark: 'think',
  },
  hug: {
    armF: { up: 112, lo: 100 },
    armB: { up: -118, lo: -104 },
    legF: LEG_F,
    legB: LEG_B,
    tilt: 3,
  },
};

/** Two-bone inverse kinematics: elbow and hand for a hand target. */
function reach(s: Pt, t: Pt, l1: number, l2: number, bend: 1 | -1): { e: Pt; h: Pt } {
  const dx = t.x - s.x;
  const dy = t.y - s.y;
  const d0 = Math.hypot(dx, dy) || 1;
  const d = Math.min(l1 + l2 - 0.5, Math.max(Math.abs(l1 - l2) + 0.5, d0));
  const base = Math.atan2(dy, dx);
  const c = (l1 * l1 + d * d - l2 * l2) / (2 * l1 * d);
  const a = base + bend * Math.acos(Math.max(-1, Math.min(1, c)));
  const e = { x: s.x + Math.cos(a) * l1, y: s.y + Math.sin(a) * l1 };
  const h = { x: s.x + (dx / d0) * d, y: s.y + (dy / d0) * d };
  return { e, h };
}

const MARK = '#8FA8E0';

function zigZ(pen: Pen, x: number, y: number, s: number): void {
  pen.stroke(`M${n(x)} ${n(y)}h${n(s)}l${n(-s)} ${n(s)}h${n(s)}`, '#7C6CF2', 3, [
    { x, y },
    { x: x + s, y: y + s },
  ]);
}

function drawBook(pen: Pen, c: Pt, w: number, h: number, color: string): void {
  const x = c.x;
  const y = c.y;
  const hw = w / 2;
  const hh = h / 2;
  pen.open(`rotate(-6 ${n(x)} ${n(y)})`, rotation(-6, x, y));
  pen.path(
    `M${n(x - hw - 3)} ${n(y - hh + 2)}L${n(x)} ${n(y - hh + 6)}L${n(x + hw + 3)} ${n(y - hh + 2)}L${n(x + hw + 3)} ${n(y + hh + 2)}L${n(x)} ${n(y + hh + 7)}L${n(x - hw - 3)} ${n(y + hh + 2)}Z`,
    color,
    [
      { x: x - hw - 3, y: y - hh - 3 },
      { x: x + hw + 3, y: y + hh + 7 },
    ],
  );
  for (const s of [-1, 1]) {
    pen.path(
      `M${n(x + s * hw)} ${n(y - hh)}Q${n(x + (s * hw) / 2)} ${n(y - hh - 5)} ${n(x)} ${n(y - hh + 3)}L${n(x)} ${n(y + hh + 3)}Q${n(x + (s * hw) / 2)} ${n(y + hh - 4)} ${n(x + s * hw)} ${n(y + hh - 2)}Z`,
      '#FFF9F0',
    );
  }
  pen.circle({ x: x - hw * 0.55, y: y - hh * 0.25 }, h * 0.13, '#FFC23D');
  pen.path(
    `M${n(x - hw + 2)} ${n(y + hh - 4)}Q${n(x - hw * 0.6)} ${n(y)} ${n(x - hw * 0.25)} ${n(y + hh * 0.4)}Q${n(x - hw * 0.12)} ${n(y + hh * 0.1)} ${n(x - 2)} ${n(y + hh * 0.4)}L${n(x - 2)} ${n(y + hh)}Z`,
    '#5CC86B',
  );
  pen.stroke(
    `M${n(x + 6)} ${n(y - hh * 0.35)}h${n(hw * 0.6)}M${n(x + 6)} ${n(y)}h${n(hw * 0.6)}M${n(x + 6)} ${n(y + hh * 0.35)}h${n(hw * 0.45)}`,
    '#C9C2E8',
    2.2,
  );
  pen.close();
}

interface Limb {
  root: Pt;
  mid: Pt;
  end: Pt;
  /** Angle of the lower segment. */
  lo: number;
}

export function drawPerson(id: PersonId, options: PersonOptions = {}): PersonDrawing {
  const look: Look = LOOKS[id];
  const b: Body = look.body;
  const poseName: PersonPose = options.pose ?? 'stand';
  const mood: Mood = options.mood ?? 'happy';
  const p = POSES[poseName];
  const mode = p.mode ?? 'feet';
  const lean = p.lean ?? 0;
  const kid = b.torso < 80;
  const pen = new Pen();

  // ---- skeleton (raw frame: hip centre at 0,0) ----
  const L = rotation(lean);
  const torsoPt = (x: number, y: number): Pt => apply(L, { x, y });
  const T = b.torso;
  const shoulderY = -T + b.armR + 3;
  const shoulderX = b.sw - b.armR - 1;
  const shF = torsoPt(shoulderX, shoulderY);
  const shB = torsoPt(-shoulderX, shoulderY);
  const headShift = mode === 'lying' ? 40 * b.head - b.sw : kid ? 1 : 2;
  const headC = torsoPt(headShift, -T - b.neck);
  const s = b.head;

  const leg = (side: 1 | -1, a: Angles): Limb => {
    const root = { x: side * b.hipSep, y: 0 };
    const mid = along(root, a.up, b.thigh);
    return { root, mid, end: along(mid, a.lo, b.shin), lo: a.lo };
  };
  const legF = leg(1, p.legF);
  const legB = leg(-1, p.legB);

  const bookW = kid ? 64 : 78;
  const bookH = kid ? 40 : 48;
  const chestMid = torsoPt(0, -T);
  const book = { x: chestMid.x + b.sw * 0.5 + 8, y: chestMid.y + T * (kid ? 0.55 : 0.42) };
  const targets: Record<Reach['at'], Pt> = {
    mouth: { x: headC.x + (FX + 2) * s, y: headC.y + 22 * s },
    chin: { x: headC.x + (FX + 6) * s, y: headC.y + 40 * s },
    belly: torsoPt(b.ww * 0.5, -T * 0.35),
    lap: { x: b.thigh * 0.6, y: -b.legR - 2 },
    bookL: { x: book.x - bookW / 2 + 5, y: book.y + bookH / 2 - 3 },
    bookR: { x: book.x + bookW / 2 - 4, y: book.y + bookH / 2 - 6 },
    clap: torsoPt(b.sw + (kid ? 12 : 20), -T * 0.72),
    elbow: torsoPt(b.ww * 0.7, -T * 0.3),
  };
  const handR = b.armR + 1.8;
  const arm = (root: Pt, a: ArmSpec): Limb => {
    if ('at' in a) {
      const t = targets[a.at];
      const goal = { x: t.x + (a.dx ?? 0), y: t.y + (a.dy ?? 0) };
      if (a.up !== undefined) {
        const e = along(root, a.up, b.upperArm * (a.short ?? 1));
        const lo = angleOf(e, goal);
        return { root, mid: e, end: along(e, lo, Math.hypot(goal.x - e.x, goal.y - e.y) - 2), lo };
      }
      const { e, h } = reach(root, goal, b.upperArm, b.foreArm + 2, a.bend);
      const lo = angleOf(e, h);
      return { root, mid: e, end: along(e, lo, b.foreArm), lo };
    }
    const mid = along(root, a.up, b.upperArm);
    return { root, mid, end: along(mid, a.lo, b.foreArm), lo: a.lo };
  };
  const armF = arm(shF, (kid && p.kid?.armF) || p.armF);
  const armB = arm(shB, (kid && p.kid?.armB) || p.armB);
  const handOf = (l: Limb): Pt => along(l.end, l.lo, 2);

  // ---- colours ----
  const far = 0.88;
  const skinFar = tint(look.skin, 0.94);
  const lower = look.lower;
  const seated = mode === 'seat';

  const drawLeg = (l: Limb, isFar: boolean): void => {
    const f = isFar ? far : 1;
    const skin = isFar ? skinFar : look.skin;
    if (lower.kind === 'trousers') {
      const c = tint(lower.color, f);
      pen.capsule(l.root, l.mid, b.legR, c);
      pen.capsule(l.mid, along(l.end, l.lo, 7 - b.legR), b.legR, c);
    } else {
      pen.capsule(l.root, l.mid, b.legR - 1, skin);
      pen.capsule(l.mid, l.end, b.legR - 1.5, skin);
      if (look.socks) pen.capsule(l.end, lerp(l.end, l.mid, 0.28), b.legR - 1, tint(look.socks, f));
      if (lower.kind === 'shorts') {
        pen.capsule(l.root, lerp(l.root, l.mid, lower.reach), b.legR + 2.5, tint(lower.color, f));
      } else if (seated) {
        const c = lower.kind === 'dress' ? look.top : lower.color;
        pen.capsule(l.root, lerp(l.root, l.mid, 1.05), b.legR + 2, tint(c, f));
      }
    }
    // shoe
    const foot = { x: Math.cos((l.lo * Math.PI) / 180), y: -Math.sin((l.lo * Math.PI) / 180) };
    const sh = dir(l.lo);
    const rx = kid ? 11.5 : 13.5;
    const ry = kid ? 7 : 7.5;
    pen.ellipse(
      { x: l.end.x + foot.x * 4 + sh.x * 3, y: l.end.y + foot.y * 4 + sh.y * 3 },
      rx,
      ry,
      tint(look.shoes, f),
      -l.lo,
    );
  };

  const sleeveR = b.armR + 1.8 + (look.puff ?? 0);
  const drawArm = (l: Limb, isFar: boolean): void => {
    const skin = isFar ? skinFar : look.skin;
    const top = tint(look.top, isFar ? far : 1);
    const cover = look.sleeve;
    if (cover < 1) pen.capsule(l.root, l.mid, b.armR, skin);
    if (cover < 2) pen.capsule(l.mid, l.end, b.armR, skin);
    if (cover <= 1) {
      pen.capsule(l.root, lerp(l.root, l.mid, cover), sleeveR, top);
    } else {
      pen.capsule(l.root, l.mid, b.armR + 1.5, top);
      pen.capsule(l.mid, lerp(l.mid, l.end, cover - 1), b.armR + 1.5, top);
    }
  };
  const drawHand = (l: Limb, isFar: boolean, finger = false): void => {
    const h = handOf(l);
    const skin = isFar ? skinFar : look.skin;
    if (finger) pen.capsule(h, along(h, l.lo, handR + 5), 3.2, skin);
    pen.circle(h, handR, skin);
  };

  // ---- draw ----
  if (mode === 'lying') pen.open('rotate(-90)', rotation(-90));

  const backInFront = p.backArmFront === true;
  if (!backInFront) {
    drawArm(armB, true);
    drawHand(armB, true);
  }
  drawLeg(legB, true);
  drawLeg(legF, false);

  // torso (leaning group)
  if (lean) pen.open(`rotate(${n(lean)})`, L);
  const tf: TorsoFrame = {
    top: -T,
    sw: b.sw,
    ww: b.ww,
    hem: seated && lower.kind !== 'trousers' && lower.kind !== 'shorts' ? 4 : b.hem,
    cx: Math.round(b.sw * 0.14),
  };
  look.behind?.(pen, tf);
  // neck
  pen.capsule(
    { x: headShift * 0.5, y: -T + 4 },
    { x: headShift, y: -T - b.neck + 20 },
    7.5,
    tint(look.skin, 0.93),
  );
  const top = -T;
  const r = kid ? 13 : 15;
  if (lower.kind === 'skirt' && !seated) {
    const hemY = lower.length;
    const hw = b.ww + lower.flare;
    pen.path(
      `M${n(-b.ww)} -10L${n(b.ww)} -10L${n(hw)} ${n(hemY - 4)}Q${n(hw)} ${n(hemY)} ${n(hw - 5)} ${n(hemY)}L${n(-hw + 5)} ${n(hemY)}Q${n(-hw)} ${n(hemY)} ${n(-hw)} ${n(hemY - 4)}Z`,
      lower.color,
      [
        { x: -hw, y: -10 },
        { x: hw, y: hemY },
      ],
    );
  }
  if (lower.kind === 'dress' && !seated) {
    const hemY = lower.length;
    const hw = b.ww + lower.flare;
    const waist = -T * 0.42;
    const wx = b.ww - 2;
    pen.path(
      `M${n(-b.sw)} ${n(top + r)}Q${n(-b.sw)} ${n(top)} ${n(-b.sw + r)} ${n(top)}L${n(b.sw - r)} ${n(top)}Q${n(b.sw)} ${n(top)} ${n(b.sw)} ${n(top + r)}L${n(wx)} ${n(waist)}L${n(hw)} ${n(hemY - 5)}Q${n(hw + 1)} ${n(hemY)} ${n(hw - 6)} ${n(hemY)}Q0 ${n(hemY + 4)} ${n(-hw + 6)} ${n(hemY)}Q${n(-hw - 1)} ${n(hemY)} ${n(-hw)} ${n(hemY - 5)}L${n(-wx)} ${n(waist)}Z`,
      look.top,
      [
        { x: -hw - 1, y: top },
        { x: hw + 1, y: hemY + 4 },
      ],
    );
    pen.path(
      `M${n(-hw + 1.5)} ${n(hemY - 9)}L${n(hw - 1.5)} ${n(hemY - 9)}L${n(hw)} ${n(hemY - 5)}Q${n(hw + 1)} ${n(hemY)} ${n(hw - 6)} ${n(hemY)}Q0 ${n(hemY + 4)} ${n(-hw + 6)} ${n(hemY)}Q${n(-hw - 1)} ${n(hemY)} ${n(-hw)} ${n(hemY - 5)}Z`,
      tint(look.top, 1.35),
    );
  } else {
    const hem = tf.hem;
    const ww = b.ww;
    pen.path(
      `M${n(-b.sw)} ${n(top + r)}Q${n(-b.sw)} ${n(top)} ${n(-b.sw + r)} ${n(top)}L${n(b.sw - r)} ${n(top)}Q${n(b.sw)} ${n(top)} ${n(b.sw)} ${n(top + r)}L${n(ww)} ${n(hem - 6)}Q${n(ww)} ${n(hem)} ${n(ww - 6)} ${n(hem)}L${n(-ww + 6)} ${n(hem)}Q${n(-ww)} ${n(hem)} ${n(-ww)} ${n(hem - 6)}Z`,
      look.top,
      [
        { x: -b.sw, y: top },
        { x: b.sw, y: hem },
      ],
    );
  }
  look.details?.(pen, tf);

  // head
  const tilt = p.tilt ?? 0;
  const headLocal = { x: headShift, y: -T - b.neck };
  const hr = rotation(tilt);
  pen.open(
    `translate(${n(headLocal.x)} ${n(headLocal.y)})${tilt ? ` rotate(${n(tilt)})` : ''}${s === 1 ? '' : ` scale(${s})`}`,
    [hr[0] * s, hr[1] * s, hr[2] * s, hr[3] * s, headLocal.x, headLocal.y],
  );
  look.hairBack?.(pen);
  pen.ellipse({ x: 0, y: 0 }, 40, 39, look.skin);
  const closed = poseName === 'sleep';
  drawFace(pen, look, { mood, closed, gaze: p.gaze ?? 'ahead' });
  look.hairFront(pen);
  if (look.hair !== look.skin && id !== 'grandpa') {
    pen.path('M2-37Q20-41 31-28Q18-34 2-33Z', '#FFFFFF', [], ' opacity=".18"');
  }
  if (look.ear) {
    pen.circle({ x: -37, y: 7 }, 8, look.skin);
    pen.stroke('M-38 3Q-34 7-38 11', '#E0B89E', 2.2);
  }
  const headMid = pen.map({ x: 0, y: 0 });
  pen.close();
  if (lean) pen.close();

  // front arm, crossing arm, book, hands
  if (backInFront) drawArm(armB, true);
  drawArm(armF, false);
  const bookColor = options.bookColor ?? '#7C6CF2';
  if (p.hand === 'book') drawBook(pen, book, bookW, bookH, bookColor);
  if (backInFront) drawHand(armB, true);
  drawHand(armF, false, p.finger === true);

  let hand: Pt = p.hand === 'book' ? book : p.hand === 'B' ? handOf(armB) : handOf(armF);
  hand = pen.map(hand);
  if (mode === 'lying') pen.close();

  // ---- anchor ----
  let dx = 0;
  let dy = 0;
  if (mode === 'feet') {
    const low = (l: Limb): number => {
      const a = (l.lo * Math.PI) / 180;
      const rx = kid ? 11.5 : 13.5;
      const ry = kid ? 7 : 7.5;
      const c = l.end.y - Math.sin(a) * 4 + Math.cos(a) * 3;
      return c + Math.sqrt((rx * Math.sin(a)) ** 2 + (ry * Math.cos(a)) ** 2);
    };
    dy = -Math.max(low(legF), low(legB)) - (p.lift ?? 0);
    dx = -(legF.end.x + legB.end.x) / 2;
  } else if (mode === 'seat') {
    dy = -b.legR;
    dx = -b.thigh * 0.5;
  } else {
    dy = -pen.maxY;
    dx = -(pen.minX + pen.maxX) / 2;
  }

  // ---- marks (motion lines etc.), raw frame ----
  const bodyMinX = pen.minX;
  if (p.mark === 'wave') {
    const h = hand;
    for (const k of [1, 2]) {
      const rr = handR + 4 + k * 6;
      const a0 = -0.9;
      const a1 = 0.5;
      pen.stroke(
        `M${n(h.x + Math.cos(a0) * rr)} ${n(h.y + Math.sin(a0) * rr)}A${n(rr)} ${n(rr)} 0 0 1 ${n(h.x + Math.cos(a1) * rr)} ${n(h.y + Math.sin(a1) * rr)}`,
        MARK,
        3,
        [
          { x: h.x + rr, y: h.y - rr * 0.8 },
          { x: h.x + rr, y: h.y + rr * 0.5 },
        ],
      );
    }
  } else if (p.mark === 'clap') {
    const h = hand;
    for (const a of [-150, -110, -70]) {
      const u = { x: Math.cos((a * Math.PI) / 180), y: Math.sin((a * Math.PI) / 180) };
      const r0 = handR + 5;
      const r1 = handR + 13;
      pen.stroke(
        `M${n(h.x + u.x * r0)} ${n(h.y + u.y * r0)}L${n(h.x + u.x * r1)} ${n(h.y + u.y * r1)}`,
        '#FFC23D',
        3,
        [{ x: h.x + u.x * r1, y: h.y + u.y * r1 }],
      );
    }
  } else if (p.mark === 'run') {
    const x = bodyMinX - 6;
    const ys = [-T * 0.9, -T * 0.55, -T * 0.2];
    ys.forEach((y, i) => {
      const len = kid ? 22 - i * 4 : 30 - i * 5;
      pen.stroke(`M${n(x - i * 4)} ${n(y)}h${n(-len)}`, MARK, 3, [
        { x: x - i * 4, y },
        { x: x - i * 4 - len, y },
      ]);
    });
  } else if (p.mark === 'jump') {
    const g = -dy;
    const feetY = g - (p.lift ?? 0);
    const cx = -dx;
    for (const k of [-1, 0, 1]) {
      pen.stroke(`M${n(cx + k * 12)} ${n(feetY + 5)}v${n(9 - Math.abs(k) * 3)}`, MARK, 3, [
        { x: cx + k * 12, y: feetY + 5 },
        { x: cx + k * 12, y: feetY + 14 },
      ]);
    }
  } else if (p.mark === 'zzz') {
    const x = headMid.x + 18;
    const y = headMid.y - 44 * s;
    zigZ(pen, x, y - 10, 10);
    zigZ(pen, x + 16, y - 32, 13);
    zigZ(pen, x + 36, y - 58, 16);
  } else if (p.mark === 'think') {
    const x = headMid.x + 40 * s;
    const y = headMid.y - 38 * s;
    pen.circle({ x: x + 2, y: y + 4 }, 3.5, '#D6DDF5');
    pen.circle({ x: x + 10, y: y - 7 }, 5, '#D6DDF5');
    pen.circle({ x: x + 22, y: y - 21 }, 7, '#D6DDF5');
  }

  const inner = pen.svg();
  const box = {
    x: pen.minX + dx,
    y: pen.minY + dy,
    width: pen.maxX - pen.minX,
    height: pen.maxY - pen.minY,
  };
  const round = (v: number): number => Math.round(v * 10) / 10;
  return {
    svg: `<g transform="translate(${n(dx)} ${n(dy)})">${inner}</g>`,
    width: round(box.width),
    height: round(box.height),
    hand: { x: round(hand.x + dx), y: round(hand.y + dy) },
    box: { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) },
  };
}
