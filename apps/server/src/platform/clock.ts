/** The time as use cases see it: the system clock, or a clock a test moves. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
