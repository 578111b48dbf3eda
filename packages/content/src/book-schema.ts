import { z } from 'zod';
import {
  ANIMAL_POSES,
  ANIMALS,
  BACKGROUNDS,
  COLORS,
  MOODS,
  PEOPLE,
  PERSON_POSES,
  PROPS,
  TIMES,
  WEATHERS,
} from './scene-vocabulary';

const unit = z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');
const size = z.number().min(0.3, 'must be between 0.3 and 3').max(3, 'must be between 0.3 and 3');
const keysOf = <T extends object>(o: T) =>
  Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];
const oneOf = (values: readonly string[], what: string) =>
  z.string().refine((v) => values.includes(v), {
    error: (iss) => `unknown ${what} "${String(iss.input)}"`,
  });

const ZColor = z.enum(COLORS, { error: (iss) => `unknown colour "${String(iss.input)}"` });
const castIds = [...keysOf(PEOPLE), ...keysOf(ANIMALS)];

export const ZCastItem = z
  .object({
    who: oneOf(castIds, 'cast member'),
    pose: z.string().optional(),
    mood: z.enum(MOODS, { error: (iss) => `unknown mood "${String(iss.input)}"` }).optional(),
    face: z.enum(['left', 'right']).optional(),
    x: unit,
    y: unit.optional(),
    size: size.optional(),
    holding: oneOf(keysOf(PROPS), 'prop').optional(),
    holdingColor: ZColor.optional(),
  })
  .strict()
  .superRefine((item, ctx) => {
    if (!item.pose) return;
    const isPerson = Object.hasOwn(PEOPLE, item.who);
    const poses: readonly string[] = isPerson ? PERSON_POSES : ANIMAL_POSES;
    if (!poses.includes(item.pose)) {
      ctx.addIssue({
        code: 'custom',
        path: ['pose'],
        message: `"${item.pose}" is not a ${isPerson ? 'person' : 'animal'} pose (${poses.join(', ')})`,
      });
    }
  });

export const ZPropItem = z
  .object({
    what: oneOf(keysOf(PROPS), 'prop'),
    color: ZColor.optional(),
    x: unit,
    y: unit,
    size: size.optional(),
  })
  .strict();

export const ZScene = z
  .object({
    bg: oneOf(keysOf(BACKGROUNDS), 'background'),
    time: z.enum(TIMES).optional(),
    weather: z.enum(WEATHERS).optional(),
    cast: z.array(ZCastItem).max(8).optional(),
    props: z.array(ZPropItem).max(16).optional(),
  })
  .strict();
export type TScene = z.infer<typeof ZScene>;

/** English text: letters and common punctuation only — no digits (narration and alignment must agree). */
const englishText = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .refine((s) => !/\d/.test(s), 'must not contain digits (write numbers as words)')
  .refine(
    (s) => /^[A-Za-z .,!?'"\-:;’‘“”]+$/.test(s),
    'may only contain letters, spaces and . , ! ? \' " - : ;',
  );
const chinese = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .refine((s) => /[\u4e00-\u9fff]/.test(s), 'must be Chinese');
/** A file inside the book folder (operator books): no absolute paths, no climbing out. */
const relativeFile = z
  .string()
  .regex(/^(?!\/)(?!.*\.\.)[\w./-]+$/, 'must be a file name inside the book folder');

export const ZSentence = z.object({ en: englishText, zh: chinese }).strict();

export const ZPage = z
  .object({
    sentences: z.array(ZSentence).min(1, 'needs 1–4 sentences').max(4, 'needs 1–4 sentences'),
    note_cn: chinese.optional(),
    scene: ZScene.optional(),
    /** Operator books: an illustration file instead of a scene. */
    image: relativeFile.optional(),
    /** Operator books: a human-recorded narration of the whole page (timelines by alignment). */
    audio: relativeFile.optional(),
    /** A recording of note_cn read aloud, used instead of the build's voice (decision 099). */
    note_audio: relativeFile.optional(),
  })
  .strict()
  .refine((p) => !p.note_audio || Boolean(p.note_cn), {
    message: 'a note recording needs note_cn',
    path: ['note_audio'],
  })
  .refine((p) => Boolean(p.scene) !== Boolean(p.image), {
    message: 'needs either a scene or an image (not both)',
    path: ['scene'],
  });

export const ZVocab = z
  .object({
    word: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z' -]*$/, 'must be an English word or phrase'),
    pos: z.enum([
      'n.',
      'v.',
      'adj.',
      'adv.',
      'prep.',
      'pron.',
      'num.',
      'interj.',
      'conj.',
      'det.',
      'phr.',
    ]),
    meaning_cn: chinese,
    example: englishText,
    audio: relativeFile.optional(),
  })
  .strict();

export const BOOK_TYPES = { trial: 1, standard: 0, members: 5 } as const;

export const ZBookSource = z
  .object({
    id: z.number().int('must be an integer').min(1).max(999_999),
    slug: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens'),
    title_en: z.string().trim().min(1, 'must not be empty').max(80),
    title_cn: chinese.pipe(z.string().max(40)),
    level: z.number().int().min(1, 'must be 1–6').max(6, 'must be 1–6'),
    category: z.number().int(),
    book_type: z.union([z.literal(0), z.literal(1), z.literal(5)], { error: 'must be 0, 1 or 5' }),
    summary_cn: chinese.pipe(
      z.string().min(10, 'must be 10–200 characters').max(200, 'must be 10–200 characters'),
    ),
    cover: z.union([ZScene, z.object({ image: relativeFile }).strict()]),
    pages: z.array(ZPage).min(1, 'needs at least one page'),
    vocabulary: z.array(ZVocab).min(3, 'needs 3–12 words').max(12, 'needs 3–12 words'),
  })
  .strict();
export type TBookSource = z.infer<typeof ZBookSource>;
