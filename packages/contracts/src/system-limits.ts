/** Tracking limits, zod-free so that the web bundle can import them. */

/** Events in one POST /api/v1/pingback; the web sends larger queues in several batches. */
export const PINGBACK_MAX_EVENTS = 50;
/** Event names are code-defined words: pv, update, timeout_error, slow_request … */
export const PINGBACK_EVENT_PATTERN = /^[a-z][a-z0-9_.-]{0,47}$/;
