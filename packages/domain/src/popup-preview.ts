import {
  DAY_S,
  HOUR_S,
  type PopupPoint,
  type PopupRefusal,
  type PopupRule,
  type PopupShow,
  popupRefusal,
  withPopupDefaults,
} from './popups';

/** One visit of the preview's family: when, where, and whether the popup showed (or why not). */
export interface PreviewVisit {
  /** Seconds since the preview's start. */
  at: number;
  point: PopupPoint;
  shown: boolean;
  refusal: PopupRefusal | null;
}

/**
 * The operator's preview of a popup rule (issue 23): a family that comes to each of `points`
 * every `everyHours` hours for `days` days, with the active time the rule asks for, on
 * `device`; which of those visits would show the popup, by the same §5 rules the app applies.
 */
export function previewPopupRule(
  rule: PopupRule | null | undefined,
  options: {
    points: readonly PopupPoint[];
    days: number;
    everyHours: number;
    device?: string;
    /** Unix seconds of the first visit (the range cap counts calendar periods from it). */
    start: number;
  },
): PreviewVisit[] {
  const resolved = withPopupDefaults(rule);
  const shows: PopupShow[] = [];
  const visits: PreviewVisit[] = [];
  const step = Math.max(1, options.everyHours) * HOUR_S;
  for (let at = 0; at < options.days * DAY_S; at += step) {
    for (const point of options.points) {
      const now = options.start + at;
      const refusal = popupRefusal(resolved, shows, {
        point,
        now,
        activeSeconds: resolved.active_time,
        devices: options.device ? [options.device] : [],
      });
      if (refusal === null) shows.push({ point, at: now });
      visits.push({ at, point, shown: refusal === null, refusal });
    }
  }
  return visits;
}
