import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every `pattern` attribute written in the web app's screens compiles as browsers compile it:
 * `^(?:p)$` with the `v` flag (decision 097). A pattern that does not is silently ignored by the
 * browser (and logged), so its field checks nothing. The console's generated forms are checked
 * for every registered action by the server's action-forms test.
 */
const SRC = path.resolve(__dirname, '..');

function patternsInScreens(): { file: string; pattern: string }[] {
  const found: { file: string; pattern: string }[] = [];
  for (const rel of fs.readdirSync(SRC, { recursive: true }) as string[]) {
    if (!rel.endsWith('.tsx') || rel.endsWith('.test.tsx')) continue;
    const text = fs.readFileSync(path.join(SRC, rel), 'utf8');
    // pattern="…" and pattern={'…'} / pattern={"…"} / pattern={`…`}
    for (const m of text.matchAll(
      /\bpattern=(?:"([^"]*)"|\{\s*(['"`])((?:\\.|(?!\2).)*)\2\s*\})/g,
    )) {
      const literal = m[1] !== undefined ? m[1] : unquote(m[3] ?? '');
      found.push({ file: rel, pattern: literal });
    }
  }
  return found;
}

/** A JS string literal's text (its backslash escapes undone). */
const unquote = (body: string) => body.replace(/\\(.)/g, '$1');

describe('pattern attributes', () => {
  const patterns = patternsInScreens();

  it('finds the screens’ patterns (the gift-card channel, the login code …)', () => {
    expect(patterns.map((p) => p.pattern)).toEqual(
      expect.arrayContaining(['[A-Za-z0-9_.:\\-]{1,40}', '\\d{6}']),
    );
  });

  it.each(patterns.map((p) => [p.file, p.pattern]))('%s: %s compiles under the v flag', (_, p) => {
    expect(() => new RegExp(`^(?:${p})$`, 'v')).not.toThrow();
  });

  it('the gift-card channel pattern still means what the server checks', () => {
    const channel = patternsInScreens().find((p) => p.pattern.includes('_.:'))?.pattern;
    const attribute = new RegExp(`^(?:${channel})$`, 'v');
    const server = /^[A-Za-z0-9_.:-]{1,40}$/;
    for (const value of ['school:ops-e2e', 'a.b_c-d', 'has space', '', 'x'.repeat(41), '学校']) {
      expect(attribute.test(value), value).toBe(server.test(value));
    }
  });
});
