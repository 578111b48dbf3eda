/**
 * The popup scheduler (shell-and-account §4, §5, §9; learning-content §5, §9) as pure functions.
 * The client keeps each user's show history on the device and asks `choosePopup` at a popup
 * point; the first candidate in the §4 choice order that qualifies wins (decision 057).
 */

/** The eight popup points of §4. */
export const POPUP_POINTS = [
  'coldBootToHome',
  'parentToHome',
  'parent',
  'home',
  'afterSystemPopup',
  'learningStageFinishToHome',
  'learningCourseFinishToHome',
  'libraryFinishToHome',
] as const;
export type PopupPoint = (typeof POPUP_POINTS)[number];

/** Points whose screen is home (every point but `parent`): the eye shield shows only there. */
export function isHomePoint(point: PopupPoint): boolean {
  return point !== 'parent';
}

export const HOUR_S = 3600;
export const DAY_S = 24 * HOUR_S;

export interface PopupPointRule {
  point: PopupPoint;
  /** Shows at this point at most (no cap when absent). */
  max?: number;
  /** Counted at least this many in the overall total, shown or not (a reserved slot). */
  min?: number;
}

export interface PopupRange {
  /** Calendar period of the cap, counted from `start`. */
  type: 'week' | 'month';
  /** First day of the first period, YYYY-MM-DD (China time). */
  start: string;
  /** Shows per period at most. */
  max: number;
}

/** A popup rule (§3): all optional in the data; `withPopupDefaults` fills §9's defaults. */
export interface PopupRule {
  /** Seconds between two shows at least. */
  interval?: number;
  /** Shows in total at most. */
  max_num?: number;
  points?: PopupPointRule[];
  range?: PopupRange | null;
  /** Seconds of active use in this session at least. */
  active_time?: number;
  /** Device kinds the popup is never shown on (channel names, 'ios', 'android', 'web'). */
  block_device?: string[];
}

export type ResolvedPopupRule = Required<Omit<PopupRule, 'range'>> & { range: PopupRange | null };

/** §9: interval 16 hours, max 3; cold boot to home max 3; parent to home max 3; parent min 1 max 1. */
export const DEFAULT_POPUP_RULE: ResolvedPopupRule = {
  interval: 16 * HOUR_S,
  max_num: 3,
  points: [
    { point: 'coldBootToHome', max: 3 },
    { point: 'parentToHome', max: 3 },
    { point: 'parent', min: 1, max: 1 },
  ],
  range: null,
  active_time: 0,
  block_device: [],
};

/** §9: official-accounts and read-camp popups, 3 shows per 16 hours (at the default points). */
export const APP_POPUP_RULE: ResolvedPopupRule = { ...DEFAULT_POPUP_RULE };

/** The register-success popup: once (then never within 16 h, nor again). */
export const REGISTER_SUCCESS_RULE: ResolvedPopupRule = {
  ...DEFAULT_POPUP_RULE,
  max_num: 1,
  points: [
    { point: 'coldBootToHome', max: 1 },
    { point: 'home', max: 1 },
  ],
};

export function withPopupDefaults(
  rule: PopupRule | null | undefined,
  base: ResolvedPopupRule = DEFAULT_POPUP_RULE,
): ResolvedPopupRule {
  return {
    interval: rule?.interval ?? base.interval,
    max_num: rule?.max_num ?? base.max_num,
    points: rule?.points && rule.points.length > 0 ? rule.points : base.points,
    range: rule?.range ?? base.range,
    active_time: rule?.active_time ?? base.active_time,
    block_device: rule?.block_device ?? base.block_device,
  };
}

/** One show of a popup, as the device remembers it. */
export interface PopupShow {
  point: PopupPoint;
  /** Unix seconds. */
  at: number;
}

export interface EligibilityContext {
  point: PopupPoint;
  /** Unix seconds. */
  now: number;
  /** Seconds of active use so far (reset after 30 minutes of inactivity, §9). */
  activeSeconds: number;
  /** Device kinds of this device, e.g. ['android', 'xiaomi'] or ['web']. */
  devices: readonly string[];
}

export type PopupRefusal =
  | 'point'
  | 'interval'
  | 'active_time'
  | 'block_device'
  | 'point_max'
  | 'max_num'
  | 'range';

/**
 * §5 popup eligibility, rule by rule; answers the first rule that refuses, or null when the popup
 * may show: the point is in the rule's point list; time since the last show at least the interval;
 * active time not below active_time; device not blocked; the point's own count below its max;
 * the total (other points counting at least their min) below the overall max; the range cap.
 */
