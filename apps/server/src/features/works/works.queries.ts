import { type SortKey, type WorkSort, workOrder } from '@picbook/domain';
import { and, asc, count, desc, eq, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client';
import { books, recordings, workItems, works } from '../../platform/db/schema';

export type WorkRow = typeof works.$inferSelect;
export type WorkItemRow = typeof workItems.$inferSelect;

/** Columns an order (domain SortKey) can name. */
export type OrderColumns = Record<SortKey['key'], AnyPgColumn | SQL.Aliased | SQL>;

/** ORDER BY expressions for a domain order over the given columns. */
export function orderSql(order: readonly SortKey[], columns: OrderColumns): SQL[] {
  return order.map(({ key, dir }) => (dir === 'asc' ? asc(columns[key]) : desc(columns[key])));
}

const workColumns: OrderColumns = {
  score: works.score,
  likes: works.likes,
  createdAt: works.createdAt,
  id: works.id,
};

export interface UserWorksFilter {
  userId: number;
  /** null: any mode. */
  type: number | null;
  /** null: any book level. */
  level: number | null;
}

export interface ItemRecording {
  contentId: string;
  secondaryId: number;
  recordingId: number;
  score: number;
  duration: number;
  words: WorkItemRow['words'];
}

/** A recording the judge read as its text (verdict ok): a score (decision 098). */
export const scoredRecording = sql`${recordings.result}->>'verdict' = 'ok'`;

export function createWorkQueries(db: DbOrTx) {
  return {
    /**
     * The work of one run (user, book, type, run uuid), created on first use; races are safe. The
     * row is locked for the caller's transaction, so concurrent uploads into one work update its
     * items and totals one after the other (a totals statement that waited for another one's lock
     * would otherwise recount from its own, older snapshot on PostgreSQL).
     */
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
        .limit(1)
        .for('update');
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
     * The child's best score of one item of a book in a mode over all their runs (最好成绩 after
     * 重新开始 too), counting only recordings the judge read as the item (verdict ok: an older
     * client filed silence and other sentences too); null when none (decision 098).
     */
    async bestItemScore(key: {
      userId: number;
      bookId: number;
      type: number;
      contentId: string;
    }): Promise<number | null> {
      const rows = await db
        .select({ best: sql<number | null>`max(${workItems.score})` })
        .from(workItems)
        .innerJoin(works, eq(works.id, workItems.workId))
        .innerJoin(recordings, eq(recordings.id, workItems.recordingId))
        .where(
          and(
            eq(works.userId, key.userId),
            eq(works.bookId, key.bookId),
            eq(works.type, key.type),
            eq(workItems.contentId, key.contentId),
            scoredRecording,
          ),
        );
      const best = rows[0]?.best;
      return best === null || best === undefined ? null : Number(best);
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

    /** A user's best work of a book in a mode: highest score, the earlier one on a tie. */
    async findBestWork(userId: number, bookId: number, type: number): Promise<WorkRow | null> {
      const rows = await db
        .select()
        .from(works)
        .where(and(eq(works.userId, userId), eq(works.bookId, bookId), eq(works.type, type)))
        .orderBy(...orderSql(workOrder('score_desc'), workColumns))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A work's items with their recordings' storage keys. */
    listItemsWithKeys(workId: number) {
      return db
        .select({
          contentId: workItems.contentId,
          secondaryId: workItems.secondaryId,
          score: workItems.score,
          duration: workItems.duration,
          words: workItems.words,
          key: recordings.key,
        })
        .from(workItems)
        .innerJoin(recordings, eq(recordings.id, workItems.recordingId))
        .where(eq(workItems.workId, workId));
    },

    /** One page of a user's works with their books, in `sort` order, and how many match. */
    async listUserWorks(filter: UserWorksFilter, sort: WorkSort, offset: number, limit: number) {
      const where = and(
        eq(works.userId, filter.userId),
        filter.type === null ? undefined : eq(works.type, filter.type),
        filter.level === null ? undefined : eq(books.level, filter.level),
      );
      const [rows, totals] = await Promise.all([
        db
          .select({ work: works, book: books })
          .from(works)
          .innerJoin(books, eq(books.id, works.bookId))
          .where(where)
          .orderBy(...orderSql(workOrder(sort), workColumns))
          .offset(offset)
          .limit(limit),
        db
          .select({ n: count() })
          .from(works)
          .innerJoin(books, eq(books.id, works.bookId))
          .where(where),
      ]);
      return { rows, total: Number(totals[0]?.n ?? 0) };
    },

    /** How many works a user has and the likes they hold together. */
    async userStats(userId: number): Promise<{ works: number; likes: number }> {
      const rows = await db
        .select({ n: count(), likes: sql<number>`coalesce(sum(${works.likes}), 0)::int` })
        .from(works)
        .where(eq(works.userId, userId));
      return { works: Number(rows[0]?.n ?? 0), likes: Number(rows[0]?.likes ?? 0) };
    },

    /** The user's work, locked until the transaction ends; null when not theirs or gone. */
    async lockOwnWork(userId: number, workId: number): Promise<WorkRow | null> {
      const rows = await db
        .select()
        .from(works)
        .where(and(eq(works.id, workId), eq(works.userId, userId)))
        .for('update');
      return rows[0] ?? null;
    },

    /** Locks recordings (so two deletions sharing one decide in turn) and answers their ids. */
    async lockItemRecordings(workId: number): Promise<number[]> {
      const rows = await db
        .select({ id: recordings.id })
        .from(recordings)
        .where(
          inArray(
            recordings.id,
            db
              .select({ id: workItems.recordingId })
              .from(workItems)
              .where(eq(workItems.workId, workId)),
          ),
        )
        .orderBy(asc(recordings.id))
        .for('update');
      return rows.map((r) => r.id);
    },

    /** Deletes the work; its items and likes go with it (foreign keys cascade). */
    async deleteWork(workId: number): Promise<void> {
      await db.delete(works).where(eq(works.id, workId));
    },

    /** Deletes those of `ids` that no work item refers to any more; answers their storage keys. */
    async deleteUnusedRecordings(ids: number[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .delete(recordings)
        .where(
          and(
            inArray(recordings.id, ids),
            notExists(
              db
                .select({ one: sql`1` })
                .from(workItems)
                .where(eq(workItems.recordingId, recordings.id)),
            ),
          ),
        )
        .returning({ key: recordings.key });
      return rows.map((r) => r.key);
    },
  };
}
