import { ZCourseContent } from '@picbook/contracts';
import { z } from 'zod';

/**
 * A built week (content/media/courses/l{L}w{W}/manifest.json): what the server seeds. Its
 * courses carry the player's content with /media URLs; the server answers them through its
 * one media-URL function.
 */
export const COURSE_MANIFEST_FORMAT = 1;

export const ZBuiltCourse = z.object({
  uuid: z.string(),
  process_id: z.number().int(),
  stage: z.number().int().min(1),
  /** 1 major, 2 minor. */
  sub_path: z.union([z.literal(1), z.literal(2)]),
  /** 1-based position among the stage's major or minor courses. */
  position: z.number().int().min(1),
  title_cn: z.string(),
  title_en: z.string(),
  /** Expected minutes. */
  duration: z.number().int(),
  content: ZCourseContent,
});
export type BuiltCourse = z.infer<typeof ZBuiltCourse>;

export const ZWeekManifest = z.object({
  format: z.literal(COURSE_MANIFEST_FORMAT),
  /** Changes whenever the source, its book or the build steps change. */
  hash: z.string().min(1),
  level: z.number().int().min(1).max(6),
  week: z.number().int().min(1),
  world: z.number().int().min(1),
  book_id: z.number().int(),
  theme_cn: z.string(),
  theme_en: z.string(),
  days: z.array(z.object({ stage: z.number().int(), title_cn: z.string(), title_en: z.string() })),
  courses: z.array(ZBuiltCourse).min(1),
});
export type WeekManifest = z.infer<typeof ZWeekManifest>;

/** Where a week's built files live under content/media. */
export const weekFolder = (level: number, week: number) => `courses/l${level}w${week}`;
