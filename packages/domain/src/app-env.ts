import { compareVersions } from './versions';

/**
 * What the page runs in, from the user agent (decision 010). Our native shells append
 * `PicBookApp/<version> (<os> <os version>; <channel>)`, e.g.
 * `PicBookApp/1.6.2 (Android 12; xiaomi)` or `PicBookApp/2.0.0 (iOS 16.4; approval)`.
 * Channels: approval (the App Store review build → strict iOS), huawei, xiaomi, xiaodu, and the
 * Android stores; anything else is a plain browser. The server reads the same header to know
 * which payment methods a device has.
 */
export interface AppEnv {
  isApp: boolean;
  appVersion: string;
  os: 'ios' | 'android' | 'other';
  osVersion: string;
  channel: string;
  isStrictIos: boolean;
  isHuawei: boolean;
  isXiaomi: boolean;
  isXiaodu: boolean;
}

const APP_UA = /PicBookApp\/([\d.]+)\s*\(([^;)]*);?\s*([^)]*)\)/;

export function parseEnv(userAgent: string): AppEnv {
  const match = APP_UA.exec(userAgent);
  const osPart = (match?.[2] ?? '').trim();
  const channel = (match?.[3] ?? '').trim().toLowerCase();
  const isIosUa = /iPhone|iPad|iPod/.test(userAgent) || /^iOS/i.test(osPart);
  const isAndroidUa = /Android/i.test(userAgent) || /^Android/i.test(osPart);
  const os = isIosUa ? 'ios' : isAndroidUa ? 'android' : 'other';
  const osVersion = /([\d.]+)\s*$/.exec(osPart)?.[1] ?? '';
  const isApp = Boolean(match);
  return {
    isApp,
    appVersion: match?.[1] ?? '',
    os,
    osVersion,
    channel,
    isStrictIos: isApp && os === 'ios' && channel === 'approval',
    isHuawei: isApp && channel === 'huawei',
    isXiaomi: isApp && channel === 'xiaomi',
    isXiaodu: isApp && channel === 'xiaodu',
  };
}

/**
 * Capability flags of shell-and-account §6 that the store uses; the spec says they depend on app
 * version and platform without giving the versions, so these are ours (decision 036).
 */
export const HUAWEI_PAY_MIN_VERSION = '1.5.0';
export const RESTORE_PURCHASES_MIN_VERSION = '1.4.0';

export function canHuaweiPay(env: AppEnv): boolean {
  return env.isHuawei && compareVersions(env.appVersion, HUAWEI_PAY_MIN_VERSION) >= 0;
}

/** Restoring App Store purchases needs the iOS shell (StoreKit). */
export function canRestorePurchases(env: AppEnv): boolean {
  return (
    env.isApp &&
    env.os === 'ios' &&
    compareVersions(env.appVersion, RESTORE_PURCHASES_MIN_VERSION) >= 0
  );
}
