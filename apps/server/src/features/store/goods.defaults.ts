import type { GoodsCategory, RightName, SalesChannel } from '@picbook/domain';

export interface GoodsDefinition {
  product_id: string;
  category: GoodsCategory;
  title: string;
  subtitle: string;
  right_name: RightName;
  /** Days of the right; null = lifetime. */
  days: number | null;
  /** Fen. */
  price: number;
  original_price: number | null;
  channels: SalesChannel[];
  apple_product_id: string | null;
  huawei_product_id: string | null;
  badge: string | null;
  sort: number;
}

const APP_CHANNELS: SalesChannel[] = ['web', 'android', 'ios', 'huawei'];

/**
 * The goods a new deployment starts with (decision 034). Start-up adds the ones missing; prices,
 * promotions and availability are then the operators' (`goods.save`). A month is 31 days, three
 * months 93, a year 366: a family never gets less than the calendar promises.
 */
export const DEFAULT_GOODS: readonly GoodsDefinition[] = [
  {
    product_id: 'vip_1m',
    category: 'vip',
    title: '绘本岛会员·1个月',
    subtitle: '全部绘本畅读 · 跟读打分 · 学习报告',
    right_name: 'vip',
    days: 31,
    price: 2500,
    original_price: null,
    channels: APP_CHANNELS,
    apple_product_id: 'com.picbook.vip.1m',
    huawei_product_id: 'picbook_vip_1m',
    badge: null,
    sort: 10,
  },
  {
    product_id: 'vip_3m',
    category: 'vip',
    title: '绘本岛会员·3个月',
    subtitle: '全部绘本畅读 · 跟读打分 · 学习报告',
    right_name: 'vip',
    days: 93,
    price: 6800,
    original_price: 7500,
    channels: APP_CHANNELS,
    apple_product_id: 'com.picbook.vip.3m',
    huawei_product_id: 'picbook_vip_3m',
    badge: null,
    sort: 20,
  },
  {
    product_id: 'vip_12m',
    category: 'vip',
    title: '绘本岛会员·12个月',
    subtitle: '全部绘本畅读 · 跟读打分 · 学习报告',
    right_name: 'vip',
    days: 366,
    price: 19800,
    original_price: 30000,
    channels: APP_CHANNELS,
    apple_product_id: 'com.picbook.vip.12m',
    huawei_product_id: 'picbook_vip_12m',
    badge: '最受欢迎',
    sort: 30,
  },
  {
    product_id: 'vip_life',
    category: 'vip',
    title: '终身会员',
    subtitle: '一次购买，永久畅读全部绘本',
    right_name: 'life_vip',
    days: null,
    price: 59800,
    original_price: 99800,
    channels: APP_CHANNELS,
    apple_product_id: 'com.picbook.vip.life',
    huawei_product_id: 'picbook_vip_life',
    badge: '一次购买 永久有效',
    sort: 40,
  },
  {
    product_id: 'library_12m',
    category: 'library',
    title: '绘本馆·12个月',
    subtitle: '解锁全部分级绘本的阅读',
    right_name: 'library',
    days: 366,
    price: 12800,
    original_price: null,
    channels: APP_CHANNELS,
    apple_product_id: 'com.picbook.library.12m',
    huawei_product_id: 'picbook_library_12m',
    badge: null,
    sort: 50,
  },
  {
    product_id: 'growth_12m',
    category: 'growth',
    title: '成长计划·12个月',
    subtitle: '分级学习计划 · 每周报告 · 成长奖励',
    right_name: 'growth',
    days: 366,
    price: 16800,
    original_price: null,
    channels: APP_CHANNELS,
    apple_product_id: 'com.picbook.growth.12m',
    huawei_product_id: 'picbook_growth_12m',
    badge: null,
    sort: 60,
  },
  {
    product_id: 'du_vip_1m',
    category: 'du_vip',
    title: '小度会员·1个月',
    subtitle: '在小度智能屏上畅读全部绘本',
    right_name: 'du_vip',
    days: 31,
    price: 2500,
    original_price: null,
    channels: ['xiaodu', 'web', 'android'],
    apple_product_id: null,
    huawei_product_id: null,
    badge: null,
    sort: 70,
  },
  {
    product_id: 'du_vip_12m',
    category: 'du_vip',
    title: '小度会员·12个月',
    subtitle: '在小度智能屏上畅读全部绘本',
    right_name: 'du_vip',
    days: 366,
    price: 19800,
    original_price: 30000,
    channels: ['xiaodu', 'web', 'android'],
    apple_product_id: null,
    huawei_product_id: null,
    badge: '最划算',
    sort: 80,
  },
];
