import { describe, expect, it } from 'vitest';
import {
  itemReward,
  ledgerReasonBook,
  ledgerReasonKind,
  rewardIncrease,
  rewardTier,
} from './rewards';

describe('reward by score (spec §5: 90 → 3, 70 → 2, 50 → 1)', () => {
  it.each([
    [100, 3],
    [90, 3],
    [89, 2],
    [70, 2],
    [69, 1],
    [50, 1],
    [49, 0],
    [0, 0],
  ])('score %i → %i', (score, amount) => {
    expect(rewardTier(score)).toBe(amount);
  });
});

describe('itemReward: the item maximum, 0 means none, at most 3', () => {
  it.each([
    [95, { coins: 3, credits: 3 }, { coins: 3, credits: 3 }],
    [95, { coins: 2, credits: 3 }, { coins: 2, credits: 3 }],
    [95, { coins: 0, credits: 3 }, { coins: 0, credits: 3 }],
    [75, { coins: 3, credits: 0 }, { coins: 2, credits: 0 }],
    [95, { coins: 10, credits: 10 }, { coins: 3, credits: 3 }],
    [40, { coins: 3, credits: 3 }, { coins: 0, credits: 0 }],
  ])('score %i with max %j → %j', (score, max, reward) => {
    expect(itemReward(score, max)).toEqual(reward);
  });
});

describe('rewardIncrease: the best per item is kept', () => {
  const max = { coins: 3, credits: 3 };
  it.each([
    [{ coins: 0, credits: 0 }, 72, { coins: 2, credits: 2 }],
    [{ coins: 2, credits: 2 }, 95, { coins: 1, credits: 1 }],
    [{ coins: 3, credits: 3 }, 95, { coins: 0, credits: 0 }],
    [{ coins: 2, credits: 2 }, 55, { coins: 0, credits: 0 }],
  ])('paid %j, new score %i → %j', (paid, score, increase) => {
    expect(rewardIncrease(paid, score, max)).toEqual(increase);
  });
});

describe('ledger reasons: one kind per business event, the book it names', () => {
  it.each([
    ['course:12', 'course', null],
    ['plan-stage', 'plan-stage', null],
    ['plan-week', 'plan-week', null],
    ['finish-fixed:1101:read', 'finish-fixed', 1101],
    ['finish:1101:repeat', 'finish', 1101],
    ['share:1102:speak', 'share', 1102],
    ['mission:zero-3', 'mission', null],
    ['camp:summer', 'camp', null],
    ['kob:1103', 'kob', 1103],
    ['lottery-prize:4', 'lottery-prize', null],
    ['lottery-chance:4', 'lottery-chance', null],
    ['points-task:invite', 'points-task', null],
    ['points-sign:2026-12-06', 'points-sign', null],
    ['points-exchange:9', 'points-exchange', null],
    ['points-refund:9', 'points-refund', null],
    ['ops-points:r1', 'ops', null],
    ['家长来电', 'other', null],
    ['', 'other', null],
  ] as const)('%s → %s, book %s', (reason, kind, book) => {
    expect(ledgerReasonKind(reason)).toBe(kind);
    expect(ledgerReasonBook(reason)).toBe(book);
  });
});
