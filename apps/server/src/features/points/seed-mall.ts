import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { createLotteryQueries } from '../lottery/lottery.queries';
import { type PrizeInput, saveLottery, savePrize } from '../lottery/lottery-admin';
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

const WHEEL_RULES = [
  '一、参与方式：登录后每天可领取1次免费抽奖机会；分享活动、当天读过绘本、用积分兑换可再得机会（每种方式每天有次数上限）。',
  '二、抽奖方式：每次抽奖由服务器按公示的中奖概率随机抽取，结果以服务器为准；限量奖品抽完后不再出现。',
  '三、奖品发放：积分、金币和会员天数中奖后立即存入账户，可在“我的奖品”和积分明细中查看。',
  '四、本活动不收取任何费用，奖品不可折现。如有疑问请在“家长中心 - 意见反馈”联系我们。',
  '五、主办方：绘本岛 PicBook。',
].join('\n');

const WHEEL_PRIZES: Array<Omit<PrizeInput, 'lottery_id' | 'sort'>> = [
  {
    name: '5积分',
    image: `${IMG}/prize-points.svg`,
    kind: 'points',
    amount: 5,
    weight: 3000,
    stock: null,
  },
  {
    name: '50金币',
    image: `${IMG}/prize-coins.svg`,
    kind: 'coins',
    amount: 50,
    weight: 1000,
    stock: null,
  },
  {
    name: '10积分',
    image: `${IMG}/prize-points.svg`,
    kind: 'points',
    amount: 10,
    weight: 2000,
    stock: null,
  },
  {
    name: '1天会员',
    image: `${IMG}/prize-vip.svg`,
    kind: 'vip',
    amount: 1,
    weight: 300,
    stock: 100,
  },
  {
    name: '20积分',
    image: `${IMG}/prize-points.svg`,
    kind: 'points',
    amount: 20,
    weight: 1000,
    stock: null,
  },
  {
    name: '谢谢参与',
    image: `${IMG}/prize-thanks.svg`,
    kind: 'none',
    amount: 0,
    weight: 2250,
    stock: null,
  },
  {
    name: '88积分',
    image: `${IMG}/prize-points.svg`,
    kind: 'points',
    amount: 88,
    weight: 400,
    stock: null,
  },
  { name: '7天会员', image: `${IMG}/prize-vip.svg`, kind: 'vip', amount: 7, weight: 50, stock: 20 },
];

/**
 * First start: example goods and a year-long daily wheel, so a new installation shows a working
 * mall. Later starts change nothing (operators own the catalogue from then on).
 */
export async function seedMall(db: Db, now: Date): Promise<void> {
  const nowS = Math.floor(now.getTime() / 1000);
  await db.transaction(async (tx) => {
    if ((await createMallQueries(tx).countGoods()) === 0) {
      for (const [i, goods] of EXAMPLE_GOODS.entries()) {
        await saveGoods(tx, ZGoodsInput.parse({ ...goods, sort: i }), now);
      }
    }
    if ((await createLotteryQueries(tx).countLotteries()) === 0) {
      const id = await saveLottery(
        tx,
        {
          title: '每日幸运转盘',
          rules: WHEEL_RULES,
          start_at: nowS,
          end_at: nowS + 365 * 86_400,
          status: 1,
          daily_chances: 1,
          apply_methods: [
            { method: 'share', chances: 1, daily_limit: 1 },
            { method: 'read', chances: 1, daily_limit: 1 },
            { method: 'points', chances: 1, daily_limit: 3, cost: 50 },
          ],
        },
        now,
      );
      for (const [sort, prize] of WHEEL_PRIZES.entries()) {
        await savePrize(tx, { ...prize, lottery_id: id, sort });
      }
    }
  });
}
