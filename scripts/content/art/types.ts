import type { ANIMAL_POSES, COLORS, MOODS, PERSON_POSES, TIMES, WEATHERS } from './vocabulary';

export type Color = (typeof COLORS)[number];
export type Mood = (typeof MOODS)[number];
export type PersonPose = (typeof PERSON_POSES)[number];
export type AnimalPose = (typeof ANIMAL_POSES)[number];

/** One figure in a scene. `x` is the centre of the figure (0 left … 1 right). */
export interface CastItem {
  who: string;
  pose?: string;
  mood?: Mood;
  /** Which way the figure looks; default right. */
  face?: 'left' | 'right';
  x: number;
  /** Where the feet stand (0 top … 1 bottom); default GROUND_Y. */
  y?: number;
  size?: number;
  /** A prop the figure holds in its hand (pose hold/eat/read/point/wave …). */
  holding?: string;
  holdingColor?: Color;
}

/** One prop; `x`, `y` its centre. */
export interface PropItem {
  what: string;
  color?: Color;
  x: number;
  y: number;
  size?: number;
}

export interface Scene {
  bg: string;
  time?: (typeof TIMES)[number];
  weather?: (typeof WEATHERS)[number];
  cast?: CastItem[];
  props?: PropItem[];
}

/**
 * A drawn figure or prop: SVG markup in its own coordinate system, with the anchor (feet
 * centre for figures, centre for props) at (0, 0), and its natural size in canvas units at
 * size 1 on the page canvas (1280×800). The composer translates, scales and mirrors it.
 */
export interface Drawing {
  svg: string;
  width: number;
  height: number;
}
