/**
 * Faces for the people rig, drawn on the nominal head (radius 40, centre 0,0, facing right).
 * The mood sets eyes, brows and mouth; the pose may force closed eyes or a gaze direction.
 */
import type { Mood } from '../types';
import { INK, type Look } from './looks';
import { n, type Pen } from './pen';

export type Gaze = 'ahead' | 'up' | 'down';

export interface FaceOptions {
  mood: Mood;
  closed: boolean;
  gaze: Gaze;
}

/** Horizontal shift of the features (three-quarter view). */
export const FX = 5;
const EYE_Y = 4;
const EYE_DX = 15;
const MOUTH_RED = '#8C3440';
const TONGUE = '#FF8A95';
const CHEEK = '#FF7F8F';

function tongueMouth(pen: Pen, x: number, y: number, w: number, h: number): void {
  pen.path(
    `M${n(x - w)} ${n(y)}Q${n(x)} ${n(y + 2.5)} ${n(x + w)} ${n(y)}Q${n(x + w * 0.85)} ${n(y + h)} ${n(x)} ${n(y + h)}Q${n(x - w * 0.85)} ${n(y + h)} ${n(x - w)} ${n(y)}Z`,
    MOUTH_RED,
  );
  pen.path(
    `M${n(x - w * 0.55)} ${n(y + h * 0.72)}Q${n(x)} ${n(y + h * 0.35)} ${n(x + w * 0.55)} ${n(y + h * 0.72)}Q${n(x)} ${n(y + h * 1.05)} ${n(x - w * 0.55)} ${n(y + h * 0.72)}Z`,
    TONGUE,
  );
}

