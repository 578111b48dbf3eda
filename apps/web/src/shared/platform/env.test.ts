import { describe, expect, it } from 'vitest';
import { canAppleLogin, canXiaomiLogin, parseEnv } from './env';

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156 Safari/537.36';

describe('environment from the user agent', () => {
  it('a browser is not the app', () => {
    expect(parseEnv(chrome)).toMatchObject({ isApp: false, isStrictIos: false, channel: '' });
  });

  it.each([
    ['PicBookApp/2.0.0 (iOS 16.4; approval)', { isApp: true, os: 'ios', isStrictIos: true }],
    ['PicBookApp/2.0.0 (iOS 16.4; appstore)', { isApp: true, os: 'ios', isStrictIos: false }],
    ['PicBookApp/1.6.2 (Android 12; huawei)', { isHuawei: true, os: 'android' }],
    ['PicBookApp/1.6.2 (Android 12; xiaodu)', { isXiaodu: true }],
  ])('%s', (ua, expected) => {
    expect(parseEnv(`${chrome} ${ua}`)).toMatchObject(expected);
  });

  it.each([
    ['1.6.1', false],
    ['1.6.2', true],
    ['1.10.0', true],
  ])('Xiaomi login from app version 1.6.2: %s → %s', (version, expected) => {
    expect(canXiaomiLogin(parseEnv(`PicBookApp/${version} (Android 12; xiaomi)`))).toBe(expected);
  });

  it.each([
    ['12.5', false],
    ['13.0', true],
    ['17.1', true],
  ])('Apple login on iOS 13 or later: %s → %s', (ios, expected) => {
    expect(canAppleLogin(parseEnv(`PicBookApp/2.0.0 (iOS ${ios}; appstore)`))).toBe(expected);
  });
});
