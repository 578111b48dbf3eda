import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { createMallQueries } from './mall.queries';
import { saveGoods, ZGoodsInput } from './mall-admin';

const IMG = '/media/mall';

/** Example goods of a new installation; operators change them with points.saveGoods. */
const EXAMPLE_GOODS: Array<z.input<typeof ZGoodsInput>> = [
  {
    title: '嘟嘟毛绒公仔',
    subtitle: '绘本岛吉祥物，软软的陪伴',
    description:
      '绘本岛吉祥物嘟嘟的毛绒公仔，填充PP棉，适合3岁以上儿童。兑换后7个工作日内发货，包邮（港澳台地区除外）。',
    image: `${IMG}/plush.svg`,
    kind: 'physical',
    show_fake_stock: true,
    skus: [
      { title: '小号 20cm', price: 1200, stock: 30 },
      { title: '大号 35cm', price: 2000, stock: 10 },
    ],
  },
  {
    title: '24色彩色铅笔',
    subtitle: '给绘本涂上颜色',
    description: '可水溶彩色铅笔24色，附卷笔刀。兑换后7个工作日内发货，包邮（港澳台地区除外）。',
    image: `${IMG}/pencils.svg`,
    kind: 'physical',
    skus: [{ title: '24色', price: 500, stock: 100 }],
  },
  {
    title: '英语单词闪卡',
    subtitle: '第1级 · 60张',
    description: '第1级核心词汇闪卡60张，正面图画、背面单词和例句。兑换后7个工作日内发货。',
    image: `${IMG}/flashcards.svg`,
    kind: 'physical',
    skus: [{ title: '第1级', price: 800, stock: 60 }],
  },
  {
    title: '绘本岛会员',
    subtitle: '全部绘本随心读',
    description: '兑换后立即生效，会员期间全部绘本都能读；已是会员的在原有效期上顺延。',
    image: `${IMG}/vip.svg`,
    kind: 'vip',
    skus: [
      { title: '7天', price: 300, stock: 9999, grant_days: 7 },
      { title: '30天', price: 1000, stock: 9999, grant_days: 30 },
    ],
  },
  {
    title: '金币礼包',
    subtitle: '100金币立即到账',
    description: '兑换后100金币立即存入孩子的账户。',
    image: `${IMG}/coins.svg`,
    kind: 'coins',
    skus: [{ title: '100金币', price: 100, stock: 99999, grant_coins: 100 }],
  },
];

/**
 * First start: example goods, so a new installation shows a working mall (the lottery area seeds
 * its daily wheel beside them). Later starts change nothing (operators own the catalogue from
 * then on).
 */
export async function seedMall(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await createMallQueries(tx).countGoods()) === 0) {
      for (const [i, goods] of EXAMPLE_GOODS.entries()) {
        await saveGoods(tx, ZGoodsInput.parse({ ...goods, sort: i }), now);
      }
    }
  });
}
