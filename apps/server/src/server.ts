import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { seedConfigs } from './features/configs';
import { syncSampleLibrary } from './features/library';
import { seedLottery } from './features/lottery';
import { seedCamps } from './features/missions';
import { ensureDevOperator } from './features/ops';
import { seedMall } from './features/points';
import { startPushScheduler } from './features/push';
import { startWeeklySummaries } from './features/reports';
import { seedGoods, startOrderSweeper } from './features/store';
import { syncStudyPlan } from './features/study-plan';
import { type Clock, systemClock } from './platform/clock';
import type { AppConfig } from './platform/config';
import { type Database, openDatabase } from './platform/db/client';
import { claimDataDir } from './platform/db/data-dir-lock';
import { migrateDatabase } from './platform/db/migrate';

const STARTUP_LOCK = 724_102;

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
  // The embedded database belongs to one process at a time.
  const release = config.databaseUrl ? () => {} : claimDataDir(config.dataDir);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
  });
  try {
    await migrateDatabase(database);
    // Several API processes may start together: one seeds and syncs, the others then find it done.
    await database.withLock(STARTUP_LOCK, async () => {
      await seedConfigs(database.db);
      await seedMall(database.db, (options.clock ?? systemClock).now());
      await seedLottery(database.db, (options.clock ?? systemClock).now());
      await seedGoods(database.db);
      await syncSampleLibrary(database.db, config.mediaDir, (msg) => console.log(msg));
      if (config.opsDevPassword) await ensureDevOperator(database.db, config.opsDevPassword);
      await syncStudyPlan(database.db, config.mediaDir, (msg) => console.log(msg));
      await seedCamps(database.db);
    });
  } catch (error) {
    await database.close().catch(() => {});
    release();
    throw error;
  }
  const app = await buildApp({ config, database, ...options });
  // Unpaid orders close after their window; paid ones missing their right are fulfilled.
  const stopSweeper = startOrderSweeper(app);
  // Last week's summary message for each active child (idempotent; hourly).
  const stopSummaries = startWeeklySummaries(app);
  // Study reminders and the weekly report: plan, claim (SKIP LOCKED) and send (decision 100).
  const stopPush = startPushScheduler(app);

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
      stopSweeper();
      stopSummaries();
      stopPush();
      try {
        await app.close();
      } finally {
        await database.close();
        release();
        clearTimeout(timer);
        app.log.info('shutdown complete');
      }
    })();
    return closing;
  };
  return { app, database, shutdown };
}
