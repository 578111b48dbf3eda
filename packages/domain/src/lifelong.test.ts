import { describe, expect, it } from 'vitest';
import { LIFELONG_REASONS, type LifelongPromoRule, lifelongOfferState } from './lifelong';

const now = new Date('2026-11-27T00:00:00Z');
const first: LifelongPromoRule = {
  startsAt: new Date('2026-11-01T00:00:00Z'),
  endsAt: new Date('2026-12-31T00:00:00Z'),
  requiresStatus: 0,
  statusAfter: 1,
  tokenOnly: false,
};
const lottery: LifelongPromoRule = { ...first, requiresStatus: 1, statusAfter: 2 };
const family = { status: 0, claimed: false, viaLink: false };

describe('lifelong offer (§3 status 1 first promo, 2 lottery exchange)', () => {
  it.each([
    ['open to a new family', first, family, ''],
    ['claimed before', first, { ...family, claimed: true }, LIFELONG_REASONS.claimed],
    ['already at status 1', first, { ...family, status: 1 }, LIFELONG_REASONS.upgraded],
    ['exchange needs the first promo', lottery, family, LIFELONG_REASONS.needsFirst],
    ['exchange after the first promo', lottery, { ...family, status: 1 }, ''],
    ['exchange done', lottery, { ...family, status: 2 }, LIFELONG_REASONS.upgraded],
    [
      'not started',
      { ...first, startsAt: new Date('2026-12-01T00:00:00Z') },
      family,
      LIFELONG_REASONS.notStarted,
    ],
    ['ended (the end is exclusive)', { ...first, endsAt: now }, family, LIFELONG_REASONS.ended],
    [
      'link only, without the link',
      { ...first, tokenOnly: true },
      family,
      LIFELONG_REASONS.linkOnly,
    ],
    ['link only, with the link', { ...first, tokenOnly: true }, { ...family, viaLink: true }, ''],
  ])('%s', (_name, promo, who, reason) => {
    expect(lifelongOfferState(promo, who, now)).toEqual({ available: reason === '', reason });
  });
});
