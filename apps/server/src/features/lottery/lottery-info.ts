import {
  ErrorCode,
  type TApplyMethod,
  type TLotteryAward,
  type TLotteryInfo,
  type TMyAwards,
} from '@picbook/contracts';
import { isDrawable, pageCount, pageWindow, publishedOdds } from '@picbook/domain';
import type { DbOrTx } from '../../platform/db/client';
import type { ApplyMethodJson } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { readBalances } from '../../platform/ledger/ledger';
import { chinaDate, unixSeconds } from '../../platform/time';
import { createLotteryQueries, type LotteryRow, type PrizeRow } from './lottery.queries';

/** A wheel that exists and is on (10024 otherwise). */
export async function findLotteryOrFail(db: DbOrTx, id: number): Promise<LotteryRow> {
  const lottery = await createLotteryQueries(db).findLottery(id);
  if (lottery?.status !== 1) throw new AppError(ErrorCode.RecordNotFound, '活动不存在或已下线');
  return lottery;
}

export const isRunning = (lottery: LotteryRow, now: Date): boolean =>
  lottery.status === 1 && lottery.startAt <= now && now < lottery.endAt;

/** Draws and chances only while the wheel runs. */
export function requireRunning(lottery: LotteryRow, now: Date): void {
  if (now < lottery.startAt) throw new AppError(ErrorCode.NotAllowed, '活动还没开始，敬请期待');
  if (!isRunning(lottery, now)) throw new AppError(ErrorCode.NotAllowed, '活动已经结束啦');
}

export function presentAwards(prizes: readonly PrizeRow[]): TLotteryAward[] {
  const odds = publishedOdds(prizes);
  return prizes.map((p, i) => ({
    id: p.id,
    name: p.name,
    image: p.image,
    kind: p.kind as TLotteryAward['kind'],
    amount: p.amount,
    probability: odds[i] ?? 0,
    stock: p.stock,
    sold_out: !isDrawable(p),
  }));
}

const METHOD_TEXT: Record<string, (m: ApplyMethodJson) => { title: string; desc: string }> = {
  share: (m) => ({ title: '分享给好友', desc: `分享活动给好友，每天可得${m.daily_limit}次` }),
  read: () => ({ title: '读一本绘本', desc: '今天读过绘本就能领一次机会' }),
  points: (m) => ({ title: '积分兑换', desc: `${m.cost ?? 0}积分换${m.chances}次机会` }),
};

export function presentMethods(
  methods: readonly ApplyMethodJson[],
  usedToday: Map<string, number>,
  running: boolean,
): TApplyMethod[] {
  return methods.map((m) => {
    const used = usedToday.get(m.method) ?? 0;
    const text = METHOD_TEXT[m.method]?.(m) ?? { title: m.method, desc: '' };
    return {
      method: m.method,
      ...text,
      chances: m.chances,
      daily_limit: m.daily_limit,
      used_today: used,
      cost: m.method === 'points' ? (m.cost ?? 0) : 0,
      available: running && used < m.daily_limit,
    };
  });
}

/** GET /api/v1/lottery: the wheel, its published odds and my chances. */
export async function lotteryInfo(
  deps: AppDeps,
  userId: number,
  id: number,
): Promise<TLotteryInfo> {
  const lottery = await findLotteryOrFail(deps.db, id);
  const now = deps.clock.now();
  const q = createLotteryQueries(deps.db);
  const [prizes, chances, grants, balances] = await Promise.all([
    q.prizes(id),
    q.chances(userId, id),
    q.grantsOfDay(userId, id, chinaDate(now)),
    readBalances(deps.db, userId),
  ]);
  const running = isRunning(lottery, now);
  return {
    id: lottery.id,
    title: lottery.title,
    rules: lottery.rules,
    start_time: unixSeconds(lottery.startAt),
    end_time: unixSeconds(lottery.endAt),
    status: running ? 1 : 0,
    awards: presentAwards(prizes),
    chances_count: chances,
    apply_methods: presentMethods(lottery.applyMethods, grants, running),
    daily_benefit: { chances: lottery.dailyChances, status: grants.has('daily') ? 1 : 0 },
    points: balances.points,
  };
}

/** GET /api/v1/lottery/awards: my prizes. */
export async function myAwards(
  deps: AppDeps,
  userId: number,
  query: { page: number; page_size: number },
): Promise<TMyAwards> {
  const { rows, total } = await createLotteryQueries(deps.db).myAwards(
    userId,
    pageWindow(query.page, query.page_size),
  );
  return {
    list: rows.map(({ draw, title }) => ({
      draw_id: draw.id,
      lottery_id: draw.lotteryId,
      lottery_title: title,
      name: draw.name,
      image: draw.image,
      kind: draw.kind as TLotteryAward['kind'],
      amount: draw.amount,
      time: unixSeconds(draw.createdAt),
    })),
    current_page: query.page,
    page_count: pageCount(total, query.page_size),
    total,
  };
}
