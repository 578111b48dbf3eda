import { type AppEnv, compareVersions, parseEnv } from '@picbook/domain';

/** The environment parser lives in packages/domain: the server reads the same user agent. */
export { type AppEnv, parseEnv };

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
