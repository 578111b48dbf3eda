/** Server-stored user settings (group 'setting') and their defaults (spec §3). */
export const USER_SETTING_DEFAULTS = {
  home_index: 0,
  library_page_type: 1,
  library_repeat_type: 0,
  eye_shield: 60,
  play_bgm: 1,
  parental_gate_lock_delay: 60,
  kob_schedule: 1,
  /** 录音只保存在本机 (issue 37): 1 scores recordings on the device and never uploads them. */
  recording_device_only: 0,
  /**
   * Wi‑Fi 下预先下载离线打分 (issue 37, decision 110): 1 fetches the device scorer's files in the
   * background on Wi‑Fi, before the child's first recording (speech-prefetch.ts).
   */
  speech_prefetch_wifi: 1,
} as const;

export type UserSettingKey = keyof typeof USER_SETTING_DEFAULTS;
export type UserSettings = { [K in UserSettingKey]: number };
export const USER_SETTING_KEYS = Object.keys(USER_SETTING_DEFAULTS) as UserSettingKey[];
export const SETTINGS_GROUP = 'setting';

export function isUserSettingKey(key: string): key is UserSettingKey {
  return Object.hasOwn(USER_SETTING_DEFAULTS, key);
}

/**
 * Converts a stored text value to the type of its default (spec §5): numbers parsed as integers,
 * objects and arrays as JSON, else text. Empty or unparsable values fall back to the default.
 */
export function coerceSetting<T>(raw: string | null | undefined, fallback: T): T {
  if (raw === null || raw === undefined || raw === '') return fallback;
  if (typeof fallback === 'number') {
    const n = Number.parseInt(raw, 10);
    return (Number.isNaN(n) ? fallback : n) as T;
  }
  if (typeof fallback === 'object' && fallback !== null) {
    try {
      const parsed: unknown = JSON.parse(raw);
      const sameKind = Array.isArray(fallback) === Array.isArray(parsed);
      return (parsed !== null && typeof parsed === 'object' && sameKind ? parsed : fallback) as T;
    } catch {
      return fallback;
    }
  }
  if (typeof fallback === 'boolean') return (raw === 'true' || raw === '1') as T;
  return raw as T;
}

/** Spec: parental_gate_lock_delay falls back to 0 on strict iOS when empty. */
export function settingFallback(key: UserSettingKey, isStrictIos: boolean): number {
  return key === 'parental_gate_lock_delay' && isStrictIos ? 0 : USER_SETTING_DEFAULTS[key];
}

/** Kob schedule: 0 never, 12345 weekdays, 67 weekend, any other value every day. */
export function isKobDay(schedule: number, isoWeekday: number): boolean {
  if (schedule === 0) return false;
  if (schedule === 12345) return isoWeekday >= 1 && isoWeekday <= 5;
  if (schedule === 67) return isoWeekday === 6 || isoWeekday === 7;
  return true;
}
