import { describe, expect, it } from 'vitest';
import { rootFontScale } from './root-font';

describe('root font scale from the design width', () => {
  it.each([
    ['child', 1024, 768, 1],
    ['child', 2048, 1536, 1.6],
    ['child', 1366, 768, 1],
    ['child', 812, 375, 0.8],
    ['child', 375, 812, 0.8],
    ['child', 1280, 800, 1.0416666666666667],
    ['parents', 768, 1024, 1],
    ['parents', 390, 844, 0.9],
    ['parents', 1024, 1366, 1.3],
  ] as const)('%s at %i×%i → %f', (area, w, h, expected) => {
    expect(rootFontScale(area, w, h)).toBeCloseTo(expected, 5);
  });
});
