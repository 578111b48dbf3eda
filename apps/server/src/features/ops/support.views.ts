import { ErrorCode } from '@picbook/contracts';
import { and, desc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  children,
  giftCards,
  ledgerEntries,
  operatorAudit,
  orders,
  recordings,
  rightGrants,
  userBalances,
  userRights,
  users,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { defineOperatorView } from '../../platform/ops/operator-view';
import { unixSeconds } from '../../platform/time';
import { presentOrdersForOps } from '../store';
import { maskPhone } from '../user';

/**
 * Support's side of the console (decision 066): find a family by phone or id, see what it has
 * and why (rights with their grants, orders with their payments, balances with their ledger,
 * gift cards, and the operator actions on it). Phones are masked; recordings only with a reason,
 * and every such look is in the audit log.
 */

const secs = (d: Date | null) => (d ? unixSeconds(d) : null);

export const findFamilyView = defineOperatorView({
  name: 'support.findFamily',
  summary: 'Find families by phone number (whole or last digits) or account id',
  roles: ['support', 'commerce'],
  input: z.object({
    query: z
      .string()
      .trim()
      .regex(/^\d{4,15}$/, '请输入手机号或账号ID'),
  }),
  async read({ deps, input }) {
    const q = input.query;
    const filters: SQL[] = [eq(users.phoneMobile, q)];
    if (q.length <= 8) filters.push(like(users.phoneMobile, `%${q}`));
    const id = Number(q);
    if (Number.isSafeInteger(id) && id <= 2_147_483_647) filters.push(eq(users.id, id));
    const rows = await deps.db
      .select()
      .from(users)
      .where(or(...filters))
      .orderBy(desc(users.id))
      .limit(20);
    return {
      result: rows.map((u) => ({
        user_id: u.id,
        phone: maskPhone(u.phoneMobile),
        guest: u.isGuest,
        create_time: secs(u.createdAt),
        last_login_time: secs(u.lastLoginAt),
      })),
    };
  },
});

export const familyView = defineOperatorView({
  name: 'support.family',
  summary:
    'One family: children, rights with their grants, orders with payments, balances with the ledger, gift cards, operator actions on it',
  roles: ['support', 'commerce'],
  input: z.object({ user_id: z.number().int().positive() }),
  async read({ deps, input }) {
    const db = deps.db;
    const [user] = await db.select().from(users).where(eq(users.id, input.user_id)).limit(1);
    if (!user) throw new AppError(ErrorCode.RecordNotFound, '没有这个家庭账号');
    const [kids, rights, grants, orderRows, balance, ledger, cards] = await Promise.all([
      db.select().from(children).where(eq(children.userId, user.id)),
      db.select().from(userRights).where(eq(userRights.userId, user.id)),
      db
        .select()
        .from(rightGrants)
        .where(eq(rightGrants.userId, user.id))
        .orderBy(desc(rightGrants.id))
        .limit(50),
      db.select().from(orders).where(eq(orders.userId, user.id)).orderBy(desc(orders.id)).limit(50),
      db.select().from(userBalances).where(eq(userBalances.userId, user.id)),
      db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, user.id))
        .orderBy(desc(ledgerEntries.id))
        .limit(100),
      db
        .select()
        .from(giftCards)
        .where(eq(giftCards.userId, user.id))
        .orderBy(desc(giftCards.id))
        .limit(50),
    ]);
    // What operators did to this family: actions on the user, its orders and its gift cards.
    const targets = [
      `user:${user.id}`,
      ...orderRows.map((o) => `order:${o.orderNo}`),
      ...cards.map((c) => `gift-card:${c.id}`),
      // The batch a redeemed code came from: who made it, when, for what.
      ...cards.flatMap((c) => (c.batchId ? [`gift-batch:${c.batchId}`] : [])),
    ];
    const audit = await db
      .select()
      .from(operatorAudit)
      .where(inArray(operatorAudit.target, targets))
      .orderBy(desc(operatorAudit.id))
      .limit(50);
    const b = balance[0];
    return {
      target: `user:${user.id}`,
      result: {
        user_id: user.id,
        phone: maskPhone(user.phoneMobile),
        guest: user.isGuest,
        create_time: secs(user.createdAt),
        children: kids.map((c) => ({ id: c.id, nickname: c.nickname, birthday: c.birthday })),
        rights: rights.map((r) => ({
          name: r.name,
          lifetime: r.vipType === 2,
          start_time: secs(r.createTime),
          expire_time: secs(r.expireTime),
          active: r.expireTime.getTime() > deps.clock.now().getTime(),
          source: r.source,
        })),
        grants: grants.map((g) => ({
          id: g.id,
          right_name: g.rightName,
          kind: g.kind,
          days: g.days,
          lifetime: g.lifetime,
          source: g.source,
          time: secs(g.at),
        })),
        orders: await presentOrdersForOps(db, orderRows),
        balances: {
          coins: b?.coins ?? 0,
          credits: b?.credits ?? 0,
          diamonds: b?.diamonds ?? 0,
          points: b?.points ?? 0,
        },
        ledger: ledger.map((l) => ({
          currency: l.currency,
          delta: l.delta,
          balance_after: l.balanceAfter,
          reason: l.reason,
          time: secs(l.createdAt),
        })),
        gift_cards: cards.map((c) => ({
          id: c.id,
          batch_id: c.batchId,
          code_tail: c.codeTail,
          product: c.product,
          status: c.status,
          redeemed_time: secs(c.redeemedAt),
        })),
        audit: audit.map((a) => ({
          id: a.id,
          operator: a.operator,
          action: a.action,
          target: a.target,
          reason: a.reason,
          time: secs(a.createdAt),
        })),
      },
    };
  },
});

/** A family's recordings: only with a reason, and every look is in the audit log. */
export const recordingsView = defineOperatorView({
  name: 'support.recordings',
  summary: "A family's recordings (needs a reason; every look is audited)",
  roles: ['support'],
  needsReason: true,
  input: z.object({ user_id: z.number().int().positive() }),
  async read({ deps, input }) {
    const rows = await deps.db
      .select()
      .from(recordings)
      .where(and(eq(recordings.userId, input.user_id)))
      .orderBy(desc(recordings.id))
      .limit(50);
    return {
      target: `user:${input.user_id}`,
      result: rows.map((r) => ({
        id: r.id,
        url: `/uploads/${r.key}`,
        duration: r.duration,
        ref_text: r.refText,
        score: r.score,
        time: secs(r.createdAt),
      })),
    };
  },
});
