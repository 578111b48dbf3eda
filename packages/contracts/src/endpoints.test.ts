import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpointAreas, endpoints } from './endpoints';
import { routes } from './routes';

/** Paths inside a schema where a `z.coerce.*` sits (zod 4 marks them with `def.coerce`). */
function coercedPaths(schema: z.ZodType, at = ''): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown, where: string) => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) {
      // A plain container inside a def: an object's shape, a union's options.
      for (const [key, value] of Object.entries(node)) visit(value, `${where}.${key}`);
      return;
    }
    if (def.coerce === true) found.push(where || '(root)');
    for (const [key, value] of Object.entries(def)) {
      if (key === 'shape' && value && typeof value === 'object') {
        for (const [field, child] of Object.entries(value)) visit(child, `${where}.${field}`);
      } else if (Array.isArray(value)) {
        for (const child of value) visit(child, where);
      } else {
        visit(value, where);
      }
    }
  };
  visit(schema, at);
  return found;
}

describe('endpoint table', () => {
  it('JSON bodies take their declared types only (no coercion: true is not 1, "0x10" is not 16)', () => {
    const coerced = Object.entries(endpoints).flatMap(([name, e]) =>
      'body' in e && e.body ? coercedPaths(e.body).map((p) => `${name}${p}`) : [],
    );
    expect(coerced).toEqual([]);
  });

  it('the check finds a coerced field (it can fail)', async () => {
    const { z } = await import('zod');
    expect(coercedPaths(z.object({ a: z.object({ b: z.coerce.number().optional() }) }))).toEqual([
      '.a.b',
    ]);
  });
});

describe('the areas’ tables', () => {
  const areaEntries = Object.entries(endpointAreas).flatMap(([area, table]) =>
    Object.entries(table).map(([name, entry]) => ({ area, name, entry })),
  );

  it('every route has exactly one entry among the areas, and every entry is a route', () => {
    const areasOf = new Map<string, string[]>();
    for (const { area, name } of areaEntries)
      areasOf.set(name, [...(areasOf.get(name) ?? []), area]);
    const notOnce = Object.keys(routes).filter((name) => areasOf.get(name)?.length !== 1);
    const notRoutes = [...areasOf.keys()].filter((name) => !(name in routes));
    expect({ notOnce, notRoutes }).toEqual({ notOnce: [], notRoutes: [] });
  });

  it('no two areas define the same name (a later spread would silently win)', () => {
    const seen = new Map<string, string>();
    const shared = areaEntries.flatMap(({ area, name }) => {
      const first = seen.get(name);
      seen.set(name, area);
      return first ? [`${name}: ${first} and ${area}`] : [];
    });
    expect(shared).toEqual([]);
  });

  it('the endpoint table is the areas’ entries, each on its own route', () => {
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(routes).sort());
    for (const { name, entry } of areaEntries) {
      expect(endpoints[name as keyof typeof endpoints], name).toBe(entry);
      const { method, path, auth } = entry;
      expect({ method, path, auth }, name).toEqual(routes[name as keyof typeof routes]);
    }
  });
});
