import { useCallback, useSyncExternalStore } from 'react';
import { storage } from '../platform/storage';

/**
 * Local per-user settings on the device (shell-and-account §3): kept in localStorage under the
 * setting's name as a map of user id → value, so two children's accounts on one tablet keep
 * their own choices.
 */
export type DeviceSettingKey =
  | 'picbook_language'
  | 'relax_timestamp'
  | 'active_days'
  | 'last_active_date'
  | 'modal_last_shown'
  | 'has_entered_points'
  | 'course_gudie_audio'
  | 'user_guide_video'
  | 'popup_history'
  | 'eye_shield_started'
  | 'market_rating'
  | 'push_authorised'
  | 'score_daily_info';

const listeners = new Set<() => void>();

function readMap(key: DeviceSettingKey): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(storage.get(key) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function getDeviceSetting(key: DeviceSettingKey, userId: string | number): string | null {
  return readMap(key)[String(userId)] ?? null;
}

export function setDeviceSetting(
  key: DeviceSettingKey,
  userId: string | number,
  value: string,
): void {
  const map = readMap(key);
  // Writing what is already there changes nothing and wakes no one.
  if (map[String(userId)] === value) return;
  storage.set(key, JSON.stringify({ ...map, [String(userId)]: value }));
  for (const listener of listeners) listener();
}

/** A device setting of the current user, live across components. */
export function useDeviceSetting(
  key: DeviceSettingKey,
  userId: string | number | null | undefined,
  fallback: string,
): [string, (value: string) => void] {
  const subscribe = useCallback((listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, []);
  const value = useSyncExternalStore(subscribe, () =>
    userId == null ? fallback : (getDeviceSetting(key, userId) ?? fallback),
  );
  const set = useCallback(
    (next: string) => {
      if (userId != null) setDeviceSetting(key, userId, next);
    },
    [key, userId],
  );
  return [value, set];
}
