import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { routes } from './routes';

export const ZLevelBand = z.enum(['beginner', 'intermediate', 'advanced']);
export type TLevelBand = z.infer<typeof ZLevelBand>;

export const ZLevelConfig = z.object({
  level: z.number().int().min(1).max(6),
  band: ZLevelBand,
  band_cn: z.string(),
  /** Reading-difficulty range on the Lexile-style scale; min 0 is shown as BR (beginning reader). */
  difficulty: z.object({ min: z.number().int(), max: z.number().int(), label: z.string() }),
  age: z.string(),
  description_cn: z.string(),
  description_en: z.string(),
  color: z.string(),
});
export type TLevelConfig = z.infer<typeof ZLevelConfig>;

export const ZCnLevel = z.object({
  level: z.number().int().min(1).max(6),
  name: z.string(),
  grade: z.string(),
});

export const ZRegion = z.object({ id: z.number().int(), name: z.string() });
export type TRegion = z.infer<typeof ZRegion>;

export const ZBookCategory = z.object({
  id: z.number().int(),
  description_cn: z.string(),
  description_en: z.string(),
});
export type TBookCategory = z.infer<typeof ZBookCategory>;

export const ZCourseType = z.object({
  id: z.number().int(),
  key: z.string(),
  name_cn: z.string(),
  name_en: z.string(),
});

export const ZGrayOptions = z.object({
  lottieDisabled: z.number().int(),
  spineDisabled: z.number().int(),
  kobEnabled: z.number().int(),
  kobDisabled: z.number().int(),
  kobDoneCoursesThreshold: z.number().int(),
  parentalGateDisabled: z.number().int(),
});
export type TGrayOptions = z.infer<typeof ZGrayOptions>;

export const ZBgmArea = z.enum(['library', 'learning', 'words', 'growth']);
export type TBgmArea = z.infer<typeof ZBgmArea>;
export const ZBgm = z.record(ZBgmArea, z.string());

export const ZAvatars = z.object({
  boy: z.array(z.string()),
  girl: z.array(z.string()),
  zodiac: z.array(z.string()).length(12),
});
export type TAvatars = z.infer<typeof ZAvatars>;

export const ZConfigs = z.object({
  levels: z.array(ZLevelConfig),
  cn_levels: z.array(ZCnLevel),
  regions: z.array(ZRegion),
  default_region: z.number().int(),
  book_categories: z.array(ZBookCategory),
  course_types: z.array(ZCourseType),
  gray_options: ZGrayOptions,
  bgm: ZBgm,
  avatars: ZAvatars,
  judge_speech: z.object({ enable_cloud: z.number().int().min(0).max(1) }),
  /** Library rewards (operators tune them): per item at most 3 of each (§5). */
  library_rewards: z.object({
    item_coins: z.number().int().min(0).max(3),
    item_credits: z.number().int().min(0).max(3),
    finish_coins: z.number().int().min(0).max(100),
    finish_credits: z.number().int().min(0).max(100),
    share_coins: z.number().int().min(0).max(100),
  }),
  /**
   * Points mall (operators tune them): the sign-in week's points (day 1…n, then again) and each
   * task's points by task id (tasks missing here pay their catalogue default).
   */
  points_rules: z.object({
    sign_in: z.array(z.number().int().min(0).max(1000)).min(1).max(31),
    task_points: z.record(z.string(), z.number().int().min(0).max(10_000)),
  }),
  /** Study plan rewards (decision 029): a course by its stars, a finished day, a finished week. */
  study_plan_rewards: z.object({
    course_max_coins: z.number().int().min(0).max(3),
    course_diamonds_three_stars: z.number().int().min(0).max(10),
    stage_coins: z.number().int().min(0).max(100),
    stage_diamonds: z.number().int().min(0).max(20),
    week_coins: z.number().int().min(0).max(200),
    week_diamonds: z.number().int().min(0).max(50),
  }),
});
export type TConfigs = z.infer<typeof ZConfigs>;
/** Keys of the configs document; each is one row in the config store. */
export type TConfigKey = keyof TConfigs;

export const ZPromotionItem = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
  /** Empty means every edition. */
  editions: z.array(z.string()),
  /** Only for web builds at or after this version (dotted numbers); empty means any. */
  min_web_ver: z.string(),
  /** 1: only when the client says it is a phone; 0: any device. */
  phone_only: z.number().int().min(0).max(1),
  start_time: z.number().int(),
  end_time: z.number().int(),
});
export type TPromotionItem = z.infer<typeof ZPromotionItem>;

export const ZPromotionQuery = z.object({
  web_ver: z.string().max(32).optional(),
  edition: z.string().max(32).optional(),
  as_phone: z.coerce.number().int().min(0).max(1).optional(),
});
export type TPromotionQuery = z.infer<typeof ZPromotionQuery>;
export const ZPromotion = z.object({ list: z.array(ZPromotionItem) });

export const ZSmsArea = z.object({ code: z.string(), abbr: z.string(), name: z.string() });
export type TSmsArea = z.infer<typeof ZSmsArea>;
export const ZSmsAreas = z.object({ default: z.string(), list: z.array(ZSmsArea) });
export type TSmsAreas = z.infer<typeof ZSmsAreas>;

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const configsEndpoints = {
  configs: {
    ...routes.configs,
    summary: 'Product configuration: levels, regions, categories, avatars, music, gray options',
    tags: ['configs'],
    response: ZConfigs,
  },
  promotion: {
    ...routes.promotion,
    summary: 'Promotions active for this web version, edition and device',
    tags: ['configs'],
    query: ZPromotionQuery,
    response: ZPromotion,
  },
  smsAreas: {
    ...routes.smsAreas,
    summary: 'Country calling codes for phone login (default CN 86)',
    tags: ['configs'],
    response: ZSmsAreas,
  },
} as const satisfies AreaEndpoints;
