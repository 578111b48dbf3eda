import { z } from 'zod';
import { chineseText, englishLine } from './part-kit';
import { PART_TYPES } from './parts';

/**
 * A week of the study plan (content/courses/level-{L}/week-{W}.yaml): the book it is built
 * around, five days (stages), each with major courses (in order) and minor courses (unlocked
 * when the major ones are done). docs/course-format.md describes every field.
 */
const uuid = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    'must be a lower-case v4 uuid',
  );

const courseBase = {
  uuid,
  /** The id the player's routes use (/learning/partContent/{process_id}); unique in the plan. */
  process_id: z.number().int('must be an integer').min(100_000).max(999_999),
  title_cn: chineseText(2, 12),
  title_en: z.string().trim().min(1, 'must not be empty').max(40),
  /** Expected minutes (the spec's default 3 when left out). */
  duration: z.number().int().min(1).max(30).optional(),
};

/** A part is checked in two steps: its type here, then that type's own schema. */
export const ZPartStub = z.looseObject({
  type: z.enum(PART_TYPES, {
    error: (iss) => `unknown part type "${String(iss.input)}" (${PART_TYPES.join(', ')})`,
  }),
});

export const ZCourseSource = z
  .object({
    ...courseBase,
    /** The week's story video (the first major course of day 1). */
    video: z.literal(true).optional(),
    parts: z.array(ZPartStub).min(1, 'needs 1–6 parts').max(6, 'needs 1–6 parts').optional(),
  })
  .strict()
  .refine((c) => Boolean(c.video) !== Boolean(c.parts), {
    message: 'needs either parts or video: true (not both)',
    path: ['parts'],
  });
export type TCourseSource = z.infer<typeof ZCourseSource>;

export const ZDaySource = z
  .object({
    title_cn: chineseText(2, 10),
    title_en: z.string().trim().min(1).max(40),
    major: z
      .array(ZCourseSource)
      .min(1, 'needs 1–4 major courses')
      .max(4, 'needs 1–4 major courses'),
    minor: z.array(ZCourseSource).max(3, 'at most 3 minor courses').default([]),
  })
  .strict();

export const DAYS_PER_WEEK = 5;

export const ZWeekSource = z
  .object({
    level: z.number().int().min(1, 'must be 1–6').max(6, 'must be 1–6'),
    week: z.number().int().min(1, 'must be 1–12').max(12, 'must be 1–12'),
    /** The map's island this week belongs to (weeks are grouped into worlds). */
    world: z.number().int().min(1, 'must be 1–4').max(4, 'must be 1–4'),
    /** Id of the book the week is built around (a book of the same level). */
    book: z.number().int(),
    theme_cn: chineseText(2, 12),
    theme_en: englishLine,
    days: z.array(ZDaySource).length(DAYS_PER_WEEK, `needs ${DAYS_PER_WEEK} days`),
  })
  .strict();
export type TWeekSource = z.infer<typeof ZWeekSource>;
