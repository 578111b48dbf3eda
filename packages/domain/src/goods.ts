import { type AppEnv, canHuaweiPay } from './app-env';
import { compareVersions } from './versions';

/**
 * Goods of the store (learning-content §3, §7; decision 034): prices in fen (integers), a
 * promotion with a time window, availability per sales channel and the payment methods a
 * channel has.
 */
export const GOODS_CATEGORIES = ['vip', 'library', 'growth', 'du_vip'] as const;
export type GoodsCategory = (typeof GOODS_CATEGORIES)[number];

export const PAY_METHODS = ['wechat', 'alipay', 'apple', 'huawei'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** Where a family buys: the iOS app, the Huawei app, a Xiaodu screen, another Android app, the web. */
export const SALES_CHANNELS = ['ios', 'huawei', 'xiaodu', 'android', 'web'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

export function salesChannel(env: AppEnv): SalesChannel {
  if (!env.isApp) return 'web';
  if (env.os === 'ios') return 'ios';
  if (env.isHuawei) return 'huawei';
  if (env.isXiaodu) return 'xiaodu';
  return 'android';
}

/**
 * The methods a channel may pay with: Apple in-app purchase only (and always) in the iOS app,
 * Huawei IAP in the Huawei app once it supports it (older Huawei apps pay like other Android
 * apps), WeChat Pay and Alipay everywhere else.
 */
export function channelPayMethods(env: AppEnv): PayMethod[] {
  const channel = salesChannel(env);
  if (channel === 'ios') return ['apple'];
  if (channel === 'huawei' && canHuaweiPay(env)) return ['huawei'];
  return ['wechat', 'alipay'];
}

export interface GoodsPromo {
  /** Promotional price in fen. */
  price: number;
  label: string;
  /** Unix seconds, start inclusive, end exclusive. */
  start_time: number;
  end_time: number;
  /** When set, only a client that brings this promo code sees the price. */
  code?: string | null;
}

export interface PricedGoods {
  price: number;
  promo: GoodsPromo | null;
}

/** Whether the promotion applies now for this client (its window, and its code when it has one). */
export function isPromoActive(
  promo: GoodsPromo | null,
  now: number,
  code?: string | undefined,
): promo is GoodsPromo {
  if (!promo) return false;
  if (now < promo.start_time || now >= promo.end_time) return false;
  return !promo.code || promo.code === code;
}

/** What the family pays now, in fen. */
export function effectivePrice(goods: PricedGoods, now: number, code?: string | undefined): number {
  return isPromoActive(goods.promo, now, code) ? goods.promo.price : goods.price;
}

export interface ChannelGoods {
  channels: readonly SalesChannel[];
  min_app_version: string | null;
  apple_product_id: string | null;
  huawei_product_id: string | null;
}

/**
 * Whether the goods are on sale in this environment: listed for its channel, the app new enough,
 * and sellable with the channel's in-app purchase when that is the only way to pay.
 */
export function isSoldIn(goods: ChannelGoods, env: AppEnv, appVersion?: string): boolean {
  const channel = salesChannel(env);
  if (!goods.channels.includes(channel)) return false;
  const version = appVersion || env.appVersion;
  if (goods.min_app_version && env.isApp && compareVersions(version, goods.min_app_version) < 0) {
    return false;
  }
  const methods = channelPayMethods(env);
  if (methods.length === 1 && methods[0] === 'apple') return goods.apple_product_id !== null;
  if (methods.length === 1 && methods[0] === 'huawei') return goods.huawei_product_id !== null;
  return true;
}

/**
 * Spec §3 goods.full_method: 1 when every payment method of the product (WeChat Pay and Alipay)
 * can buy it here, 0 when the channel restricts it to its own in-app purchase.
 */
export function fullMethod(env: AppEnv): 0 | 1 {
  const methods = channelPayMethods(env);
  return methods.includes('wechat') && methods.includes('alipay') ? 1 : 0;
}

/** Fen as yuan for people: 2500 → "25", 2590 → "25.9", 1999 → "19.99". */
export function formatYuan(fen: number): string {
  const yuan = (fen / 100).toFixed(2);
  return yuan.replace(/\.?0+$/, '');
}

/** Fen as yuan with two decimals, as receipts show it: 2500 → "25.00". */
export const formatYuanExact = (fen: number): string => (fen / 100).toFixed(2);

/** What a day of the membership costs, rounded up to the fen ("每天仅需 ¥0.82"). */
export function pricePerDay(fen: number, days: number | null): number | null {
  if (!days || days <= 0) return null;
  return Math.ceil(fen / days);
}
