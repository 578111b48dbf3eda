import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import {
  type ChangeFeed,
  pgliteChangeFeed,
  postgresChangeFeed,
  registerChangeFeed,
} from './change-feed';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every query factory takes; the same for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` holding a session-level advisory lock (PostgreSQL); PGlite has one connection. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Runs a hot read as a named prepared statement (PostgreSQL plans it once per connection; PGlite
   * runs it as is): raw SQL with $1… parameters, rows as the driver returns them (decision 071).
   */
  queryNamed<T>(name: string, text: string, values: unknown[]): Promise<T[]>;
  /** Committed changes of the tables the read caches hold (decision 078). */
  changes: ChangeFeed;
}

export interface DatabaseOptions {
  /** postgres://... — when absent an embedded PGlite database is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; absent means in memory. */
  dataDir?: string | undefined;
  poolMax?: number;
  /** Extra pg connection options, e.g. `-c search_path=...`. */
  pgOptions?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolMax ?? 20, options.pgOptions);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const changes = await pgliteChangeFeed(client);
  registerChangeFeed(db, changes);
  return {
    db,
    kind: 'pglite',
    withLock: (_key, fn) => fn(),
    ping: () => pingDb(db),
    close: async () => {
      await changes.close();
      await client.close();
    },
    changes,
    queryNamed: async <T>(_name: string, text: string, values: unknown[]) =>
      (await client.query<T>(text, values)).rows,
  };
}

async function openPostgres(url: string, poolMax: number, pgOptions?: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    ...(pgOptions ? { options: pgOptions } : {}),
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const changes = postgresChangeFeed(() => new pg.Client({ connectionString: url }));
  registerChangeFeed(db, changes);
  return {
    db,
    kind: 'postgres',
    async withLock(key, fn) {
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {});
        conn.release();
      }
    },
    ping: () => pingDb(db),
    close: async () => {
      await changes.close();
      await pool.end();
    },
    changes,
    queryNamed: async <T>(name: string, text: string, values: unknown[]) =>
      (await pool.query({ name, text, values })).rows as T[],
  };
}

/** Rows of a raw SQL query, the same on PGlite and node-postgres (both answer `{ rows }`). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
