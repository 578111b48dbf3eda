import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { routes } from './routes';

/**
 * Activity data (shell-and-account §3, learning-content §3) served by GET /api/v1/activity_data
 * from operator-edited records (decision 057).
 */

const ZShortText = z.string().max(500);
const ZLink = z.string().max(2000);

/** An activity entrance item (§3); action types 0–5 of §4. */
export const ZEntranceItem = z.object({
  action_type: z.number().int().min(0).max(9).optional(),
  type: z.number().int().min(0).max(9).optional(),
  actId: z.number().int().optional(),
  id: z.number().int().optional(),
  title: ZShortText.optional(),
  image: ZLink.optional(),
  link: ZLink.optional(),
  link_phone: ZLink.optional(),
  link_tablet: ZLink.optional(),
  not_support: z.number().int().min(0).max(1).optional(),
  not_support_msg: ZShortText.optional(),
  hideTopBar: z.number().int().min(0).max(1).optional(),
  /** 1 portrait, 2 landscape (default 2). */
  orientation: z.number().int().min(0).max(3).optional(),
  networkPolicy: z.number().int().min(0).max(9).optional(),
  popup_id: z.number().int().optional(),
  mini_program: z
    .object({
      platform: z.string().max(32).optional(),
      userName: z.string().max(100),
      path: z.string().max(1000).optional(),
      env: z.string().max(32).optional(),
    })
    .optional(),
  uri: ZLink.optional(),
  parental: z.number().int().min(0).max(1).optional(),
  not_display: z.number().int().min(0).max(1).optional(),
});
export type TEntranceItem = z.infer<typeof ZEntranceItem>;

export const ZPopupPoint = z.enum([
  'coldBootToHome',
  'parentToHome',
  'parent',
  'home',
  'afterSystemPopup',
  'learningStageFinishToHome',
  'learningCourseFinishToHome',
  'libraryFinishToHome',
]);

/** A popup rule (§3): interval and active_time in seconds. */
export const ZPopupRule = z.object({
  interval: z.number().int().min(0).optional(),
  max_num: z.number().int().min(0).optional(),
  points: z
    .array(
      z.object({
        point: ZPopupPoint,
        max: z.number().int().min(0).optional(),
        min: z.number().int().min(0).optional(),
      }),
    )
    .max(8)
    .optional(),
  range: z
    .object({
      type: z.enum(['week', 'month']),
      start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      max: z.number().int().min(0),
    })
    .nullable()
    .optional(),
  active_time: z.number().int().min(0).optional(),
  block_device: z.array(z.string().max(32)).max(20).optional(),
});
export type TPopupRule = z.infer<typeof ZPopupRule>;

/** What an operator stores for a popup of popup_lib (the record id becomes the popup id). */
export const ZPopupPayload = z.object({
  title: ZShortText,
  image: ZLink.optional(),
  text: ZShortText.optional(),
  button: z.string().max(40).optional(),
  rule: ZPopupRule.optional(),
  /** What tapping the popup does (an entrance item), if anything. */
  action: ZEntranceItem.optional(),
});
export const ZPopup = ZPopupPayload.extend({ id: z.number().int() });
export type TPopup = z.infer<typeof ZPopup>;

/** A reference from auto_popups / act_popups to a popup_lib id (negative: the app's popups). */
export const ZPopupRef = z.object({ popup_id: z.number().int() });
export const ZReadCamp = z.object({
  id: z.number().int().positive(),
  title: ZShortText.optional(),
});
export const ZPromo = z.object({
  title: ZShortText,
  image: ZLink.optional(),
  action: ZEntranceItem.optional(),
});

export const ENTRANCE_SLOTS = [
  'home_pop',
  'home_pop_2',
  'home_pop_3',
  'home_pop_4',
  'home_pop_5',
  'parents_slide',
  'points_slide',
] as const;

/** Every slot of the activity data and the payload an operator may store in it. */
export const ACTIVITY_SLOT_PAYLOADS = {
  popup_lib: ZPopupPayload,
  auto_popups: ZPopupRef,
  act_popups: ZPopupRef,
  home_pop: ZEntranceItem,
  home_pop_2: ZEntranceItem,
  home_pop_3: ZEntranceItem,
  home_pop_4: ZEntranceItem,
  home_pop_5: ZEntranceItem,
  parents_slide: ZEntranceItem,
  points_slide: ZEntranceItem,
  read_camp: ZReadCamp,
  promo_freelearn1: ZPromo,
  promo_freelearn2: ZPromo,
} as const;
export type TActivitySlot = keyof typeof ACTIVITY_SLOT_PAYLOADS;
export const ZActivitySlot = z.enum(
  Object.keys(ACTIVITY_SLOT_PAYLOADS) as [TActivitySlot, ...TActivitySlot[]],
);

export const ZActivityData = z.object({
  popup_lib: z.array(ZPopup),
  auto_popups: z.array(z.number().int()),
  act_popups: z.array(z.number().int()),
  home_pop: z.array(ZEntranceItem),
  home_pop_2: z.array(ZEntranceItem),
  home_pop_3: z.array(ZEntranceItem),
  home_pop_4: z.array(ZEntranceItem),
  home_pop_5: z.array(ZEntranceItem),
  parents_slide: z.array(ZEntranceItem),
  points_slide: z.array(ZEntranceItem),
  read_camp: ZReadCamp.nullable(),
  promo_freelearn1: ZPromo.nullable(),
  promo_freelearn2: ZPromo.nullable(),
});
export type TActivityData = z.infer<typeof ZActivityData>;

/** POST /api/v1/share: a share from any screen (key names what was shared). */
export const ZShareBody = z.object({
  key: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/),
  detail: z.union([z.string().max(1000), z.record(z.string(), z.unknown())]).optional(),
});
export const ZShareResult = z.object({ id: z.number().int(), shares_today: z.number().int() });
export type TShareResult = z.infer<typeof ZShareResult>;

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const activityEndpoints = {
  activityData: {
    ...routes.activityData,
    summary:
      'Activity data: popups and their rules, auto and activity popups, home and slide entrances, read camp, promos (decision 057)',
    tags: ['activity'],
    response: ZActivityData,
  },
  share: {
    ...routes.share,
    summary:
      'Record a share from any screen (key, detail) for the rewards and missions that count shares',
    tags: ['activity'],
    body: ZShareBody,
    response: ZShareResult,
  },
} as const satisfies AreaEndpoints;
