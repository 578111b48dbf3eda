/**
 * Capability flags by platform and app version (shell-and-account §6). The spec names the
 * capabilities and one threshold (Apple login needs iOS 13); the app versions that first carry
 * each bridge action are ours (decision 059).
 */
import { type AppEnv, canHuaweiPay, canRestorePurchases } from './app-env';
import { compareVersions } from './versions';

export const CAPABILITIES = [
  'appFetch',
  'appLogin',
  'appleLogin',
  'huaweiPay',
  'restorePurchases',
  'share',
  'pushAuth',
  'openUri',
  'saveImage',
  'song',
  'openMiniProgram',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** The first app version whose bridge has each action (apps older than 1.0.0 are not supported). */
export const CAPABILITY_MIN_APP_VERSION: Record<
  Exclude<Capability, 'huaweiPay' | 'restorePurchases'>,
  string
> = {
  appFetch: '1.0.0',
  appLogin: '1.0.0',
  appleLogin: '1.3.0',
  share: '1.1.0',
  pushAuth: '1.2.0',
  openUri: '1.2.0',
  saveImage: '1.1.0',
  song: '1.4.0',
  openMiniProgram: '1.3.0',
};

/** The lowest app version the web app runs in (older shells see the update dialog, §8). */
export const MIN_SUPPORTED_APP_VERSION = '1.0.0';

const atLeast = (version: string, min: string) => compareVersions(version, min) >= 0;

export function hasCapability(env: AppEnv, capability: Capability): boolean {
  if (capability === 'huaweiPay') return canHuaweiPay(env);
  if (capability === 'restorePurchases') return canRestorePurchases(env);
  if (!env.isApp || !atLeast(env.appVersion, CAPABILITY_MIN_APP_VERSION[capability])) return false;
  switch (capability) {
    case 'appleLogin':
      return env.os === 'ios' && atLeast(env.osVersion, '13');
    case 'openMiniProgram':
      // The messaging app's SDK is not on the smart-device channel.
      return !env.isXiaodu;
    case 'pushAuth':
    case 'song':
      return !env.isXiaodu;
    default:
      return true;
  }
}

export function capabilityFlags(env: AppEnv): Record<Capability, boolean> {
  return Object.fromEntries(CAPABILITIES.map((c) => [c, hasCapability(env, c)])) as Record<
    Capability,
    boolean
  >;
}

/** §5: iOS version check, versions compared as dotted numbers. */
export const IOS_MIN_VERSION = '10.0.0';

export function isIosSupported(env: AppEnv): boolean {
  return env.os !== 'ios' || env.osVersion === '' || atLeast(env.osVersion, IOS_MIN_VERSION);
}

/**
 * §8: a native shell older than the lowest supported version (or on iOS below 10) sees the update
 * dialog.
 */
export function isUnsupportedApp(env: AppEnv): boolean {
  return env.isApp && (!atLeast(env.appVersion, MIN_SUPPORTED_APP_VERSION) || !isIosSupported(env));
}

/** §9 crop size: 400×400 on one platform (not named; ours: iOS), 270×270 otherwise. */
export function cropSize(env: AppEnv): 400 | 270 {
  return env.os === 'ios' ? 400 : 270;
}

export interface GrayOptionsLike {
  lottieDisabled: number;
  spineDisabled: number;
  kobEnabled: number;
  kobDisabled: number;
  kobDoneCoursesThreshold: number;
}

/** §6 kob's gate is `kobFeatureOn` in kob.ts (with the kob screen and calls). */

/** §6: points are off on Xiaodu. */
export const pointsAllowed = (env: AppEnv): boolean => !env.isXiaodu;

/** §6: lottie and spine animations are off when disabled remotely or on Xiaodu. */
export function animationsAllowed(
  env: AppEnv,
  gray: GrayOptionsLike,
): { lottie: boolean; spine: boolean } {
  return {
    lottie: !env.isXiaodu && gray.lottieDisabled !== 1,
    spine: !env.isXiaodu && gray.spineDisabled !== 1,
  };
}
