import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { ZRowIdParam } from './ids';
import { ZImageSet } from './library';
import { routes } from './routes';

/**
 * Growth missions, footprints and camps (learning-content §3, §4, §7; decisions 054, 055).
 * Coins and diamonds move only through the server's ledger; the answers say what was paid.
 */

export const ZMissionReward = z.object({ coins: z.number().int(), diamonds: z.number().int() });

export const ZMissionBook = z.object({
  id: z.number().int(),
  title_en: z.string(),
  title_cn: z.string(),
  level: z.number().int(),
  cover: ZImageSet,
});

export const ZMission = z.object({
  id: z.number().int(),
  /** The mission source (read_book, streak …) or footprint:{level}:{bookId}. */
  inner_id: z.string(),
  title: z.string(),
  desc: z.string(),
  /** Footprint day card (footprint missions), else 0. */
  day: z.number().int(),
  /** 1 read a book, 2 finish a course, 3 read aloud, 4–7 weekly growth missions. */
  type: z.number().int(),
  /** 0 open, 1 finished (waiting to be collected), 2 collected. */
  status: z.number().int().min(0).max(2),
  /** Position of the book in the level's footprint path (0 when not a book mission). */
  book_seq: z.number().int(),
  /** Progress so far (capped at the target). */
  step: z.number().int(),
  target: z.number().int(),
  book_info: ZMissionBook.nullable(),
  reward: ZMissionReward,
  /** Where the child does it. */
  link: z.string().nullable(),
});
export type TMission = z.infer<typeof ZMission>;

export const ZRecommendation = z.object({
  kind: z.enum(['book', 'course']),
  id: z.string(),
  title: z.string(),
  cover: z.string(),
  link: z.string(),
});
export type TRecommendation = z.infer<typeof ZRecommendation>;

export const ZMissions = z.object({
  /** §4 aggregate: 4 a growth mission (type 4–7) waits, 1 one waits, 0 open ones, 2 all collected. */
  status: z.number().int(),
  list: z.array(ZMission),
  /** Books and courses of the child's level not read yet (the web shows three at a time). */
  recommend: z.array(ZRecommendation),
});
export type TMissions = z.infer<typeof ZMissions>;

export const ZMissionHints = z.object({
  /** Missions waiting to be collected. */
  hints: z.number().int(),
  status: z.number().int(),
});

export const ZMissionIdParams = z.object({ id: ZRowIdParam });
export const ZMissionCollected = z.object({
  id: z.number().int(),
  reward: ZMissionReward,
  /** Balances after the payment. */
  coins: z.number().int(),
  diamonds: z.number().int(),
});
export type TMissionCollected = z.infer<typeof ZMissionCollected>;

export const ZFootprintsQuery = z.object({
  level: z.coerce.number().int().min(1).max(12).optional(),
});
export const ZFootprintDay = z.object({
  day: z.number().int(),
  current: z.boolean(),
  list: z.array(ZMission),
});
export const ZFootprints = z.object({
  level: z.number().int(),
  /** The day of the current card (§4), 0 when every card is done. */
  current_day: z.number().int(),
  days: z.array(ZFootprintDay),
});
export type TFootprints = z.infer<typeof ZFootprints>;

// ---- Camps -------------------------------------------------------------------------------

export const CAMP_KIND_VALUES = ['freelearn', 'freeread', 'freelearn2', 'training'] as const;

export const ZCampInfo = z.object({
  id: z.number().int(),
  kind: z.enum(CAMP_KIND_VALUES),
  name: z.string(),
  desc: z.string(),
  days: z.number().int(),
  /** Levels a family may choose (freelearn2, training); empty: the child's level. */
  levels: z.array(z.number().int()),
  reward: ZMissionReward,
  promo: z.string().nullable(),
});

/** §3 "Freelearn state: user_active holding level"; user_active is null when not joined. */
export const ZCampState = z.object({
  camp: ZCampInfo.nullable(),
  user_active: z
    .object({
      level: z.number().int(),
      /** Seconds: start of day 1 (China midnight). */
      start_time: z.number().int(),
      /** Today's camp day (may be past the end). */
      day: z.number().int(),
      done_days: z.number().int(),
      finished: z.boolean(),
      /** Whether finishing paid the reward already. */
      reward_collected: z.boolean(),
      /** The promotion's path when finishing opened one. */
      promo_link: z.string().nullable(),
    })
    .nullable(),
});
export type TCampState = z.infer<typeof ZCampState>;

export const ZCalendarQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM')
    .optional(),
});
export const ZCampCalendar = z.object({
  month: z.string(),
  now_time: z.number().int(),
  start_time: z.number().int(),
  list: z.array(
    z.object({
      day: z.number().int(),
      date: z.string(),
      /** Seconds: China midnight of the date. */
      start_time: z.number().int(),
      state: z.enum(['done', 'missed', 'today', 'future']),
      title: z.string(),
    }),
  ),
});
export type TCampCalendar = z.infer<typeof ZCampCalendar>;

export const ZSuggestQuery = z.object({
  /** 1 books (the only kind camps hold today). */
  type: z.coerce.number().int().min(0).max(9).optional(),
  /** The promo variant (1 or 2 of promo_freelearn1/2); echoed. */
  active_type: z.coerce.number().int().min(0).max(9).optional(),
});
export const ZCampSuggest = z.object({
  day: z.number().int(),
  type: z.number().int(),
  active_type: z.number().int(),
  list: z.array(
    z.object({
      day: z.number().int(),
      title: z.string(),
      done: z.boolean(),
      book_info: ZMissionBook,
    }),
  ),
});
export type TCampSuggest = z.infer<typeof ZCampSuggest>;

