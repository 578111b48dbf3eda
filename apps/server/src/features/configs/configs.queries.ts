import { asc, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { configEntries } from '../../platform/db/schema';

export function createConfigQueries(db: DbOrTx) {
  return {
    /** Every stored key and value, by key. */
    listAll: () =>
      db
        .select({ key: configEntries.key, value: configEntries.value })
        .from(configEntries)
        .orderBy(asc(configEntries.key)),

    async findValues(keys: readonly string[]): Promise<Map<string, unknown>> {
      const rows = await db
        .select({ key: configEntries.key, value: configEntries.value })
        .from(configEntries)
        .where(inArray(configEntries.key, [...keys]));
      return new Map(rows.map((r) => [r.key, r.value]));
    },

    /**
     * A digest of every key and value: changes with any write, even one that bypasses `upsert`
     * (the config caches' version; the values stay in the database, only 32 characters travel).
     */
    async version(): Promise<string> {
      const rows = await db
        .select({
          v: sql<string>`coalesce(md5(string_agg(${configEntries.key} || '=' || ${configEntries.value}::text, ',' order by ${configEntries.key})), '')`,
        })
        .from(configEntries);
      return rows[0]?.v ?? '';
    },

    /** Adds the keys that are missing; existing (operator-edited) values stay. */
    async insertMissing(entries: Record<string, unknown>): Promise<number> {
      const values = Object.entries(entries).map(([key, value]) => ({ key, value }));
      if (values.length === 0) return 0;
      const inserted = await db
        .insert(configEntries)
        .values(values)
        .onConflictDoNothing({ target: configEntries.key })
        .returning({ key: configEntries.key });
      return inserted.length;
    },

    async upsert(key: string, value: unknown): Promise<void> {
      await db
        .insert(configEntries)
        .values({ key, value })
        .onConflictDoUpdate({
          target: configEntries.key,
          set: { value, updatedAt: sql`now()` },
        });
    },
  };
}
