import { ErrorCode } from '@picbook/contracts';
import { GIFT_CARD_MESSAGES, GIFT_CODE_LIMITS } from '@picbook/domain';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';

/** Who guesses: the family, its device (or address without one) and its address. */
export interface Guesser {
  userId: number;
  deviceId: string;
  ip: string;
}

const keysOf = (g: Guesser) => [
  { key: `gift:fail:user:${g.userId}`, rules: GIFT_CODE_LIMITS.perUser },
  {
    key: g.deviceId ? `gift:fail:dev:${g.deviceId}` : `gift:fail:dev-ip:${g.ip}`,
    rules: GIFT_CODE_LIMITS.perDevice,
  },
  { key: `gift:fail:ip:${g.ip}`, rules: GIFT_CODE_LIMITS.perIp },
];

/**
 * Wrong gift codes are limited per user, device and address (decision 051; the sliding windows
 * of decision 012, in process or on Redis). Over a limit: 429 / 10429 for the rest of that
 * window; `retry_after` is the window's length, an upper bound.
 */
export async function refuseWhenGuessing(deps: AppDeps, g: Guesser): Promise<void> {
  const t = deps.clock.now().getTime();
  for (const { key, rules } of keysOf(g)) {
    for (const rule of rules) {
      if ((await deps.rateLimiter.count(key, rule.windowMs, t)) >= rule.limit) {
        throw new AppError(ErrorCode.TooManyRequests, GIFT_CARD_MESSAGES.tooMany, {
          data: { retry_after: Math.ceil(rule.windowMs / 1000) },
        });
      }
    }
  }
}

/** A wrong code (unknown, or another family's) counts against every key. */
export async function recordWrongGuess(deps: AppDeps, g: Guesser): Promise<void> {
  const t = deps.clock.now().getTime();
  for (const { key, rules } of keysOf(g)) {
    const longest = Math.max(...rules.map((r) => r.windowMs));
    await deps.rateLimiter.record(key, longest, t);
  }
}
