import { ErrorCode } from '@picbook/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../platform/db/errors';
import { planRewardClaims } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { AlreadyPostedError, postInTransaction } from '../../platform/ledger/ledger';
import { writeMessage } from '../../platform/messages/parent-messages';
import { loadPlan } from './plan-view';

const ALREADY = '这份奖励已经领过啦';

/**
 * POST /api/v1/study_plan/reward/receive: a finished day's reward (stage ≥ 1) or a finished week's
 * (stage 0), once. The claim row (primary key user, level, week, stage) and the ledger posting
 * commit together; a concurrent or repeated claim hits the key and answers 10104.
 */
export async function claimPlanReward(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  input: { level: number; world: number; stage: number },
) {
  const plan = await loadPlan(deps, deps.db, userId, input.level, log);
  const week = plan.weeks.find((w) => w.week === input.world);
  if (!week)
    throw new AppError(ErrorCode.RecordNotFound, '没有这一周的学习计划', { field: 'world' });
  const stage = input.stage === 0 ? null : week.stages.find((s) => s.stage === input.stage);
  if (input.stage !== 0 && !stage) {
    throw new AppError(ErrorCode.RecordNotFound, '没有这一天的学习计划', { field: 'stage' });
  }
  const reward = stage ? stage.reward : week.reward;
  if (reward.status === 2) throw new AppError(ErrorCode.AlreadyReceived, ALREADY);
  if (reward.status === 0) {
    throw new AppError(
      ErrorCode.NotAllowed,
      stage ? '完成这一天的主课就能领奖励啦' : '完成这一周的全部学习日就能领周奖励啦',
    );
  }
  const key = `plan-reward:${userId}:${input.level}:${input.world}:${input.stage}`;
  try {
    const balances = await deps.db.transaction(async (tx) => {
      await tx.insert(planRewardClaims).values({
        userId,
        level: input.level,
        week: input.world,
        stage: input.stage,
        coins: reward.coins,
        diamonds: reward.diamonds,
      });
      await writeMessage(tx, userId, {
        kind: 'reward',
        title: input.stage === 0 ? '领取了学习周奖励' : '领取了学习日奖励',
        body: `Level ${input.level} 第 ${input.world} 周${input.stage === 0 ? '' : `第 ${input.stage} 天`}：金币 +${reward.coins}，钻石 +${reward.diamonds}`,
        link: '/planning',
        dedupeKey: `plan-reward:${input.level}:${input.world}:${input.stage}`,
      });
      return postInTransaction(tx, {
        userId,
        idempotencyKey: key,
        reason: input.stage === 0 ? 'plan-week' : 'plan-stage',
        lines: [
          { currency: 'coins', delta: reward.coins },
          { currency: 'diamonds', delta: reward.diamonds },
        ],
      });
    });
    return {
      coins: reward.coins,
      diamonds: reward.diamonds,
      status: 2 as const,
      balances: { coins: balances.coins, credits: balances.credits, diamonds: balances.diamonds },
    };
  } catch (error) {
    if (error instanceof AlreadyPostedError || isUniqueViolation(error)) {
      throw new AppError(ErrorCode.AlreadyReceived, ALREADY);
    }
    throw error;
  }
}
