import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../src/platform/db/client';
import { migrateDatabase } from '../src/platform/db/migrate';

/**
 * A clean, migrated database for one test file: in-process PGlite by default; a fresh
 * PostgreSQL database (created and dropped here) when TEST_DATABASE_URL is set. A whole
 * database rather than a schema, because migrations name the public schema in foreign keys.
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return database;
  }
  const url = new URL(adminUrl);
  const name = `${url.pathname.replace(/^\//, '') || 'picbook'}_t${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 10 });
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
