import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_ONLY, SHIPPED_LICENCES } from './licences';

describe('about us: licences of what we ship', () => {
  it('names every runtime dependency of the web app, with the licence its package declares', () => {
    const root = path.resolve(import.meta.dirname, '../../../');
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const shipped = Object.keys(pkg.dependencies).filter((d) => !BUILD_ONLY.includes(d));
    expect(SHIPPED_LICENCES.map((l) => l.name).sort()).toEqual(shipped.sort());
    for (const { name, licence } of SHIPPED_LICENCES) {
      const file = [root, path.resolve(root, '../..')]
        .map((r) => path.join(r, 'node_modules', name, 'package.json'))
        .find((f) => fs.existsSync(f));
      if (!file) continue;
      const declared = (JSON.parse(fs.readFileSync(file, 'utf8')) as { license?: string }).license;
      expect(declared, name).toBe(licence);
    }
  });
});
