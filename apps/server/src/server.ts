import type { FastifyInstance } from 'fastify';
import { buildApp, type Clock } from './app';
import { syncSampleLibrary } from './features/books/import-books';
import { seedConfigs } from './features/configs/configs.store';
import type { AppConfig } from './platform/config';
import { type Database, openDatabase } from './platform/db/client';
import { migrateDatabase } from './platform/db/migrate';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /** Stops accepting, finishes in-flight requests, closes the database. Idempotent. */
  shutdown(reason: string): Promise<void>;
}

/** Opens and migrates the database, seeds configs, and builds the app (not yet listening). */
export async function startServer(
  config: AppConfig,
  options: { clock?: Clock; logger?: boolean | object } = {},
): Promise<RunningServer> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
  });
  try {
    await migrateDatabase(database);
    await seedConfigs(database.db);
    await syncSampleLibrary(database.db, config.mediaDir, (msg) => console.log(msg));
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  const app = await buildApp({ config, database, ...options });

  let closing: Promise<void> | null = null;
  const shutdown = (reason: string) => {
    closing ??= (async () => {
      app.log.info({ reason }, 'shutting down: no new connections, finishing in-flight requests');
      const timer = setTimeout(() => {
        app.log.error('in-flight requests did not finish in time; exiting anyway');
        process.exit(1);
      }, config.shutdownTimeoutMs);
      timer.unref();
      app.draining = true;
      try {
        await app.close();
      } finally {
        await database.close();
        clearTimeout(timer);
        app.log.info('shutdown complete');
      }
    })();
    return closing;
  };
  return { app, database, shutdown };
}
