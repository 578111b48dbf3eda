import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Schema } from './client';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

/** Lock key so that several API processes starting together migrate one at a time. */
const MIGRATION_LOCK = 724_101;

/** Brings the schema up to date; safe to run on every start and from several processes. */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.withLock(MIGRATION_LOCK, async () => {
    if (database.kind === 'pglite') {
      await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    } else {
      await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
    }
  });
}
