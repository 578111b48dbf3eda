import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { workItems, works } from '../../platform/db/schema';

export type WorkRow = typeof works.$inferSelect;
export type WorkItemRow = typeof workItems.$inferSelect;

export interface ItemRecording {
  contentId: string;
  secondaryId: number;
  recordingId: number;
  score: number;
  duration: number;
  words: WorkItemRow['words'];
}

export function createWorkQueries(db: DbOrTx) {
  return {
    /** The work of one run (user, book, type, run uuid), created on first use; races are safe. */
    async openWork(key: {
      userId: number;
      bookId: number;
      type: number;
      uuid: string;
    }): Promise<WorkRow> {
      await db.insert(works).values(key).onConflictDoNothing();
      const rows = await db
        .select()
        .from(works)
        .where(
          and(
            eq(works.userId, key.userId),
            eq(works.bookId, key.bookId),
            eq(works.type, key.type),
            eq(works.uuid, key.uuid),
          ),
        )
        .limit(1);
      const row = rows[0];
      if (!row) throw new Error('work vanished');
      return row;
    },

    /**
     * Files a recording as the item's; the item keeps its best recording (a worse or equal
     * score leaves it as it was). Returns the item's best score afterwards.
     */
    async keepBest(workId: number, item: ItemRecording): Promise<number> {
      await db
        .insert(workItems)
        .values({ workId, ...item })
        .onConflictDoUpdate({
          target: [workItems.workId, workItems.contentId],
          set: {
            recordingId: sql`excluded.recording_id`,
            score: sql`excluded.score`,
            duration: sql`excluded.duration`,
            words: sql`excluded.words`,
            secondaryId: sql`excluded.secondary_id`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`excluded.score > ${workItems.score}`,
        });
      const rows = await db
        .select({ score: workItems.score })
        .from(workItems)
        .where(and(eq(workItems.workId, workId), eq(workItems.contentId, item.contentId)));
      return rows[0]?.score ?? item.score;
    },

    /**
     * Recomputes a work's score and item count from its items: the mean of the best scores over
     * all `itemTotal` items of the book (items not read yet count 0).
     */
    async refreshTotals(workId: number, itemTotal: number): Promise<void> {
      const total = Math.max(1, itemTotal);
      await db
        .update(works)
        .set({
          score: sql`(SELECT coalesce(ceil(sum(${workItems.score})::numeric / ${total}), 0)::int FROM ${workItems} WHERE ${workItems.workId} = ${workId})`,
          itemCount: sql`(SELECT count(*)::int FROM ${workItems} WHERE ${workItems.workId} = ${workId})`,
          updatedAt: sql`now()`,
        })
        .where(eq(works.id, workId));
    },

    listItems(workId: number): Promise<WorkItemRow[]> {
      return db.select().from(workItems).where(eq(workItems.workId, workId));
    },

    async findWork(id: number): Promise<WorkRow | null> {
      const rows = await db.select().from(works).where(eq(works.id, id)).limit(1);
      return rows[0] ?? null;
    },
  };
}