export function drawFace(pen: Pen, look: Look, o: FaceOptions): void {
  const { mood } = o;
  const eyes = [FX - EYE_DX, FX + EYE_DX];
  // cheeks
  pen.ellipse({ x: FX - 25, y: 17 }, 7, 4.5, CHEEK, 0, ' opacity=".45"');
  pen.ellipse({ x: FX + 24, y: 17 }, 6.5, 4.5, CHEEK, 0, ' opacity=".45"');

  // eyes
  const gy = o.gaze === 'up' ? -2.2 : o.gaze === 'down' ? 2.4 : 0;
  const gx = o.gaze === 'ahead' ? 0 : 1.2;
  const big = mood === 'surprised' ? 1.15 : mood === 'excited' ? 1.08 : 1;
  for (const ex of eyes) {
    if (o.closed) {
      pen.stroke(
        `M${n(ex - 5.5)} ${EYE_Y + 1}Q${n(ex)} ${EYE_Y + 6} ${n(ex + 5.5)} ${EYE_Y + 1}`,
        INK,
        2.6,
      );
      continue;
    }
    if (mood === 'sleepy') {
      pen.path(`M${n(ex - 6)} ${EYE_Y + 1}A6 6 0 0 0 ${n(ex + 6)} ${EYE_Y + 1}Z`, INK);
      pen.stroke(`M${n(ex - 6.5)} ${EYE_Y + 0.5}L${n(ex + 6.5)} ${EYE_Y + 0.5}`, INK, 2.2);
      pen.circle({ x: ex + 2, y: EYE_Y + 3.4 }, 1.4, '#FFFFFF');
      continue;
    }
    const cx = ex + gx;
    const cy = EYE_Y + gy;
    pen.ellipse({ x: cx, y: cy }, 5.6 * big, 6.8 * big, INK);
    pen.circle({ x: cx + 2, y: cy - 2.6 * big }, 2.3 * big, '#FFFFFF');
    pen.circle({ x: cx - 1.8, y: cy + 3 * big }, 1, '#FFFFFF');
  }
  if (mood === 'sad' && !o.closed) {
    const ex = eyes[1] ?? FX;
    pen.path(
      `M${n(ex + 3)} ${EYE_Y + 9}Q${n(ex + 6.5)} ${EYE_Y + 15} ${n(ex + 3)} ${EYE_Y + 17}Q${n(ex - 0.5)} ${EYE_Y + 15} ${n(ex + 3)} ${EYE_Y + 9}Z`,
      '#6CC4F0',
    );
  }

  // brows
  const lift =
    o.closed || mood === 'sleepy' ? 1 : mood === 'surprised' ? -5 : mood === 'excited' ? -3 : 0;
  const by = -9 + lift;
  const browW = 2.6;
  eyes.forEach((ex, i) => {
    if (mood === 'sad' && !o.closed) {
      // inner end raised
      const inner = i === 0 ? 1 : -1;
      pen.stroke(
        `M${n(ex - 5.5 * inner)} ${by + 2}Q${n(ex)} ${by + 1} ${n(ex + 5.5 * inner)} ${by - 3.5}`,
        look.brow,
        browW,
      );
    } else if (mood === 'sleepy' || o.closed) {
      pen.stroke(`M${n(ex - 5)} ${by}Q${n(ex)} ${by - 1.5} ${n(ex + 5)} ${by}`, look.brow, browW);
    } else {
      const arch = mood === 'surprised' ? 4.5 : 3;
      pen.stroke(
        `M${n(ex - 5.5)} ${by + 1}Q${n(ex)} ${n(by - arch)} ${n(ex + 5.5)} ${by + 1}`,
        look.brow,
        browW,
      );
    }
  });

  // nose
  pen.stroke(`M${FX + 1} 11Q${FX + 4} 13 ${FX + 1} 15`, '#E0B89E', 2.2);

  // mouth
  const mx = FX + 1;
  const my = 20;
  if (o.closed) {
    if (mood === 'sleepy') pen.ellipse({ x: mx, y: my + 3 }, 2.6, 3, MOUTH_RED);
    else pen.stroke(`M${mx - 4} ${my + 1}Q${mx} ${my + 4} ${mx + 4} ${my + 1}`, INK, 2.4);
  } else if (mood === 'happy') {
    tongueMouth(pen, mx, my, 7.5, 8);
  } else if (mood === 'excited') {
    tongueMouth(pen, mx, my - 1, 10, 12);
  } else if (mood === 'calm') {
    pen.stroke(`M${mx - 6} ${my + 1}Q${mx} ${my + 6} ${mx + 6} ${my + 1}`, INK, 2.5);
  } else if (mood === 'surprised') {
    pen.ellipse({ x: mx, y: my + 4 }, 4.2, 5.6, MOUTH_RED);
  } else if (mood === 'sad') {
    pen.stroke(`M${mx - 6} ${my + 6}Q${mx} ${my} ${mx + 6} ${my + 6}`, INK, 2.5);
  } else {
    // sleepy: a little yawn
    pen.ellipse({ x: mx, y: my + 3 }, 3.2, 4, MOUTH_RED);
  }

  // glasses
  if (look.glasses) {
    const frame = INK;
    for (const ex of eyes) {
      if (look.glasses === 'round') {
        pen.raw(
          `<circle cx="${n(ex)}" cy="${EYE_Y}" r="10.5" fill="#FFFFFF" fill-opacity=".18" stroke="${frame}" stroke-width="2.4"/>`,
        );
      } else {
        pen.raw(
          `<rect x="${n(ex - 11)}" y="${EYE_Y - 8.5}" width="22" height="17" rx="6" fill="#FFFFFF" fill-opacity=".18" stroke="${frame}" stroke-width="2.4"/>`,
        );
      }
    }
    const r = look.glasses === 'round' ? 10.5 : 11;
    const a = (eyes[0] ?? 0) + r;
    const b = (eyes[1] ?? 0) - r;
    pen.stroke(
      `M${n(a)} ${EYE_Y - 1}Q${n((a + b) / 2)} ${EYE_Y - 4} ${n(b)} ${EYE_Y - 1}`,
      frame,
      2.4,
    );
    pen.stroke(`M${n((eyes[0] ?? 0) - r)} ${EYE_Y - 2}L-39 ${EYE_Y - 4}`, frame, 2.4);
  }
}