export function popupRefusal(
  rule: ResolvedPopupRule,
  shows: readonly PopupShow[],
  ctx: EligibilityContext,
): PopupRefusal | null {
  const own = rule.points.find((p) => p.point === ctx.point);
  if (!own) return 'point';
  const last = shows.reduce((latest, show) => Math.max(latest, show.at), Number.NEGATIVE_INFINITY);
  if (ctx.now - last < rule.interval) return 'interval';
  if (ctx.activeSeconds < rule.active_time) return 'active_time';
  if (ctx.devices.some((d) => rule.block_device.includes(d))) return 'block_device';
  const countAt = (point: PopupPoint) => shows.filter((s) => s.point === point).length;
  if (own.max !== undefined && countAt(ctx.point) >= own.max) return 'point_max';
  const otherPoints = new Set(rule.points.map((p) => p.point));
  otherPoints.delete(ctx.point);
  let total = countAt(ctx.point);
  for (const point of otherPoints) {
    const min = rule.points.find((p) => p.point === point)?.min ?? 0;
    total += Math.max(countAt(point), min);
  }
  // Shows at points no longer in the list still count towards the total.
  total += shows.filter((s) => !rule.points.some((p) => p.point === s.point)).length;
  if (total >= rule.max_num) return 'max_num';
  if (rule.range && !withinRangeCap(rule.range, shows, ctx.now)) return 'range';
  return null;
}

const CHINA_OFFSET_S = 8 * HOUR_S;

