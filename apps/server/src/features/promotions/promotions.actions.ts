import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@picbook/contracts';
import { RIGHT_NAMES } from '@picbook/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { lifelongPromos, lifelongTokens } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { defineOperatorAction } from '../../platform/ops/operator-action';
import { hashToken } from './lifelong';

const promoCode = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'code: letters, digits, _ -');

/**
 * A lifelong-VIP promotion (decision 052): what it grants (life_vip by default), the status it
 * gives (1 first promotion, 2 the lottery exchange) and needs first, link-only or open, window.
 */
export const savePromoAction = defineOperatorAction({
  name: 'lifelong.savePromo',
  summary: 'Create or change a lifelong-VIP promotion (status 1 first promo, 2 lottery exchange)',
  roles: ['commerce'],
  input: z
    .object({
      code: promoCode,
      title: z.string().trim().min(1).max(40),
      description: z.string().max(200).default(''),
      right: z.enum(RIGHT_NAMES).default('life_vip'),
      /** Days of the right; null lifetime. */
      days: z.number().int().min(1).max(3660).nullable().default(null),
      status_after: z.union([z.literal(1), z.literal(2)]),
      requires_status: z.union([z.literal(0), z.literal(1)]).default(0),
      token_only: z.boolean().default(false),
      start_time: z.number().int().min(0),
      end_time: z.number().int().min(1),
    })
    .refine((p) => p.end_time > p.start_time, {
      message: 'end_time must be after start_time',
      path: ['end_time'],
    }),
  async run({ tx, input, now }) {
    const [before] = await tx
      .select()
      .from(lifelongPromos)
      .where(eq(lifelongPromos.code, input.code));
    const values = {
      title: input.title,
      description: input.description,
      right: input.right,
      days: input.days,
      statusAfter: input.status_after,
      requiresStatus: input.requires_status,
      tokenOnly: input.token_only ? 1 : 0,
      startsAt: new Date(input.start_time * 1000),
      endsAt: new Date(input.end_time * 1000),
      updatedAt: now,
    };
    const [after] = await tx
      .insert(lifelongPromos)
      .values({ code: input.code, ...values })
      .onConflictDoUpdate({ target: lifelongPromos.code, set: values })
      .returning();
    return {
      result: { code: input.code },
      target: `lifelong-promo:${input.code}`,
      before: before ?? null,
      after: after ?? null,
    };
  },
});

/**
 * Tokenised links of a promotion (/act/upgradeLifeVip/{token}), each claimable once. Like gift
 * codes, the links are in the answer only; the database keeps their hashes.
 */
export const issueLinksAction = defineOperatorAction({
  name: 'lifelong.issueLinks',
  summary: 'Make single-use promotion links (/act/upgradeLifeVip/{token}) for a promotion',
  roles: ['commerce'],
  input: z.object({
    promo: promoCode,
    count: z.number().int().min(1).max(1000),
    expires_at: z.number().int().min(1),
  }),
  async run({ tx, input, operator, now }) {
    const [promo] = await tx
      .select()
      .from(lifelongPromos)
      .where(eq(lifelongPromos.code, input.promo));
    if (!promo) throw new AppError(ErrorCode.RecordNotFound, '活动不存在');
    const tokens = Array.from({ length: input.count }, () => randomBytes(18).toString('base64url'));
    await tx.insert(lifelongTokens).values(
      tokens.map((token) => ({
        tokenHash: hashToken(token),
        promo: input.promo,
        expiresAt: new Date(input.expires_at * 1000),
        createdBy: operator.name,
        createdAt: now,
      })),
    );
    return {
      result: { promo: input.promo, links: tokens.map((t) => `/act/upgradeLifeVip/${t}`) },
      target: `lifelong-promo:${input.promo}`,
      after: { issued: input.count, expires_at: input.expires_at },
    };
  },
});

export const promotionActions = [savePromoAction, issueLinksAction];
