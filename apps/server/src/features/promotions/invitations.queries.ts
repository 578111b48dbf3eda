import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { type GiftProductJson, giftCards, promoInvites, users } from '../../platform/db/schema';

const n = sql<number>`count(*)::int`;
/** Families that signed up with someone's invite code (guests do not count). */
const invitedBy = (inviterId: number) =>
  and(eq(users.invitedBy, inviterId), eq(users.isGuest, false));

export function createInvitationQueries(db: DbOrTx) {
  /** Registered invitees per inviter, with when the latest of them registered. */
  const counted = () =>
    db
      .select({
        inviter: users.invitedBy,
        count: sql<number>`count(*)::int`.as('count'),
        last: sql<Date>`max(${users.createdAt})`.as('last'),
      })
      .from(users)
      .where(and(isNotNull(users.invitedBy), eq(users.isGuest, false)))
      .groupBy(users.invitedBy)
      .as('counted');

  return {
    async inviteCodeOf(userId: number): Promise<string | null> {
      const rows = await db
        .select({ code: users.inviteCode })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return rows[0]?.code ?? null;
    },

    /** Sets the invite code only if the user has none yet; answers the code the user ends with. */
    async claimInviteCode(userId: number, code: string): Promise<string | null> {
      const rows = await db
        .update(users)
        .set({ inviteCode: code })
        .where(and(eq(users.id, userId), isNull(users.inviteCode)))
        .returning({ code: users.inviteCode });
      return rows[0]?.code ?? null;
    },

    /** The latest registered invitees of an inviter (at most `limit`). */
    listInvitees(inviterId: number, limit: number) {
      return db
        .select({ id: users.id, createdAt: users.createdAt })
        .from(users)
        .where(invitedBy(inviterId))
        .orderBy(desc(users.createdAt))
        .limit(limit);
    },

    async countInvitees(inviterId: number): Promise<number> {
      const rows = await db.select({ n }).from(users).where(invitedBy(inviterId));
      return rows[0]?.n ?? 0;
    },

    /** Who brought most registered friends (ties: who reached the count first, then the lower id). */
    topInviters(limit: number) {
      const c = counted();
      return db
        .select({ inviter: c.inviter, count: c.count })
        .from(c)
        .orderBy(desc(c.count), c.last, c.inviter)
        .limit(limit);
    },

    /** How many inviters brought more registered friends than `count`. */
    async invitersAbove(count: number): Promise<number> {
      const c = counted();
      const rows = await db.select({ n }).from(c).where(sql`${c.count} > ${count}`);
      return rows[0]?.n ?? 0;
    },

    /** Registered invitees of an inviter that credited no one yet (at most 100). */
    uncreditedInvitees(inviterId: number) {
      return db
        .select({ id: users.id })
        .from(users)
        .leftJoin(promoInvites, eq(promoInvites.inviteeId, users.id))
        .where(and(invitedBy(inviterId), isNull(promoInvites.id)))
        .limit(100);
    },

    /**
     * Credits the inviter for one invitee with a held reward card (status 0), once: the invitee
     * is unique in promo_invites, so a second credit (also a concurrent one) inserts nothing.
     * Run it in a transaction.
     */
    async creditOnce(input: {
      inviterId: number;
      inviteeId: number;
      promotion: string;
      product: GiftProductJson;
      now: Date;
    }): Promise<void> {
      const [credit] = await db
        .insert(promoInvites)
        .values({
          inviterId: input.inviterId,
          inviteeId: input.inviteeId,
          promotion: input.promotion,
          createdAt: input.now,
        })
        .onConflictDoNothing({ target: promoInvites.inviteeId })
        .returning({ id: promoInvites.id });
      if (!credit) return;
      const [card] = await db
        .insert(giftCards)
        .values({ product: input.product, source: 'invite', userId: input.inviterId, status: 0 })
        .returning({ id: giftCards.id });
      await db
        .update(promoInvites)
        .set({ cardId: card?.id ?? null })
        .where(eq(promoInvites.id, credit.id));
    },

    async countRewarded(inviterId: number, promotion: string): Promise<number> {
      const rows = await db
        .select({ n })
        .from(promoInvites)
        .where(and(eq(promoInvites.inviterId, inviterId), eq(promoInvites.promotion, promotion)));
      return rows[0]?.n ?? 0;
    },
  };
}
