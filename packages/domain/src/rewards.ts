/**
 * Reward rules of the library (learning-content §5): a scored item (a sentence read aloud, an
 * exam) earns by its score — 90 or more 3, 70 or more 2, 50 or more 1 — for coins and credits
 * each, up to the item's own maximum (an item whose coins or credits are 0 gives 0), never more
 * than 3. The best score per item is kept: reading again pays only what a better score adds.
 */
export const REWARD_TIERS = [
  { min: 90, amount: 3 },
  { min: 70, amount: 2 },
  { min: 50, amount: 1 },
] as const;
export const MAX_ITEM_REWARD = 3;

export interface RewardMax {
  coins: number;
  credits: number;
}

export interface Reward {
  coins: number;
  credits: number;
}

export function rewardTier(score: number): number {
  return REWARD_TIERS.find((t) => score >= t.min)?.amount ?? 0;
}

/** What an item's score is worth, within the item's maximum and the cap of 3. */
export function itemReward(score: number, max: RewardMax): Reward {
  const tier = rewardTier(score);
  const cap = (m: number) => (m <= 0 ? 0 : Math.min(tier, m, MAX_ITEM_REWARD));
  return { coins: cap(max.coins), credits: cap(max.credits) };
}

/** What a new score adds over what the item already paid (never negative). */
export function rewardIncrease(paid: Reward, score: number, max: RewardMax): Reward {
  const worth = itemReward(score, max);
  return {
    coins: Math.max(0, worth.coins - paid.coins),
    credits: Math.max(0, worth.credits - paid.credits),
  };
}

/**
 * The child's four balances and the course stars, each with one name (issue 39 item 6): coins
 * 金币, credits 学分, diamonds 钻石 — the child's, shown in the top bar — and points 积分, the
 * parents' points mall. Course stars (星星) are not a balance: they are what a course scored.
 */
export const CHILD_CURRENCIES = ['coins', 'credits', 'diamonds'] as const;
export type ChildCurrency = (typeof CHILD_CURRENCIES)[number];

/** What a ledger entry was for, as one word the screens translate. */
export type LedgerReasonKind =
  | 'course'
  | 'plan-stage'
  | 'plan-week'
  | 'finish-fixed'
  | 'finish'
  | 'share'
  | 'mission'
  | 'camp'
  | 'kob'
  | 'lottery-prize'
  | 'lottery-chance'
  | 'points-task'
  | 'points-sign'
  | 'points-exchange'
  | 'points-refund'
  | 'ops'
  | 'other';

const REASON_KINDS: ReadonlyArray<[prefix: string, kind: LedgerReasonKind]> = [
  ['course:', 'course'],
  ['plan-stage', 'plan-stage'],
  ['plan-week', 'plan-week'],
  ['finish-fixed:', 'finish-fixed'],
  ['finish:', 'finish'],
  ['share:', 'share'],
  ['mission:', 'mission'],
  ['camp:', 'camp'],
  ['kob:', 'kob'],
  ['lottery-prize:', 'lottery-prize'],
  ['lottery-chance:', 'lottery-chance'],
  ['points-task:', 'points-task'],
  ['points-sign:', 'points-sign'],
  ['points-exchange:', 'points-exchange'],
  ['points-refund:', 'points-refund'],
  ['ops-', 'ops'],
];

/** The kind of a ledger reason (`finish:1101:repeat` → finish); unknown reasons are `other`. */
export function ledgerReasonKind(reason: string): LedgerReasonKind {
  return REASON_KINDS.find(([prefix]) => reason.startsWith(prefix))?.[1] ?? 'other';
}

/**
 * What a ledger entry was for, in Chinese: the one wording of the parents' records (the API's
 * `title_cn`) and of the child's balance dialog (the web's zh locale).
 */
export const LEDGER_REASON_TITLES_ZH = {
  course: '完成课程',
  'plan-stage': '学习计划每日奖励',
  'plan-week': '学习计划每周奖励',
  'finish-fixed': '读完绘本',
  finish: '跟读得分',
  share: '分享奖励',
  mission: '成长任务',
  camp: '训练营',
  kob: '挑战赛',
  'lottery-prize': '幸运转盘',
  'lottery-chance': '兑换抽奖机会',
  'points-task': '积分任务',
  'points-sign': '每日签到',
  'points-exchange': '积分兑换',
  'points-refund': '取消兑换退回',
  ops: '客服调整',
  other: '奖励',
} as const satisfies Record<LedgerReasonKind, string>;

/** The book a reason names (finish, finish-fixed, share, kob), or null. */
export function ledgerReasonBook(reason: string): number | null {
  const m = /^(?:finish|finish-fixed|share|kob):(\d+)/.exec(reason);
  return m ? Number(m[1]) : null;
}
