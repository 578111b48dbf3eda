import { describe, expect, it } from 'vitest';
import { htmlPattern } from './html-pattern';

/** What a browser does with a `pattern` attribute: the whole value, compiled with `v`. */
const browserAccepts = (pattern: string, value: string) =>
  new RegExp(`^(?:${pattern})$`, 'v').test(value);

describe('htmlPattern', () => {
  // source, the attribute, values the schema accepts, values it refuses
  const cases: [string, string, string[], string[]][] = [
    [
      '^[A-Za-z0-9_.:-]{1,40}$',
      '^[A-Za-z0-9_\\.\\:\\-]{1,40}$',
      ['school:ops-e2e', 'a.b_c', '-'],
      ['', 'has space', 'x'.repeat(41), 'a/b'],
    ],
    [
      '^[a-z][a-z0-9_.-]{2,31}$',
      '^[a-z][a-z0-9_\\.\\-]{2,31}$',
      ['dev', 'ops.e2e-1'],
      ['Dev', 'ab', '1abc'],
    ],
    ['^PB\\d{18}$', '^PB\\d{18}$', ['PB123456789012345678'], ['PB1', 'pb123456789012345678']],
    [
      '^(\\/media\\/|https:\\/\\/)\\S+$',
      '^(\\/media\\/|https:\\/\\/)\\S+$',
      ['/media/a.png', 'https://x.cn/a'],
      ['http://x', '/media/'],
    ],
    ['^\\d+(\\.\\d+){0,3}$', '^\\d+(\\.\\d+){0,3}$', ['1', '2.10.3'], ['1.', 'a']],
    ['\\d{1,4}|life', '[\\s\\S]*(?:\\d{1,4}|life)[\\s\\S]*', ['31', 'life', 'x1'], ['', 'x']],
    ['^[-a]$', '^[\\-a]$', ['-', 'a'], ['b']],
    ['^[\\w\\-]+$', '^[\\w\\-]+$', ['a-b_c'], ['a b']],
    ['^[a\\_]$', '^[a_]$', ['_', 'a'], ['\\']],
    ['^[(|)&&]$', '^[\\(\\|\\)\\&\\&]$', ['(', '&', '|'], ['a']],
    ['^a{2}b}$', '^a{2}b\\}$', ['aab}'], ['aab']],
  ];
  it.each(cases)('%s → %s', (source, attribute, good, bad) => {
    const pattern = htmlPattern(source);
    expect(pattern).toBe(attribute);
    const schema = new RegExp(source);
    for (const value of good) {
      expect(schema.test(value)).toBe(true);
      expect(browserAccepts(attribute, value), value).toBe(true);
    }
    for (const value of bad) {
      expect(schema.test(value)).toBe(false);
      expect(browserAccepts(attribute, value), value).toBe(false);
    }
  });

  it('answers null for an expression it cannot rewrite', () => {
    expect(htmlPattern('^[a-z')).toBeNull();
    expect(htmlPattern('\\')).toBeNull();
  });

  it('leaves no pattern invalid under the v flag (every answer compiles)', () => {
    for (const [source] of cases) {
      expect(() => new RegExp(`^(?:${htmlPattern(source)})$`, 'v')).not.toThrow();
    }
  });
});
