import type { PopupShow } from '@picbook/domain';
import { getDeviceSetting, setDeviceSetting } from '../../shared/settings/device-settings';

export type PopupHistory = Record<string, readonly PopupShow[]>;

/**
 * Shows for every user of this device: a device set up once (the browser journeys mark the
 * app's own popups seen here so that they do not cover other journeys' screens).
 */
export const DEVICE_WIDE = '*';

function read(owner: string | number): PopupHistory {
  try {
    const parsed: unknown = JSON.parse(getDeviceSetting('popup_history', owner) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as PopupHistory) : {};
  } catch {
    return {};
  }
}

/** The popup shows of a user on this device (§4: counts kept per user on the device). */
export function popupHistory(userId: number): PopupHistory {
  const own = read(userId);
  const device = read(DEVICE_WIDE);
  const merged: Record<string, readonly PopupShow[]> = { ...own };
  for (const [key, shows] of Object.entries(device)) merged[key] = [...shows, ...(own[key] ?? [])];
  return merged;
}

export function savePopupHistory(userId: number, history: PopupHistory): void {
  const device = read(DEVICE_WIDE);
  // Only the user's own shows are written back; the device-wide ones stay where they are.
  const own: Record<string, readonly PopupShow[]> = {};
  for (const [key, shows] of Object.entries(history)) {
    const shared = device[key]?.length ?? 0;
    own[key] = shows.slice(shared);
  }
  setDeviceSetting('popup_history', userId, JSON.stringify(own));
}
