import { LIKE_FLOOR } from '@picbook/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { publicWorksConsent, recordings, workLikes, works } from '../../platform/db/schema';

export type ConsentRow = typeof publicWorksConsent.$inferSelect;

/** Likes and the guardian's consent to show works to others. */
export function createSocialQueries(db: DbOrTx) {
  return {
    /**
     * One statement: the like row is inserted unless it exists, and only when it was inserted
     * does the work's count move (+1). Answers the new count, or null when the like existed.
     */
    async addLike(workId: number, userId: number): Promise<number | null> {
      const added = db
        .$with('added')
        .as(
          db
            .insert(workLikes)
            .values({ workId, userId })
            .onConflictDoNothing()
            .returning({ workId: workLikes.workId }),
        );
      const rows = await db
        .with(added)
        .update(works)
        .set({ likes: sql`greatest(${works.likes} + 1, ${LIKE_FLOOR})` })
        .where(inArray(works.id, db.select({ id: added.workId }).from(added)))
        .returning({ likes: works.likes });
      return rows[0]?.likes ?? null;
    },

    /** The same for an unlike: the count moves (−1, floor 0) only when a like row was deleted. */
    async removeLike(workId: number, userId: number): Promise<number | null> {
      const removed = db.$with('removed').as(
        db
          .delete(workLikes)
          .where(and(eq(workLikes.workId, workId), eq(workLikes.userId, userId)))
          .returning({ workId: workLikes.workId }),
      );
      const rows = await db
        .with(removed)
        .update(works)
        .set({ likes: sql`greatest(${works.likes} - 1, ${LIKE_FLOOR})` })
        .where(inArray(works.id, db.select({ id: removed.workId }).from(removed)))
        .returning({ likes: works.likes });
      return rows[0]?.likes ?? null;
    },

    /** Which of `workIds` the user likes. */
    async likedAmong(userId: number | null, workIds: number[]): Promise<Set<number>> {
      if (userId === null || workIds.length === 0) return new Set();
      const rows = await db
        .select({ workId: workLikes.workId })
        .from(workLikes)
        .where(and(eq(workLikes.userId, userId), inArray(workLikes.workId, workIds)));
      return new Set(rows.map((r) => r.workId));
    },

    /**
     * Takes back every like a user gave (account deletion): each liked work loses one, floor 0.
     * The like rows themselves go with the user (foreign key cascade).
     */
    async withdrawLikesOf(userId: number): Promise<void> {
      await db
        .update(works)
        .set({ likes: sql`greatest(${works.likes} - 1, ${LIKE_FLOOR})` })
        .where(
          inArray(
            works.id,
            db.select({ id: workLikes.workId }).from(workLikes).where(eq(workLikes.userId, userId)),
          ),
        );
    },

    async findConsent(userId: number): Promise<ConsentRow | null> {
      const rows = await db
        .select()
        .from(publicWorksConsent)
        .where(eq(publicWorksConsent.userId, userId))
        .limit(1);
      return rows[0] ?? null;
    },

    async saveConsent(userId: number, consented: boolean, now: Date): Promise<ConsentRow> {
      const rows = await db
        .insert(publicWorksConsent)
        .values({ userId, consented, updatedAt: now })
        .onConflictDoUpdate({
          target: publicWorksConsent.userId,
          set: { consented, updatedAt: now },
        })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('consent upsert returned nothing');
      return row;
    },

    /** Whether the owner of the recording stored under `key` lets others see their works. */
    async isRecordingPublic(key: string): Promise<boolean> {
      const rows = await db
        .select({ consented: publicWorksConsent.consented })
        .from(recordings)
        .innerJoin(publicWorksConsent, eq(publicWorksConsent.userId, recordings.userId))
        .where(eq(recordings.key, key))
        .limit(1);
      return rows[0]?.consented === true;
    },

    /** Whether a guardian lets others see this user's works. */
    async isPublic(userId: number): Promise<boolean> {
      const rows = await db
        .select({ consented: publicWorksConsent.consented })
        .from(publicWorksConsent)
        .where(eq(publicWorksConsent.userId, userId))
        .limit(1);
      return rows[0]?.consented === true;
    },
  };
}
