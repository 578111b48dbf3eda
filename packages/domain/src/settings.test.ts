import { describe, expect, it } from 'vitest';
import { coerceSetting, isKobDay, settingFallback, USER_SETTING_DEFAULTS } from './settings';

describe('user setting defaults (spec §3)', () => {
  it('has the spec values', () => {
    expect(USER_SETTING_DEFAULTS).toEqual({
      home_index: 0,
      library_page_type: 1,
      library_repeat_type: 0,
      eye_shield: 60,
      play_bgm: 1,
      parental_gate_lock_delay: 60,
      kob_schedule: 1,
      recording_device_only: 0,
      speech_prefetch_wifi: 1,
    });
  });
});

describe('coerceSetting: to the type of the default, empty → default', () => {
  it.each([
    ['30', 60, 30],
    ['30.9', 60, 30],
    ['', 60, 60],
    [null, 60, 60],
    ['abc', 60, 60],
    ['{"a":1}', { a: 0 }, { a: 1 }],
    ['[1,2]', [0], [1, 2]],
    ['[1,2]', { a: 0 }, { a: 0 }],
    ['not json', { a: 0 }, { a: 0 }],
    ['hello', 'x', 'hello'],
    ['1', false, true],
  ] as const)('%j with default %j → %j', (raw, fallback, expected) => {
    expect(coerceSetting(raw, fallback as unknown)).toEqual(expected);
  });

  it('parental_gate_lock_delay falls back to 0 on strict iOS', () => {
    expect(settingFallback('parental_gate_lock_delay', true)).toBe(0);
    expect(settingFallback('parental_gate_lock_delay', false)).toBe(60);
    expect(settingFallback('eye_shield', true)).toBe(60);
  });
});

describe('kob schedule: 0 never, 12345 weekdays, 67 weekend, other every day', () => {
  it.each([
    [0, 3, false],
    [12345, 1, true],
    [12345, 6, false],
    [67, 7, true],
    [67, 2, false],
    [1, 6, true],
  ])('%i on weekday %i → %s', (schedule, day, expected) =>
    expect(isKobDay(schedule, day)).toBe(expected),
  );
});
