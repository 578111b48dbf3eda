import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp, seedConfigs } from '../src/app';
import type { Clock } from '../src/platform/clock';
import { type AppConfig, loadConfig } from '../src/platform/config';
import type { Database } from '../src/platform/db/client';
import { createTestDatabase } from './test-db';

export const fixtureWebDist = path.join(import.meta.dirname, 'fixtures/web-dist');

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  clock: MutableClock;
  close(): Promise<void>;
}

export interface MutableClock extends Clock {
  set(date: Date): void;
  advance(ms: number): void;
}

export function createClock(start = new Date('2026-11-21T02:00:00Z')): MutableClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** The real app on a clean, migrated, seeded database; drive it with `app.inject`. */
export async function createTestApp(
  options: {
    configOverrides?: Partial<AppConfig>;
    beforeReady?: (app: FastifyInstance) => void;
    services?: BuildAppOptions['services'];
    /** Pino options (a test that reads the log); silent by default. */
    logger?: BuildAppOptions['logger'];
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedConfigs(database.db);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-media-'));
  const dataDir =
    options.configOverrides?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-data-'));
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test' }),
    webDistDir: fixtureWebDist,
    mediaDir,
    dataDir,
    dataMediaDir: path.join(dataDir, 'media'),
    responseValidation: true,
    storage: { kind: 'local', dir: path.join(dataDir, 'uploads') },
    ...options.configOverrides,
  };
  const clock = createClock();
  const app = await buildApp({
    config,
    database,
    clock,
    logger: options.logger ?? false,
    services: options.services,
  });
  // On PostgreSQL a test's own writes straight to the database stand for another process's: this
  // process hears of them through its change feed within milliseconds (decision 078). Each request
  // waits for the feed first, so what a test asserts never depends on that race.
  if (process.env.TEST_DATABASE_URL) {
    app.addHook('onRequest', async () => {
      await database.changes.settle();
    });
  }
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
