import type { Db } from '../../platform/db/client';
import { createLotteryQueries } from './lottery.queries';
import { type PrizeInput, saveLottery, savePrize } from './lottery-admin';

const IMG = '/media/mall';

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
 * First start: a year-long daily wheel beside the mall's example goods, so a new installation
 * shows a working wheel. Later starts change nothing (operators own the wheels from then on).
 */
export async function seedLottery(db: Db, now: Date): Promise<void> {
  const nowS = Math.floor(now.getTime() / 1000);
  await db.transaction(async (tx) => {
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