export const ZCampLevelBody = z.object({ level: z.number().int().min(1).max(12) });
export const ZCampJoinBody = z.object({ level: z.number().int().min(1).max(12).optional() });

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const missionsEndpoints = {
  missionHints: {
    ...routes.missionHints,
    summary: 'How many missions wait to be collected, and the aggregate status',
    tags: ['missions'],
    response: ZMissionHints,
  },
  missions: {
    ...routes.missions,
    summary:
      'Today’s and this week’s growth missions from real activity, their states, and recommendations',
    tags: ['missions'],
    response: ZMissions,
  },
  collectMission: {
    ...routes.collectMission,
    summary:
      'Collect a finished mission’s coins and diamonds, exactly once (10400 not finished, 10104 collected)',
    tags: ['missions'],
    params: ZMissionIdParams,
    response: ZMissionCollected,
  },
  footprints: {
    ...routes.footprints,
    summary: 'The footprint path of a level: book missions by day card, with the current card',
    tags: ['missions'],
    query: ZFootprintsQuery,
    response: ZFootprints,
  },
  campFreeLearn: {
    ...routes.campFreeLearn,
    summary: 'The free-learn camp and this family’s state in it (user_active null when not joined)',
    tags: ['camps'],
    response: ZCampState,
  },
  campFreeLearnCalendar: {
    ...routes.campFreeLearnCalendar,
    summary: 'The free-learn camp’s days in a month (China time); 43100 when not joined',
    tags: ['camps'],
    query: ZCalendarQuery,
    response: ZCampCalendar,
  },
  campFreeLearnSuggest: {
    ...routes.campFreeLearnSuggest,
    summary: 'Today’s books of the free-learn camp; 43100 when not joined',
    tags: ['camps'],
    query: ZSuggestQuery,
    response: ZCampSuggest,
  },
  campFreeRead: {
    ...routes.campFreeRead,
    summary: 'The free-read camp and this family’s state in it (user_active null when not joined)',
    tags: ['camps'],
    response: ZCampState,
  },
  campFreeReadCalendar: {
    ...routes.campFreeReadCalendar,
    summary: 'The free-read camp’s days in a month (China time); 43100 when not joined',
    tags: ['camps'],
    query: ZCalendarQuery,
    response: ZCampCalendar,
  },
  campFreeReadSuggest: {
    ...routes.campFreeReadSuggest,
    summary: 'Today’s books of the free-read camp; 43100 when not joined',
    tags: ['camps'],
    query: ZSuggestQuery,
    response: ZCampSuggest,
  },
  campFreeLearn2: {
    ...routes.campFreeLearn2,
    summary:
      'The free-learn 2 camp and this family’s state in it (user_active null when not joined)',
    tags: ['camps'],
    response: ZCampState,
  },
  campFreeLearn2Calendar: {
    ...routes.campFreeLearn2Calendar,
    summary: 'The free-learn 2 camp’s days in a month (China time); 43100 when not joined',
    tags: ['camps'],
    query: ZCalendarQuery,
    response: ZCampCalendar,
  },
  campFreeLearn2Suggest: {
    ...routes.campFreeLearn2Suggest,
    summary: 'Today’s books of the free-learn 2 camp; 43100 when not joined',
    tags: ['camps'],
    query: ZSuggestQuery,
    response: ZCampSuggest,
  },
  campTraining: {
    ...routes.campTraining,
    summary: 'The training camp and this family’s state in it (user_active null when not joined)',
    tags: ['camps'],
    response: ZCampState,
  },
  campTrainingCalendar: {
    ...routes.campTrainingCalendar,
    summary: 'The training camp’s days in a month (China time); 43100 when not joined',
    tags: ['camps'],
    query: ZCalendarQuery,
    response: ZCampCalendar,
  },
  campTrainingSuggest: {
    ...routes.campTrainingSuggest,
    summary: 'Today’s books of the training camp; 43100 when not joined',
    tags: ['camps'],
    query: ZSuggestQuery,
    response: ZCampSuggest,
  },
  campFreeLearnJoin: {
    ...routes.campFreeLearnJoin,
    summary: 'Join the free-learn camp (day 1 is today in China)',
    tags: ['camps'],
    body: ZCampJoinBody,
    response: ZCampState,
  },
  campFreeReadJoin: {
    ...routes.campFreeReadJoin,
    summary: 'Join the free-read camp (day 1 is today in China)',
    tags: ['camps'],
    body: ZCampJoinBody,
    response: ZCampState,
  },
  campFreeLearn2Level: {
    ...routes.campFreeLearn2Level,
    summary: 'Choose the level of the free-learn 2 camp (joins it)',
    tags: ['camps'],
    body: ZCampLevelBody,
    response: ZCampState,
  },
  campTrainingLevel: {
    ...routes.campTrainingLevel,
    summary: 'Choose the level of the training camp (joins it)',
    tags: ['camps'],
    body: ZCampLevelBody,
    response: ZCampState,
  },
} as const satisfies AreaEndpoints;
