/**
 * Per-character style data for the people rig: body proportions, outfit colours, hair shapes.
 * Hair and face are authored for a nominal head of radius 40 centred at (0, 0), facing right
 * (features shifted a little to +x for a friendly three-quarter look).
 */
import type { PersonId } from '../vocabulary';
import type { Pen } from './pen';

export const INK = '#2D2A4A';
const BLACK_HAIR = '#2B2426';

export interface Body {
  /** Thigh and shin lengths, hip to knee to ankle. */
  thigh: number;
  shin: number;
  upperArm: number;
  foreArm: number;
  /** Hip to shoulder line. */
  torso: number;
  /** Shoulder line to head centre. */
  neck: number;
  /** Half widths at the shoulders and at the hem/waist. */
  sw: number;
  ww: number;
  /** Half distance between the legs at the hip. */
  hipSep: number;
  armR: number;
  legR: number;
  /** Head scale relative to the nominal radius 40. */
  head: number;
  /** How far the top garment reaches below the hip. */
  hem: number;
}

export type Lower =
  | { kind: 'shorts'; color: string; reach: number }
  | { kind: 'trousers'; color: string }
  | { kind: 'dress'; flare: number; length: number }
  | { kind: 'skirt'; color: string; flare: number; length: number };

/** Geometry of the torso in its own frame: hip centre at (0, 0), shoulders at y = -torso. */
export interface TorsoFrame {
  top: number;
  sw: number;
  ww: number;
  hem: number;
  /** Where the front centre line of the clothes is (three-quarter shift). */
  cx: number;
}

export interface Look {
  body: Body;
  skin: string;
  hair: string;
  brow: string;
  top: string;
  /** Sleeve length as a fraction of the arm: 0–1 upper arm, 1–2 forearm. */
  sleeve: number;
  /** Puffy sleeve radius bonus. */
  puff?: number;
  lower: Lower;
  socks?: string;
  shoes: string;
  /** Hair drawn behind the head. */
  hairBack?: (pen: Pen) => void;
  /** Hair drawn over the head. */
  hairFront: (pen: Pen) => void;
  ear: boolean;
  glasses?: 'round' | 'soft';
  details?: (pen: Pen, t: TorsoFrame) => void;
  /** Extra shape behind the torso (a hood). */
  behind?: (pen: Pen, t: TorsoFrame) => void;
}

const KID: Body = {
  thigh: 36,
  shin: 33,
  upperArm: 30,
  foreArm: 27,
  torso: 62,
  neck: 37,
  sw: 25,
  ww: 23,
  hipSep: 10,
  armR: 7.5,
  legR: 9.5,
  head: 1.1,
  hem: 8,
};

const ADULT: Body = {
  thigh: 64,
  shin: 61,
  upperArm: 50,
  foreArm: 45,
  torso: 102,
  neck: 48,
  sw: 33,
  ww: 28,
  hipSep: 13,
  armR: 8.5,
  legR: 11,
  head: 1.02,
  hem: 12,
};

const hairPath = (pen: Pen, d: string, fill: string): void => pen.path(d, fill);

const collarRound = (pen: Pen, t: TorsoFrame, fill: string): void => {
  pen.path(
    `M${t.cx - 15} ${t.top + 1}Q${t.cx - 16} ${t.top + 12} ${t.cx - 3} ${t.top + 12}Q${t.cx} ${t.top + 6} ${t.cx} ${t.top + 2}Q${t.cx} ${t.top + 6} ${t.cx + 3} ${t.top + 12}Q${t.cx + 16} ${t.top + 12} ${t.cx + 15} ${t.top + 1}Z`,
    fill,
  );
};

const buttons = (pen: Pen, x: number, y0: number, y1: number, count: number, fill: string) => {
  for (let i = 0; i < count; i++) {
    pen.circle({ x, y: y0 + ((y1 - y0) * i) / Math.max(1, count - 1) }, 2.4, fill);
  }
};

