import { compareVersions } from '@picbook/domain';

/**
 * What the page runs in, from the user agent. Our native shells append
 * `PicBookApp/<version> (<os> <os version>; <channel>)`, e.g.
 * `PicBookApp/1.6.2 (Android 12; xiaomi)` or `PicBookApp/2.0.0 (iOS 16.4; approval)`.
 * Channels: approval (the App Store review build → strict iOS), huawei, xiaomi, xiaodu, and the
 * Android stores; anything else is a plain browser.
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

/** Spec §2: the Xiaomi-type button needs app version 1.6.2 or later. */
export const XIAOMI_LOGIN_MIN_VERSION = '1.6.2';
/** Spec §6: Apple login needs iOS 13 or later in the app. */
export const APPLE_LOGIN_MIN_IOS = '13';

export function canXiaomiLogin(env: AppEnv): boolean {
  return env.isXiaomi && compareVersions(env.appVersion, XIAOMI_LOGIN_MIN_VERSION) >= 0;
}

export function canAppleLogin(env: AppEnv): boolean {
  return env.isApp && env.os === 'ios' && compareVersions(env.osVersion, APPLE_LOGIN_MIN_IOS) >= 0;
}

let cached: AppEnv | null = null;
export function appEnv(): AppEnv {
  cached ??= parseEnv(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  return cached;
}
