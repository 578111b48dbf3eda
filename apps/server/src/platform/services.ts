import { decodeWav } from '@picbook/speech';
import { Redis } from 'ioredis';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { createDevProviders } from './oauth/dev';
import { createRealProviders } from './oauth/index';
import type { OAuthProvider, ThirdPartyType } from './oauth/types';
import { createPayments, type Payments } from './payments';
import type { Deliver } from './payments/sandbox';
import { createDevPushChannel } from './push/dev-outbox';
import { createJPushChannel, pushChannelByKind } from './push/jpush';
import type { PushChannel } from './push/types';
import { createWebPushChannel } from './push/web-push';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from './rate-limit/rate-limiter';
import { createAliyunSmsProvider } from './sms/aliyun';
import { createDevSmsProvider } from './sms/dev-outbox';
import type { SmsProvider } from './sms/types';
import {
  type CloudScoreChannel,
  createPoolJudge,
  createSpeechChannels,
  type SpeechJudge,
} from './speech/judge';
import { createObjectStorage, type ObjectStorage } from './storage';

/** Adapters for things outside the process; tests may replace any of them. */
export interface Services {
  rateLimiter: RateLimiter;
  sms: SmsProvider;
  /** Reminders and reports: the dev outbox, or Web Push and JPush (decisions 100, 104). */
  push: PushChannel;
  oauth: Partial<Record<ThirdPartyType, OAuthProvider>>;
  /** Uploads (recordings): DATA_DIR/uploads or an S3-compatible bucket (decision 020). */
  storage: ObjectStorage;
  /** The platform speech judge (worker-thread pool of the offline engine). */
  speechJudge: SpeechJudge;
  /**
   * Cloud score channels asked when judge_speech.enable_cloud is 1: Tencent SOE and iFlytek ISE
   * when configured, their development stand-ins with SPEECH_DEV_CHANNELS=1, else none.
   */
  speechChannels: CloudScoreChannel[];
  /** WeChat Pay / Alipay / Apple / Huawei adapters, or the development sandbox (decision 035). */
  payments: Payments;
  /** Closes connections the services hold (Redis, scoring workers). */
  close(): Promise<void>;
}

export function createServices(
  config: AppConfig,
  database: Database,
  clock: Clock,
  log: (msg: string) => void,
  /** How the payment sandbox hands its notifications to our own endpoint. */
  deliver: Deliver,
): Services {
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const rateLimiter = redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter();
  const sms =
    config.sms.provider === 'aliyun' && config.sms.aliyun
      ? createAliyunSmsProvider(config.sms.aliyun)
      : createDevSmsProvider(database.db, log);
  const push =
    config.push.provider === 'webpush' && config.push.vapid
      ? pushChannelByKind(
          createWebPushChannel(config.push.vapid),
          config.push.jpush ? createJPushChannel(config.push.jpush) : null,
        )
      : createDevPushChannel(database.db, config.push.vapid?.publicKey ?? null, log);
  const oauth =
    config.oauth.provider === 'real'
      ? createRealProviders(config.oauth)
      : createDevProviders(database.db, () => clock.now());
  const speechJudge = createPoolJudge({ size: config.speechWorkers });
  const storage = createObjectStorage(config.storage);
  const payments = createPayments(config, database.db, () => clock.now(), deliver);
  return {
    storage,
    payments,
    rateLimiter,
    sms,
    push,
    oauth,
    speechJudge,
    speechChannels: createSpeechChannels(
      config.speechChannels,
      speechJudge,
      (wav) => decodeWav(wav).samples,
    ),
    async close() {
      await redis?.quit().catch(() => {});
      await speechJudge.close().catch(() => {});
    },
  };
}