export const LOOKS: Record<PersonId, Look> = {
  lele: {
    body: KID,
    skin: '#FFE3CF',
    hair: BLACK_HAIR,
    brow: '#403A3C',
    top: '#FF8A3D',
    sleeve: 0.55,
    lower: { kind: 'shorts', color: '#3E5BA9', reach: 0.7 },
    socks: '#FFFFFF',
    shoes: '#3DB6E8',
    ear: true,
    hairFront: (pen) =>
      hairPath(
        pen,
        'M-40 6C-45-14-38-32-24-40L-28-51-13-46-8-58 2-47 12-57 17-45 30-50 28-38C38-31 45-19 42-4L37-13 32-19 27-14 21-23 14-17 7-25-1-18-9-25-17-18-24-23C-30-16-33-6-34 6Z',
        BLACK_HAIR,
      ),
    details: (pen, t) => {
      // a small yellow star on the T-shirt
      const x = t.cx + 2;
      const y = t.top + 28;
      const pts: string[] = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 ? 4 : 9;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        pts.push(`${(x + Math.cos(a) * r).toFixed(1)} ${(y + Math.sin(a) * r).toFixed(1)}`);
      }
      pen.path(`M${pts.join('L')}Z`, '#FFC23D');
    },
  },
  duoduo: {
    body: {
      ...KID,
      thigh: 30,
      shin: 28,
      upperArm: 26,
      foreArm: 24,
      torso: 52,
      neck: 36,
      sw: 22,
      ww: 20,
      hipSep: 9,
      armR: 7,
      legR: 8.5,
      head: 1.06,
    },
    skin: '#FFE0CC',
    hair: BLACK_HAIR,
    brow: '#403A3C',
    top: '#FF6FA8',
    sleeve: 0.45,
    puff: 3.5,
    lower: { kind: 'dress', flare: 14, length: 22 },
    socks: '#FFFFFF',
    shoes: '#E84A4A',
    ear: false,
    hairBack: (pen) => {
      pen.ellipse({ x: -45, y: 6 }, 11, 17, BLACK_HAIR, 22);
      pen.ellipse({ x: 46, y: 6 }, 11, 17, BLACK_HAIR, -22);
    },
    hairFront: (pen) => {
      hairPath(
        pen,
        'M-40 8C-45-26-22-44 2-44C26-44 45-28 41 4Q38-16 29-22Q21-15 12-22Q3-15-6-22Q-15-15-23-21Q-32-13-34 10Z',
        BLACK_HAIR,
      );
      pen.circle({ x: -37, y: -11 }, 5.5, '#FFC23D');
      pen.circle({ x: 38, y: -11 }, 5.5, '#FFC23D');
    },
    details: (pen, t) => collarRound(pen, t, '#FFFFFF'),
  },
  mom: {
    body: { ...ADULT, sw: 31, ww: 26, hipSep: 12 },
    skin: '#FFE0CA',
    hair: BLACK_HAIR,
    brow: '#403A3C',
    top: '#5CC86B',
    sleeve: 1.55,
    lower: { kind: 'trousers', color: '#4A5B8C' },
    shoes: '#9A6A44',
    ear: false,
    hairBack: (pen) =>
      hairPath(
        pen,
        'M-24-42C-48-34-53 20-45 48Q-30 56-14 48L28 48Q42 52 47 42C52 20 52-20 30-40Z',
        BLACK_HAIR,
      ),
    hairFront: (pen) =>
      hairPath(
        pen,
        'M-41 16C-47-26-22-45 4-45C30-45 47-28 42 8C40-8 36-18 30-24C18-16-2-18-14-28C-20-14-30-4-34 18Z',
        BLACK_HAIR,
      ),
    details: (pen, t) =>
      pen.path(`M${t.cx - 11} ${t.top}L${t.cx} ${t.top + 16}L${t.cx + 11} ${t.top}Z`, '#FFE0CA'),
  },
  dad: {
    body: { ...ADULT, sw: 36, ww: 31, legR: 12, armR: 9 },
    skin: '#FBD9C0',
    hair: BLACK_HAIR,
    brow: '#2B2426',
    top: '#3DB6E8',
    sleeve: 2,
    lower: { kind: 'trousers', color: '#4B4E6D' },
    shoes: '#5A3E2B',
    ear: true,
    glasses: 'soft',
    hairFront: (pen) =>
      hairPath(
        pen,
        'M-40 2C-44-28-24-47 2-47C27-49 45-34 42-6L39-12Q35-24 22-27Q4-31-12-25Q-27-19-33 2Z',
        BLACK_HAIR,
      ),
    details: (pen, t) => {
      pen.path(
        `M${t.cx - 15} ${t.top - 1}L${t.cx} ${t.top + 8}L${t.cx - 4} ${t.top + 16}Z`,
        '#E9F7FD',
      );
      pen.path(
        `M${t.cx + 15} ${t.top - 1}L${t.cx} ${t.top + 8}L${t.cx + 4} ${t.top + 16}Z`,
        '#E9F7FD',
      );
      buttons(pen, t.cx, t.top + 24, t.hem - 18, 4, '#1F8FC0');
    },
  },
  grandma: {
    body: { ...ADULT, thigh: 60, shin: 57, torso: 98, sw: 34, ww: 33, hipSep: 13 },
    skin: '#F9D8C2',
    hair: '#C9C6D3',
    brow: '#9C98A8',
    top: '#7C6CF2',
    sleeve: 2,
    lower: { kind: 'trousers', color: '#6F6A86' },
    shoes: '#5A3E2B',
    ear: true,
    hairBack: (pen) => pen.circle({ x: -22, y: -40 }, 16, '#B7B3C4'),
    hairFront: (pen) =>
      hairPath(
        pen,
        'M-40 8C-44-26-22-43 2-43C26-43 44-28 41 2Q36-19 20-24Q6-27-2-20Q-14-27-26-20Q-35-12-34 8Z',
        '#C9C6D3',
      ),
    details: (pen, t) => {
      pen.path(
        `M${t.cx - 9} ${t.top}L${t.cx + 9} ${t.top}L${t.cx + 4} ${t.hem}L${t.cx - 4} ${t.hem}Z`,
        '#FFF3E0',
      );
      buttons(pen, t.cx + 9, t.top + 26, t.hem - 14, 3, '#FFC23D');
    },
  },
  grandpa: {
    body: { ...ADULT, thigh: 62, shin: 59, torso: 100, sw: 35, ww: 33, hipSep: 13, legR: 12 },
    skin: '#F9D8C2',
    hair: '#D3D0DA',
    brow: '#A29EAE',
    top: '#D9B98A',
    sleeve: 2,
    lower: { kind: 'trousers', color: '#6D5646' },
    shoes: '#3E3A4A',
    ear: true,
    hairFront: (pen) => {
      pen.ellipse({ x: -4, y: -29 }, 12, 5.5, '#FFFFFF', -12, ' opacity=".4"');
      hairPath(pen, 'M-36-18C-46-4-44 16-35 26L-30 18C-34 8-34-6-29-18Z', '#D3D0DA');
      hairPath(pen, 'M36-18C42-10 43 0 41 8L37 3C38-4 37-11 33-18Z', '#D3D0DA');
    },
    details: (pen, t) => {
      pen.path(
        `M${t.cx - 12} ${t.top - 1}L${t.cx} ${t.top + 10}L${t.cx + 12} ${t.top - 1}Z`,
        '#C29F6E',
      );
      pen.path(
        `M${t.cx - 1.2} ${t.top + 10}L${t.cx + 1.2} ${t.top + 10}L${t.cx + 1.2} ${t.hem}L${t.cx - 1.2} ${t.hem}Z`,
        '#B8965F',
      );
      pen.path(`M${t.cx + 8} ${t.hem - 30}h16v12q0 4-4 4h-8q-4 0-4-4Z`, '#C9A673');
      pen.path(`M${t.cx - 26} ${t.hem - 30}h16v12q0 4-4 4h-8q-4 0-4-4Z`, '#C9A673');
    },
  },
  teacher: {
    body: { ...ADULT, sw: 30, ww: 26, hipSep: 11, legR: 10 },
    skin: '#FFE0CA',
    hair: BLACK_HAIR,
    brow: '#403A3C',
    top: '#FFC23D',
    sleeve: 2,
    lower: { kind: 'skirt', color: '#3F6FC2', flare: 10, length: 50 },
    shoes: '#2D2A4A',
    ear: true,
    hairBack: (pen) => {
      hairPath(pen, 'M-26-36C-56-34-62 2-56 32C-52 48-44 58-38 64C-44 42-42 18-34 0Z', BLACK_HAIR);
    },
    hairFront: (pen) => {
      hairPath(
        pen,
        'M-41 6C-46-28-20-45 4-45C30-45 46-28 41 4C40-12 34-23 24-28C10-23-10-22-24-15C-32-9-36-2-36 8Z',
        BLACK_HAIR,
      );
      pen.circle({ x: -35, y: -27 }, 5.5, '#F2609E');
    },
    details: (pen, t) => {
      pen.path(
        `M${t.cx - 10} ${t.top}L${t.cx + 10} ${t.top}L${t.cx + 5} ${t.hem}L${t.cx - 5} ${t.hem}Z`,
        '#FFFFFF',
      );
      buttons(pen, t.cx + 10, t.top + 30, t.hem - 12, 3, '#E89B1E');
    },
  },
  xiaoyu: {
    body: KID,
    skin: '#FFE3CF',
    hair: BLACK_HAIR,
    brow: '#403A3C',
    top: '#22B5A6',
    sleeve: 0.45,
    puff: 3.5,
    lower: { kind: 'dress', flare: 15, length: 26 },
    socks: '#FFFFFF',
    shoes: '#E84A4A',
    ear: false,
    hairBack: (pen) =>
      hairPath(pen, 'M-42-14C-50 8-49 28-43 36L43 36C49 28 50 8 42-14Z', BLACK_HAIR),
    hairFront: (pen) => {
      hairPath(
        pen,
        'M-44 30C-50-28-20-47 4-47C30-47 50-28 44 30L38 30C39 10 38-5 35-15L-30-15C-35-5-37 12-37 30Z',
        BLACK_HAIR,
      );
      pen.path('M14-27l14-5q3-1 4 2l1 3q1 3-2 4l-14 5q-3 1-4-2l-1-3q-1-3 2-4Z', '#E84A4A');
    },
    details: (pen, t) => {
      collarRound(pen, t, '#FFFFFF');
      buttons(pen, t.cx, t.top + 22, t.top + 34, 2, '#FFFFFF');
    },
  },
  haohao: {
    body: { ...KID, sw: 26, ww: 27, legR: 10, armR: 8 },
    skin: '#FFE0C7',
    hair: BLACK_HAIR,
    brow: '#403A3C',
    top: '#3FA45B',
    sleeve: 2,
    lower: { kind: 'trousers', color: '#5A6478' },
    shoes: '#FF8A3D',
    ear: true,
    glasses: 'round',
    hairFront: (pen) =>
      hairPath(
        pen,
        'M-40 6C-44-26-22-44 2-44C26-44 44-28 42-4Q36-16 28-18Q22-12 16-19Q8-13 0-20Q-10-14-18-20Q-28-12-33 6ZM-2-42Q-6-55 8-57Q1-50 5-43Z',
        BLACK_HAIR,
      ),
    behind: (pen, t) =>
      pen.path(
        `M${t.cx - 24} ${t.top + 6}Q${t.cx - 26} ${t.top - 12} ${t.cx} ${t.top - 12}Q${t.cx + 24} ${t.top - 12} ${t.cx + 24} ${t.top + 6}Z`,
        '#2F8A48',
      ),
    details: (pen, t) => {
      pen.path(`M${t.cx - 14} ${t.hem - 26}h28l5 18h-38Z`, '#37944F');
      pen.stroke(`M${t.cx - 5} ${t.top + 2}v12M${t.cx + 5} ${t.top + 2}v12`, '#FFFFFF', 2.5);
    },
  },
};
