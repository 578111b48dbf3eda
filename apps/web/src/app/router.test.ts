import { describe, expect, it } from 'vitest';
import { appRoutes } from './route-table';
import { pages } from './router';

describe('the route table', () => {
  it('has a real screen for every route of the spec (no "coming soon")', () => {
    expect(appRoutes.filter((route) => !pages[route.path]).map((r) => r.path)).toEqual([]);
    expect(appRoutes.length).toBeGreaterThanOrEqual(72);
  });
});