/** China calendar date of a Unix time. */
export function chinaDate(unixSeconds: number): { y: number; m: number; d: number } {
  const date = new Date((unixSeconds + CHINA_OFFSET_S) * 1000);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

/** China day (YYYY-MM-DD) of a Unix time. */
export function chinaDay(unixSeconds: number): string {
  const { y, m, d } = chinaDate(unixSeconds);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function dayNumber(day: string): number {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return Math.floor(Date.UTC(y, m - 1, d) / 86_400_000);
}

/**
 * Index of the period `unixSeconds` falls in, counted from `start` (0 = the first week or month);
 * negative before the start. Months run from the start's day of month to the day before it.
 */
export function rangePeriod(range: PopupRange, unixSeconds: number): number {
  const today = chinaDay(unixSeconds);
  if (range.type === 'week') return Math.floor((dayNumber(today) - dayNumber(range.start)) / 7);
  const [sy = 1970, sm = 1, sd = 1] = range.start.split('-').map(Number);
  const { y, m, d } = chinaDate(unixSeconds);
  let months = (y - sy) * 12 + (m - sm);
  if (d < sd) months -= 1;
  return months;
}

function withinRangeCap(range: PopupRange, shows: readonly PopupShow[], now: number): boolean {
  const period = rangePeriod(range, now);
  if (period < 0) return false;
  return shows.filter((s) => rangePeriod(range, s.at) === period).length < range.max;
}

/** Kinds of popup in the §4 choice order. */
export const POPUP_ORDER = [
  'registerSuccess',
  'visitorLogin',
  'readCamp',
  'activity',
  'eyeShield',
  'push',
] as const;
export type PopupKind = (typeof POPUP_ORDER)[number];

/** The app's own popups that entrance action 2 opens with a negative id (§4). */
export const APP_POPUP_IDS = { officialAccounts: -1, readCamp: -2 } as const;

/** An activity popup of popup_lib, as the scheduler needs it. */
export interface ActivityPopup {
  id: number;
  rule?: PopupRule | null;
}

export interface PushState {
  /** The shell can ask for push authorisation (capability flag). */
  capable: boolean;
  authorised: boolean;
  /** The parent point's environment (§5 does not say which; ours: inside the app). */
  parentEnv: boolean;
}

export interface ChoiceInput extends EligibilityContext {
  user: { isGuest: boolean; isNewUser: boolean; regDays: number };
  /** Show history per popup key (see `popupKey`). */
  history: Readonly<Record<string, readonly PopupShow[]>>;
  /** The read camp of the activity data, or null. */
  readCampId: number | null;
  /** auto_popups resolved against popup_lib, in their order. */
  activityPopups: readonly ActivityPopup[];
  /** Seconds since the eye-shield timer started, and the eye_shield setting in minutes (0 = off). */
  eyeShield: { elapsedSeconds: number; minutes: number };
  push: PushState;
}

export interface PopupChoice {
  kind: PopupKind;
  /** History key to record the show under. */
  key: string;
  /** The popup_lib id for activity popups (negative ids are the app's popups). */
  popupId?: number;
}

export function popupKey(kind: PopupKind, id?: number): string {
  return id === undefined ? kind : `${kind}:${id}`;
}

/** Weeks of the push cap run Monday to Sunday (2024-01-01 was a Monday). */
export const PUSH_WEEK_START = '2024-01-01';

/**
 * §9 push rule at home: every 16 hours at most, 2 a week; at the parent point every 2 days for
 * users registered under 7 days, else every 7 days.
 */
export function pushRule(point: 'home' | 'parent', regDays: number): ResolvedPopupRule {
  const home = point === 'home';
  return {
    interval: home ? 16 * HOUR_S : pushParentInterval(regDays),
    max_num: Number.POSITIVE_INFINITY,
    points: [{ point }],
    range: home ? { type: 'week', start: PUSH_WEEK_START, max: 2 } : null,
    active_time: 0,
    block_device: [],
  };
}

export function pushParentInterval(regDays: number): number {
  return regDays < 7 ? 2 * DAY_S : 7 * DAY_S;
}

function pushAllowed(input: ChoiceInput): boolean {
  const { push, point } = input;
  if (push.authorised) return false;
  if (point !== 'home' && point !== 'parent') return false;
  if (point === 'parent' && !push.parentEnv) return false;
  const shows = (input.history[popupKey('push')] ?? []).filter((s) => s.point === point);
  if (popupRefusal(pushRule(point, input.user.regDays), shows, input) !== null) return false;
  // Read last: a browser answers it with a synchronous call to its own process (the app passes a
  // getter), so it is asked only when the push popup would otherwise be shown (issue 41).
  return push.capable;
}

/** Popups a guest never sees (§5): the official accounts and the read camp. */
export function isGuestForbidden(popupId: number): boolean {
  return popupId === APP_POPUP_IDS.officialAccounts || popupId === APP_POPUP_IDS.readCamp;
}

/**
 * §4 choice at a popup point: register success (a new registered user) or visitor login (a
 * guest), read camp, activity popups, eye shield, push; the first that qualifies wins.
 */
export function choosePopup(input: ChoiceInput): PopupChoice | null {
  const allowed = (key: string, rule: ResolvedPopupRule) =>
    popupRefusal(rule, input.history[key] ?? [], input) === null;
  const { user } = input;

  if (!user.isGuest && user.isNewUser) {
    const key = popupKey('registerSuccess');
    if (allowed(key, REGISTER_SUCCESS_RULE)) return { kind: 'registerSuccess', key };
  }
  if (user.isGuest) {
    const key = popupKey('visitorLogin');
    if (allowed(key, DEFAULT_POPUP_RULE)) return { kind: 'visitorLogin', key };
  }
  if (!user.isGuest && input.readCampId !== null && input.readCampId > 0) {
    const key = popupKey('readCamp');
    if (allowed(key, APP_POPUP_RULE)) {
      return { kind: 'readCamp', key, popupId: APP_POPUP_IDS.readCamp };
    }
  }
  for (const popup of input.activityPopups) {
    if (user.isGuest && isGuestForbidden(popup.id)) continue;
    const base = popup.id < 0 ? APP_POPUP_RULE : DEFAULT_POPUP_RULE;
    const key = popupKey('activity', popup.id);
    if (allowed(key, withPopupDefaults(popup.rule, base))) {
      return { kind: 'activity', key, popupId: popup.id };
    }
  }
  if (eyeShieldDue(input.point, input.eyeShield)) return { kind: 'eyeShield', key: 'eyeShield' };
  if (pushAllowed(input)) return { kind: 'push', key: popupKey('push') };
  return null;
}

/** §5: the eye shield only at home, when the time since its start exceeds eye_shield minutes. */
export function eyeShieldDue(
  point: PopupPoint,
  eyeShield: { elapsedSeconds: number; minutes: number },
): boolean {
  return (
    isHomePoint(point) && eyeShield.minutes > 0 && eyeShield.elapsedSeconds > eyeShield.minutes * 60
  );
}

/** Records a show (the history the device keeps, trimmed to the last 50 shows per popup). */
export function recordShow(
  history: Readonly<Record<string, readonly PopupShow[]>>,
  key: string,
  show: PopupShow,
): Record<string, readonly PopupShow[]> {
  const shows = [...(history[key] ?? []), show].slice(-50);
  return { ...history, [key]: shows };
}
