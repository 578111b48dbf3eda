import { Redis } from 'ioredis';
import type { Clock } from '../app';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { createDevProviders } from './oauth/dev';
import { createRealProviders } from './oauth/index';
import type { OAuthProvider, ThirdPartyType } from './oauth/types';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from './rate-limit/rate-limiter';
import { createAliyunSmsProvider } from './sms/aliyun';
import { createDevSmsProvider } from './sms/dev-outbox';
import type { SmsProvider } from './sms/types';

/** Adapters for things outside the process; tests may replace any of them. */
export interface Services {
  rateLimiter: RateLimiter;
  sms: SmsProvider;
  oauth: Partial<Record<ThirdPartyType, OAuthProvider>>;
  /** Closes connections the services hold (Redis). */
  close(): Promise<void>;
}

export function createServices(
  config: AppConfig,
  database: Database,
  clock: Clock,
  log: (msg: string) => void,
): Services {
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const rateLimiter = redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter();
  const sms =
    config.sms.provider === 'aliyun' && config.sms.aliyun
      ? createAliyunSmsProvider(config.sms.aliyun)
      : createDevSmsProvider(database.db, log);
  const oauth =
    config.oauth.provider === 'real'
      ? createRealProviders(config.oauth)
      : createDevProviders(database.db, () => clock.now());
  return {
    rateLimiter,
    sms,
    oauth,
    async close() {
      await redis?.quit().catch(() => {});
    },
  };
}
