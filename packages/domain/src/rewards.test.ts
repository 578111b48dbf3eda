import { describe, expect, it } from 'vitest';
import { itemReward, rewardIncrease, rewardTier } from './rewards';

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
