import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { UrlSigner } from './media/signed-urls';
import type { Services } from './services';

/** Clock lives in clock.ts (services import it without importing deps); kept here for callers. */
export { type Clock, systemClock } from './clock';

/**
 * What every use case may reach: configuration, the database, the clock and the adapters for
 * the outside world. It lives here, below the features, so that `app.ts` (which imports every
 * feature's routes) sits on top and nothing imports it.
 */
export interface AppDeps extends Omit<Services, 'close'> {
  config: AppConfig;
  database: Database;
  db: Db;
  clock: Clock;
  /** Signs and checks the short-lived URLs of paid media and recordings. */
  urlSigner: UrlSigner;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    draining: boolean;
  }
}
