import { describe, expect, it } from 'vitest';
import { previewPopupRule } from './popup-preview';
import { DAY_S, HOUR_S, type PopupRule } from './popups';

const start = Date.UTC(2026, 5, 1, 0, 0, 0) / 1000; // 08:00 China time, a Monday
type Options = Partial<Parameters<typeof previewPopupRule>[1]>;
const shownAt = (rule: PopupRule | null, o: Options = {}) =>
  previewPopupRule(rule, { points: ['coldBootToHome'], days: 3, everyHours: 4, start, ...o })
    .filter((v) => v.shown)
    .map((v) => `${v.point}@${v.at / HOUR_S}h`);

describe('popup preview: which visits of a steady family would see the popup (§5 rules)', () => {
  it.each<[string, PopupRule | null, Options, string[]]>([
    // Defaults (§9): 16 h apart, 3 in all, one of them reserved for the parent point (min 1).
    ['defaults, home only', null, { days: 5 }, ['coldBootToHome@0h', 'coldBootToHome@16h']],
    [
      'defaults, home and parent',
      null,
      { points: ['coldBootToHome', 'parent'], days: 5 },
      // Each 4-hour visit goes home first, then to the parents' area.
      ['coldBootToHome@0h', 'coldBootToHome@16h', 'parent@32h'],
    ],
    [
      'interval 1 day, max 3, home only',
      { interval: DAY_S, max_num: 3, points: [{ point: 'coldBootToHome' }] },
      {},
      ['coldBootToHome@0h', 'coldBootToHome@24h', 'coldBootToHome@48h'],
    ],
    ['a point not in the list never shows', { points: [{ point: 'parent', max: 1 }] }, {}, []],
    ['a blocked device never shows', { block_device: ['ios'] }, { device: 'ios' }, []],
  ])('%s', (_name, rule, options, expected) => {
    expect(shownAt(rule, options)).toEqual(expected);
  });

  it('says why each visit did not show', () => {
    const visits = previewPopupRule(
      { interval: 8 * HOUR_S, max_num: 2, points: [{ point: 'coldBootToHome' }] },
      { points: ['coldBootToHome'], days: 1, everyHours: 4, start },
    );
    expect(visits.map((v) => v.refusal)).toEqual([
      null,
      'interval',
      null,
      // The interval is checked before the total.
      'interval',
      'max_num',
      'max_num',
    ]);
  });
});
