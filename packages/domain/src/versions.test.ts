import { describe, expect, it } from 'vitest';
import { compareVersions } from './versions';

describe('compareVersions (spec: versions compare as dotted numbers)', () => {
  it.each([
    ['1.6.2', '1.6.2', 0],
    ['1.6.10', '1.6.2', 1],
    ['1.6.2', '1.6.10', -1],
    ['10.0.0', '9.9.9', 1],
    ['10', '10.0.0', 0],
    ['13.1', '13', 1],
    ['', '0', 0],
    ['1.x.3', '1.0.3', 0],
  ] as const)('%s vs %s → %d', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });
});
