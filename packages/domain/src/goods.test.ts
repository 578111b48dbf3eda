import { describe, expect, it } from 'vitest';
import { parseEnv } from './app-env';
import {
  channelPayMethods,
  effectivePrice,
  formatYuan,
  formatYuanExact,
  fullMethod,
  isPromoActive,
  isSoldIn,
  pricePerDay,
  salesChannel,
} from './goods';

const browser = parseEnv('Mozilla/5.0 (X11; Linux x86_64) Chrome/156');
const ios = parseEnv('Mozilla/5.0 (iPhone) PicBookApp/2.0.0 (iOS 17.2; appstore)');
const huawei = parseEnv('Mozilla/5.0 (Linux; Android 12) PicBookApp/1.6.0 (Android 12; huawei)');
const oldHuawei = parseEnv('Mozilla/5.0 (Linux; Android 12) PicBookApp/1.4.9 (Android 12; huawei)');
const xiaodu = parseEnv('Mozilla/5.0 (Linux; Android 9) PicBookApp/1.6.0 (Android 9; xiaodu)');
const android = parseEnv('Mozilla/5.0 (Linux; Android 12) PicBookApp/1.6.0 (Android 12; vivo)');

describe('sales channels and their payment methods (issue 15: Apple IAP only on iOS, Huawei pay on Huawei)', () => {
  it.each([
    ['browser', browser, 'web', ['wechat', 'alipay'], 1],
    ['iOS app', ios, 'ios', ['apple'], 0],
    ['Huawei app', huawei, 'huawei', ['huawei'], 0],
    ['Huawei app before Huawei pay', oldHuawei, 'huawei', ['wechat', 'alipay'], 1],
    ['Xiaodu screen', xiaodu, 'xiaodu', ['wechat', 'alipay'], 1],
    ['other Android app', android, 'android', ['wechat', 'alipay'], 1],
  ] as const)('%s', (_, env, channel, methods, full) => {
    expect(salesChannel(env)).toBe(channel);
    expect(channelPayMethods(env)).toEqual(methods);
    expect(fullMethod(env)).toBe(full);
  });
});

describe('isSoldIn', () => {
  const goods = {
    channels: ['web', 'ios', 'android', 'huawei'] as const,
    min_app_version: null,
    apple_product_id: 'com.picbook.vip.1m',
    huawei_product_id: null,
  };
  it.each([
    ['listed on the web', browser, true],
    ['listed on iOS with an App Store product', ios, true],
    ['Huawei pay without a Huawei product', huawei, false],
    ['older Huawei app pays like Android', oldHuawei, true],
    ['not listed on Xiaodu', xiaodu, false],
  ] as const)('%s → %s', (_, env, sold) => {
    expect(isSoldIn({ ...goods, channels: [...goods.channels] }, env)).toBe(sold);
  });

  it('iOS without an App Store product is not sold there', () => {
    expect(isSoldIn({ ...goods, channels: ['ios'], apple_product_id: null }, ios)).toBe(false);
  });

  it('a minimum app version hides goods from older apps, not from browsers', () => {
    const newer = { ...goods, channels: ['web', 'android'] as const, min_app_version: '1.7.0' };
    expect(isSoldIn({ ...newer, channels: [...newer.channels] }, android)).toBe(false);
    expect(isSoldIn({ ...newer, channels: [...newer.channels] }, android, '1.7.1')).toBe(true);
    expect(isSoldIn({ ...newer, channels: [...newer.channels] }, browser)).toBe(true);
  });
});

describe('promotions with a time window', () => {
  const promo = { price: 1900, label: '限时特惠', start_time: 1000, end_time: 2000 };
  const goods = { price: 2500, promo };
  it.each([
    [999, 2500],
    [1000, 1900],
    [1999, 1900],
    [2000, 2500],
  ])('at %i the price is %i fen', (now, price) => {
    expect(effectivePrice(goods, now)).toBe(price);
  });

  it('a coded promotion needs its code', () => {
    const coded = { ...promo, code: 'SPRING' };
    expect(isPromoActive(coded, 1500)).toBe(false);
    expect(isPromoActive(coded, 1500, 'WINTER')).toBe(false);
    expect(effectivePrice({ price: 2500, promo: coded }, 1500, 'SPRING')).toBe(1900);
  });

  it('no promotion, the list price', () => {
    expect(effectivePrice({ price: 2500, promo: null }, 1500)).toBe(2500);
  });
});

describe('money for people', () => {
  it.each([
    [2500, '25', '25.00'],
    [2590, '25.9', '25.90'],
    [1999, '19.99', '19.99'],
    [1, '0.01', '0.01'],
    [19800, '198', '198.00'],
  ])('%i fen → ¥%s / ¥%s', (fen, short, exact) => {
    expect(formatYuan(fen)).toBe(short);
    expect(formatYuanExact(fen)).toBe(exact);
  });

  it.each([
    [2500, 31, 81],
    [19800, 366, 55],
    [2500, null, null],
  ])('%i fen over %s days → %s fen a day', (fen, days, perDay) => {
    expect(pricePerDay(fen, days)).toBe(perDay);
  });
});
