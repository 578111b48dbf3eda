import { createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from './route-table';
import { appRouterInit, pages } from './router';

describe('the route table', () => {
  it('has a real screen for every route of the spec (no "coming soon")', () => {
    expect(appRoutes.filter((route) => !pages[route.path]).map((r) => r.path)).toEqual([]);
    expect(appRoutes.length).toBeGreaterThanOrEqual(72);
  });
});

describe('the router learns the routes outside the opening area when it leaves it (decision 106)', () => {
  const ids = (routes: RouteObject[]): string[] =>
    routes.flatMap((r) => [...(r.path ? [r.path] : []), ...ids(r.children ?? [])]);

  it('starts with the opening area and the routes every address needs', () => {
    const { routes } = appRouterInit('/library/read/1603/001');
    const paths = ids(routes);
    expect(paths).toContain('/library/read/:bookId/:processId');
    expect(paths).toContain('/library');
    expect(paths).toContain('*');
    expect(paths).not.toContain('/parents/center');
    expect(paths.length).toBeLessThan(appRoutes.length / 2);
  });

  it('matches an address of another area after the first navigation there', async () => {
    const { routes, patchRoutesOnNavigation } = appRouterInit('/library');
    const router = createMemoryRouter(routes, {
      initialEntries: ['/library'],
      patchRoutesOnNavigation,
    });
    const matched = () => router.state.matches.at(-1)?.route.path;
    await router.navigate('/parents/center');
    await vi.waitFor(() => expect(matched()).toBe('/parents/center'), { timeout: 15_000 });
    await router.navigate('/words');
    await vi.waitFor(() => expect(matched()).toBe('/words'), { timeout: 15_000 });
    await router.navigate('/no/such/address');
    await vi.waitFor(() => expect(matched()).toBe('*'));
    router.dispose();
  }, 30_000);
});
