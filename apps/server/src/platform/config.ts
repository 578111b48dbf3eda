import path from 'node:path';
import { defaultPoolSize } from '@picbook/speech';
import { z } from 'zod';
import { JPUSH_API_URL, type JPushConfig } from './push/jpush';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

const boolFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be an integer')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(8080),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** Pool size for PostgreSQL; PGlite always has one connection. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  /** Built book assets and other static content served under /media/. */
  MEDIA_DIR: z.string().min(1).default(path.join(repoRoot, 'content/media')),
  /** User agreement, privacy policy and children's rules, served under /legal/. */
  LEGAL_DIR: z.string().min(1).default(path.join(repoRoot, 'content/legal')),
  /**
   * How many proxies (load balancers) stand in front: the client IP is the address the nearest
   * of them saw, read from the right end of X-Forwarded-For (what the client writes at its left
   * end is never trusted). 0 or false: none; 1 or true: one.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d|true|false)$/, 'TRUST_PROXY must be 0–9, true or false')
    .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)))
    .default(0),
  /** Check every response against its schema (on outside production; costs CPU). */
  RESPONSE_VALIDATION: boolFlag.optional(),
  /** Seconds to wait for in-flight requests on SIGTERM before giving up. */
  SHUTDOWN_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(25),
  /**
   * A name for this process among several behind a load balancer: when set, every response
   * carries it in `x-instance` (the scale-out check shows which process answered).
   */
  INSTANCE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,32}$/, 'INSTANCE_NAME must be 1-32 letters, digits, ".", "_" or "-"')
    .optional(),
  /** Shared rate limits (and later caches) for several API processes. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  /**
   * Key of the signed media URLs (members' book pages and narration, recordings): a random
   * secret of at least 32 characters, the same on every API process. Required in production.
   */
  MEDIA_URL_KEY: z.string().min(32, 'MEDIA_URL_KEY must be at least 32 characters').optional(),
  /**
   * The development adapters answer only this machine (loopback) unless this is 1: with it, a
   * phone on the LAN can use the simulated OAuth consent page (README "On a LAN").
   */
  DEV_ADAPTERS_OPEN: boolFlag.default(false),
  /** Development adapters (SMS outbox, OAuth consent page) are refused in production unless this is 1. */
  ALLOW_DEV_ADAPTERS: boolFlag.default(false),
  /** Password of the development operator `dev` (created only where dev adapters are allowed). */
  OPS_DEV_PASSWORD: z.string().min(8).default('picbook-dev'),
  SMS_PROVIDER: z.enum(['dev', 'aliyun']).default('dev'),
  /** Push channel (decision 100): the development outbox, or Web Push with the VAPID keys. */
  PUSH_PROVIDER: z.enum(['dev', 'webpush']).default('dev'),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https:// contact')
    .optional(),
  /** The native shells' push (decision 104): JPush's app key and master secret (both or neither). */
  JPUSH_APP_KEY: z.string().optional(),
  JPUSH_MASTER_SECRET: z.string().optional(),
  JPUSH_API_URL: z.string().url().default(JPUSH_API_URL),
  /** iOS through APNs production (default) or its development sandbox (0). */
  JPUSH_APNS_PRODUCTION: boolFlag.default(true),
  ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  OAUTH_PROVIDER: z.enum(['dev', 'real']).default('dev'),
  WX_APP_ID: z.string().optional(),
  WX_APP_SECRET: z.string().optional(),
  WX_WEB_APP_ID: z.string().optional(),
  WX_WEB_APP_SECRET: z.string().optional(),
  HW_CLIENT_ID: z.string().optional(),
  MI_APP_ID: z.string().optional(),
  MI_APP_SECRET: z.string().optional(),
  /** Xiaodu (Baidu) login needs no credentials of ours; switch it on explicitly. */
  DU_LOGIN: boolFlag.default(false),
  /** Comma-separated Sign in with Apple audiences (bundle id, services id). */
  APPLE_AUDIENCES: z.string().optional(),
  /** Object storage (recordings): an S3-compatible bucket; without these, DATA_DIR/uploads. */
  S3_ENDPOINT: z
    .string()
    .refine(
      (v) => /^https?:\/\/[^/?#]+/.test(v) && URL.canParse(v),
      'S3_ENDPOINT must be an http:// or https:// URL',
    )
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'S3_BUCKET must be 3-63 lower-case letters, digits, dots or hyphens',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style URLs (endpoint/bucket/key); default on for every endpoint but amazonaws.com. */
  S3_FORCE_PATH_STYLE: boolFlag.optional(),
  /** The public https origin (payment notifications and return links); defaults to this server. */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#]+$/, 'PUBLIC_URL must be an origin like https://picbook.example.com')
    .optional(),
  /** The development payment sandbox (a local WeChat Pay); refused in production unless ALLOW_DEV_ADAPTERS=1. */
  PAY_SANDBOX: boolFlag.optional(),
  WECHAT_PAY_MCH_ID: z.string().optional(),
  WECHAT_PAY_APP_ID: z.string().optional(),
  WECHAT_PAY_SERIAL_NO: z.string().optional(),
  WECHAT_PAY_PRIVATE_KEY_FILE: z.string().optional(),
  WECHAT_PAY_API_V3_KEY: z
    .string()
    .length(32, 'WECHAT_PAY_API_V3_KEY must be the 32-character APIv3 key')
    .optional(),
  WECHAT_PAY_PUBLIC_KEY_ID: z.string().optional(),
  WECHAT_PAY_PUBLIC_KEY_FILE: z.string().optional(),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY_FILE: z.string().optional(),
  ALIPAY_PUBLIC_KEY_FILE: z.string().optional(),
  ALIPAY_GATEWAY: z.url().optional(),
  APPLE_IAP_BUNDLE_ID: z.string().optional(),
  APPLE_IAP_APP_ID: z.coerce.number().int().positive().optional(),
  APPLE_IAP_ENVIRONMENT: z.enum(['Production', 'Sandbox']).default('Production'),
  APPLE_ROOT_CERTS_DIR: z.string().optional(),
  APPLE_IAP_ONLINE_CHECKS: boolFlag.default(true),
  HUAWEI_IAP_CLIENT_ID: z.string().optional(),
  HUAWEI_IAP_CLIENT_SECRET: z.string().optional(),
  HUAWEI_IAP_PUBLIC_KEY: z.string().optional(),
  HUAWEI_IAP_ORDER_URL: z.url().optional(),
  /** Tencent Cloud oral evaluation (SOE), the §9 WeChat channel: API key pair (both or neither). */
  TENCENT_SOE_SECRET_ID: z.string().optional(),
  TENCENT_SOE_SECRET_KEY: z.string().optional(),
  /** SOE strictness 1.0 (young children) – 4.0 (adults). */
  TENCENT_SOE_SCORE_COEFF: z.coerce.number().min(1).max(4).default(1),
  /** iFlytek speech evaluation (ISE), the §9 vendor channel: all three or none. */
  IFLYTEK_ISE_APP_ID: z.string().optional(),
  IFLYTEK_ISE_API_KEY: z.string().optional(),
  IFLYTEK_ISE_API_SECRET: z.string().optional(),
  /**
   * Scoring worker threads of this process (each loads its own decoder and model); default
   * one per core, at most 4. Processes sharing a machine share its cores: give each its part.
   */
  SPEECH_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Longest a cloud score channel may take (ms). */
  SPEECH_CHANNEL_TIMEOUT_MS: z.coerce.number().int().min(100).max(20_000).default(3000),
  /** How long the answer waits for cloud channels once the offline judge has answered (ms). */
  SPEECH_CHANNEL_GRACE_MS: z.coerce.number().int().min(0).max(20_000).default(800),
  /**
   * Audio of unfinished recordings the database may hold (MB): past three quarters of it new
   * speech sessions are refused, past all of it their chunks (10429).
   */
  SPEECH_BUFFER_MAX_MB: z.coerce.number().int().min(8).max(4096).default(128),
  /**
   * Development stand-ins for the cloud channels (answer in Tencent's and iFlytek's shapes with
   * the offline judge's figures) for providers without credentials; refused in production
   * unless ALLOW_DEV_ADAPTERS=1.
   */
  SPEECH_DEV_CHANNELS: boolFlag.default(false),
});

/** Every environment variable the server reads (the README's settings table lists each). */
export const SETTING_NAMES = Object.keys(ZEnv.shape);

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  logLevel: string;
  webDistDir: string;
  /** Built sample content (committed). */
  mediaDir: string;
  /** Content this deployment adds (imported books, later recordings): DATA_DIR/media. */
  dataMediaDir: string;
  legalDir: string;
  /** Proxies in front (0: none); Fastify then takes the client IP that many hops back. */
  trustProxy: number;
  responseValidation: boolean;
  shutdownTimeoutMs: number;
  /** INSTANCE_NAME: answered in `x-instance` when set. */
  instanceName: string | undefined;
  redisUrl: string | undefined;
  /** HMAC key of signed media URLs (platform/media/signed-urls.ts). */
  mediaUrlKey: string;
  allowDevAdapters: boolean;
  /** Password of the development operator `dev`; null where dev adapters are refused. */
  opsDevPassword: string | null;
  /** Whether other machines may reach the development adapters (else loopback only). */
  devAdaptersOpen: boolean;
  /** Push channel (decision 100); the dev outbox has a development VAPID key unless one is set. */
  push: {
    provider: 'dev' | 'webpush';
    vapid: { publicKey: string; privateKey: string; subject: string } | null;
    /** The native shells' tokens through JPush (with PUSH_PROVIDER=webpush); null: not sent. */
    jpush: JPushConfig | null;
  };
  sms: {
    provider: 'dev' | 'aliyun';
    aliyun?: {
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templateCode: string;
    };
  };
  oauth: {
    provider: 'dev' | 'real';
    wxApp?: { appId: string; appSecret: string };
    wxWeb?: { appId: string; appSecret: string };
    hwApp?: { clientId: string };
    miApp?: { appId: string; appSecret: string };
    apple?: { audiences: string[] };
    duApp?: Record<string, never>;
  };
  /** Payment providers (decision 035): each configured one is offered; key files are read at start. */
  payments: PaymentsConfig;
  /** Cloud score channels (§9); asked only when judge_speech.enable_cloud is 1. */
  speechChannels: SpeechChannelsConfig;
  /** Worker threads of the offline scorer's pool (SPEECH_WORKERS, default min(cores, 4)). */
  speechWorkers: number;
  /** Bytes of streamed audio all unfinished speech sessions may hold (SPEECH_BUFFER_MAX_MB). */
  speechBufferMaxBytes: number;
  /** Where uploads (recordings) are stored: DATA_DIR/uploads, or an S3-compatible bucket. */
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        endpoint: string;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
}

export interface SpeechChannelsConfig {
  tencent?: { secretId: string; secretKey: string; scoreCoeff: number };
  iflytek?: { appId: string; apiKey: string; apiSecret: string };
  /** Development adapters for the providers above that are not configured. */
  dev: boolean;
  timeoutMs: number;
  graceMs: number;
}

/** Development only (the dev push outbox): a published key pair, so browsers can subscribe. */
const DEV_VAPID = {
  publicKey:
    'BF1FZsJcOiER1ygoxzDU6PjH6cQU6fu0EF5wxK41QIKr75pymsohFnTF23uAUIaHjFH1qeGiCTZkJsmvp8P-lTw',
  privateKey: 'uGC80vLhb-q7vKGw3HnYMM5pTtLgSK22jJ1JzSX3Ug4',
  subject: 'mailto:dev@picbook.invalid',
};

/** Development only: anyone can read it here, so production refuses to start without its own. */
const DEV_MEDIA_URL_KEY = 'picbook-development-media-url-key-not-a-secret';
export interface PaymentsConfig {
  publicUrl: string | null;
  /** The local WeChat Pay sandbox stands in for WeChat Pay. */
  sandbox: boolean;
  wechat?: {
    mchId: string;
    appId: string;
    serialNo: string;
    privateKeyFile: string;
    apiV3Key: string;
    publicKeyId: string;
    publicKeyFile: string;
  };
  alipay?: { appId: string; privateKeyFile: string; publicKeyFile: string; gateway?: string };
  apple?: {
    bundleId: string;
    appAppleId?: number;
    environment: 'Production' | 'Sandbox';
    rootCertsDir: string;
    onlineChecks: boolean;
  };
  huawei?: { clientId: string; clientSecret: string; publicKey: string; orderUrl?: string };
}

/** Both values, or neither; half a credential pair is a configuration mistake. */
function pair<A extends string, B extends string>(
  a: [A, string | undefined],
  b: [B, string | undefined],
  problems: string[],
): Record<A | B, string> | undefined {
  if (a[1] && b[1]) return { [a[0]]: a[1], [b[0]]: b[1] } as Record<A | B, string>;
  if (a[1] || b[1]) problems.push(`${a[1] ? b[0] : a[0]} is missing (set both or neither)`);
  return undefined;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const input = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = ZEnv.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = issue.path.join('.');
        const got = input[key];
        return `${key}: ${issue.message}${got !== undefined ? ` (got "${got}")` : ''}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const isProduction = e.NODE_ENV === 'production';
  const aliyunKeys = [
    e.ALIYUN_ACCESS_KEY_ID,
    e.ALIYUN_ACCESS_KEY_SECRET,
    e.ALIYUN_SMS_SIGN_NAME,
    e.ALIYUN_SMS_TEMPLATE_CODE,
  ];
  if (e.SMS_PROVIDER === 'aliyun' && aliyunKeys.some((v) => !v)) {
    problems.push(
      'SMS_PROVIDER=aliyun needs ALIYUN_ACCESS_KEY_ID, ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME and ALIYUN_SMS_TEMPLATE_CODE',
    );
  }
  if (isProduction && !e.ALLOW_DEV_ADAPTERS && e.SMS_PROVIDER === 'dev') {
    problems.push(
      'SMS_PROVIDER: the development outbox is refused in production (set SMS_PROVIDER=aliyun, or ALLOW_DEV_ADAPTERS=1 for a demo)',
    );
  }
  if (isProduction && !e.ALLOW_DEV_ADAPTERS && e.PUSH_PROVIDER === 'dev') {
    problems.push(
      'PUSH_PROVIDER: the development push outbox is refused in production (set PUSH_PROVIDER=webpush with VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT, or ALLOW_DEV_ADAPTERS=1 for a demo)',
    );
  }
  if (
    e.PUSH_PROVIDER === 'webpush' &&
    (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY || !e.VAPID_SUBJECT)
  ) {
    problems.push(
      'PUSH_PROVIDER=webpush needs VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (npx web-push generate-vapid-keys)',
    );
  }
  if (isProduction && !e.ALLOW_DEV_ADAPTERS && e.OAUTH_PROVIDER === 'dev') {
    problems.push(
      'OAUTH_PROVIDER: the development consent page is refused in production (set OAUTH_PROVIDER=real, or ALLOW_DEV_ADAPTERS=1 for a demo)',
    );
  }
  if (isProduction && !e.MEDIA_URL_KEY) {
    problems.push(
      'MEDIA_URL_KEY: a secret of at least 32 characters is required in production (it signs the media URLs of paid books and recordings; the same on every API process)',
    );
  }
  const jpushKeys = pair(
    ['appKey', e.JPUSH_APP_KEY],
    ['masterSecret', e.JPUSH_MASTER_SECRET],
    problems,
  );
  const oauth: AppConfig['oauth'] = { provider: e.OAUTH_PROVIDER };
  const wxApp = pair(['appId', e.WX_APP_ID], ['appSecret', e.WX_APP_SECRET], problems);
  const wxWeb = pair(['appId', e.WX_WEB_APP_ID], ['appSecret', e.WX_WEB_APP_SECRET], problems);
  const miApp = pair(['appId', e.MI_APP_ID], ['appSecret', e.MI_APP_SECRET], problems);
  if (wxApp) oauth.wxApp = wxApp;
  if (wxWeb) oauth.wxWeb = wxWeb;
  if (miApp) oauth.miApp = miApp;
  if (e.HW_CLIENT_ID) oauth.hwApp = { clientId: e.HW_CLIENT_ID };
  if (e.DU_LOGIN) oauth.duApp = {};
  if (e.APPLE_AUDIENCES) {
    oauth.apple = {
      audiences: e.APPLE_AUDIENCES.split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    };
  }
  const storage = storageConfig(e, problems);
  const payments = paymentsConfig(e, isProduction, problems);
  const speechChannels = speechChannelsConfig(e, isProduction, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    mediaDir: path.resolve(e.MEDIA_DIR),
    dataMediaDir: path.join(path.resolve(e.DATA_DIR), 'media'),
    legalDir: path.resolve(e.LEGAL_DIR),
    trustProxy: e.TRUST_PROXY,
    responseValidation: e.RESPONSE_VALIDATION ?? e.NODE_ENV !== 'production',
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_S * 1000,
    instanceName: e.INSTANCE_NAME,
    redisUrl: e.REDIS_URL,
    mediaUrlKey: e.MEDIA_URL_KEY ?? DEV_MEDIA_URL_KEY,
    allowDevAdapters: !isProduction || e.ALLOW_DEV_ADAPTERS,
    opsDevPassword: !isProduction || e.ALLOW_DEV_ADAPTERS ? e.OPS_DEV_PASSWORD : null,
    devAdaptersOpen: e.DEV_ADAPTERS_OPEN,
    push: {
      provider: e.PUSH_PROVIDER,
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? {
              publicKey: e.VAPID_PUBLIC_KEY,
              privateKey: e.VAPID_PRIVATE_KEY,
              subject: e.VAPID_SUBJECT ?? 'mailto:dev@picbook.invalid',
            }
          : e.PUSH_PROVIDER === 'dev'
            ? DEV_VAPID
            : null,
      jpush: jpushKeys
        ? { ...jpushKeys, url: e.JPUSH_API_URL, apnsProduction: e.JPUSH_APNS_PRODUCTION }
        : null,
    },
    sms: {
      provider: e.SMS_PROVIDER,
      ...(e.SMS_PROVIDER === 'aliyun'
        ? {
            aliyun: {
              accessKeyId: e.ALIYUN_ACCESS_KEY_ID ?? '',
              accessKeySecret: e.ALIYUN_ACCESS_KEY_SECRET ?? '',
              signName: e.ALIYUN_SMS_SIGN_NAME ?? '',
              templateCode: e.ALIYUN_SMS_TEMPLATE_CODE ?? '',
            },
          }
        : {}),
    },
    oauth,
    payments,
    speechChannels,
    speechWorkers: e.SPEECH_WORKERS ?? defaultPoolSize(),
    speechBufferMaxBytes: e.SPEECH_BUFFER_MAX_MB * 1024 * 1024,
    storage,
  };
}

function speechChannelsConfig(
  e: Env,
  isProduction: boolean,
  problems: string[],
): SpeechChannelsConfig {
  const tencent = pair(
    ['secretId', e.TENCENT_SOE_SECRET_ID],
    ['secretKey', e.TENCENT_SOE_SECRET_KEY],
    problems,
  );
  const iflytek = group(
    e,
    'iFlytek ISE',
    ['IFLYTEK_ISE_APP_ID', 'IFLYTEK_ISE_API_KEY', 'IFLYTEK_ISE_API_SECRET'] as const,
    problems,
  );
  if (e.SPEECH_DEV_CHANNELS && isProduction && !e.ALLOW_DEV_ADAPTERS) {
    problems.push(
      'SPEECH_DEV_CHANNELS: the development score channels are refused in production (configure TENCENT_SOE_* / IFLYTEK_ISE_*, or ALLOW_DEV_ADAPTERS=1 for a demo)',
    );
  }
  return {
    ...(tencent ? { tencent: { ...tencent, scoreCoeff: e.TENCENT_SOE_SCORE_COEFF } } : {}),
    ...(iflytek
      ? {
          iflytek: {
            appId: iflytek.IFLYTEK_ISE_APP_ID,
            apiKey: iflytek.IFLYTEK_ISE_API_KEY,
            apiSecret: iflytek.IFLYTEK_ISE_API_SECRET,
          },
        }
      : {}),
    dev: e.SPEECH_DEV_CHANNELS,
    timeoutMs: e.SPEECH_CHANNEL_TIMEOUT_MS,
    graceMs: e.SPEECH_CHANNEL_GRACE_MS,
  };
}

type Env = z.infer<typeof ZEnv>;

/** All of a provider's settings, or none of them; names the missing ones. */
function group<K extends keyof Env>(
  e: Env,
  provider: string,
  names: readonly K[],
  problems: string[],
): Record<K, string> | undefined {
  const missing = names.filter((name) => e[name] === undefined);
  if (missing.length === names.length) return undefined;
  if (missing.length > 0) {
    problems.push(`${provider}: ${missing.join(', ')} missing (set all of ${names.join(', ')})`);
    return undefined;
  }
  return Object.fromEntries(names.map((n) => [n, String(e[n])])) as Record<K, string>;
}

function paymentsConfig(e: Env, isProduction: boolean, problems: string[]): PaymentsConfig {
  const wx = group(
    e,
    'WeChat Pay',
    [
      'WECHAT_PAY_MCH_ID',
      'WECHAT_PAY_APP_ID',
      'WECHAT_PAY_SERIAL_NO',
      'WECHAT_PAY_PRIVATE_KEY_FILE',
      'WECHAT_PAY_API_V3_KEY',
      'WECHAT_PAY_PUBLIC_KEY_ID',
      'WECHAT_PAY_PUBLIC_KEY_FILE',
    ] as const,
    problems,
  );
  const ali = group(
    e,
    'Alipay',
    ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'] as const,
    problems,
  );
  const apple = group(
    e,
    'Apple IAP',
    ['APPLE_IAP_BUNDLE_ID', 'APPLE_ROOT_CERTS_DIR'] as const,
    problems,
  );
  const huawei = group(
    e,
    'Huawei IAP',
    ['HUAWEI_IAP_CLIENT_ID', 'HUAWEI_IAP_CLIENT_SECRET', 'HUAWEI_IAP_PUBLIC_KEY'] as const,
    problems,
  );
  const devAllowed = !isProduction || e.ALLOW_DEV_ADAPTERS;
  const sandbox = e.PAY_SANDBOX ?? (devAllowed && !wx);
  if (sandbox && !devAllowed) {
    problems.push(
      'PAY_SANDBOX: the development payment sandbox is refused in production (configure WECHAT_PAY_*, or ALLOW_DEV_ADAPTERS=1 for a demo)',
    );
  }
  if (isProduction && (wx || ali) && !e.PUBLIC_URL?.startsWith('https://')) {
    problems.push(
      'PUBLIC_URL: WeChat Pay and Alipay need the public https origin for notifications',
    );
  }
  if (apple && e.APPLE_IAP_ENVIRONMENT === 'Production' && !e.APPLE_IAP_APP_ID) {
    problems.push('APPLE_IAP_APP_ID is needed for the Production App Store environment');
  }
  return {
    publicUrl: e.PUBLIC_URL ?? null,
    sandbox,
    ...(wx
      ? {
          wechat: {
            mchId: wx.WECHAT_PAY_MCH_ID,
            appId: wx.WECHAT_PAY_APP_ID,
            serialNo: wx.WECHAT_PAY_SERIAL_NO,
            privateKeyFile: wx.WECHAT_PAY_PRIVATE_KEY_FILE,
            apiV3Key: wx.WECHAT_PAY_API_V3_KEY,
            publicKeyId: wx.WECHAT_PAY_PUBLIC_KEY_ID,
            publicKeyFile: wx.WECHAT_PAY_PUBLIC_KEY_FILE,
          },
        }
      : {}),
    ...(ali
      ? {
          alipay: {
            appId: ali.ALIPAY_APP_ID,
            privateKeyFile: ali.ALIPAY_PRIVATE_KEY_FILE,
            publicKeyFile: ali.ALIPAY_PUBLIC_KEY_FILE,
            ...(e.ALIPAY_GATEWAY ? { gateway: e.ALIPAY_GATEWAY } : {}),
          },
        }
      : {}),
    ...(apple
      ? {
          apple: {
            bundleId: apple.APPLE_IAP_BUNDLE_ID,
            ...(e.APPLE_IAP_APP_ID ? { appAppleId: e.APPLE_IAP_APP_ID } : {}),
            environment: e.APPLE_IAP_ENVIRONMENT,
            rootCertsDir: apple.APPLE_ROOT_CERTS_DIR,
            onlineChecks: e.APPLE_IAP_ONLINE_CHECKS,
          },
        }
      : {}),
    ...(huawei
      ? {
          huawei: {
            clientId: huawei.HUAWEI_IAP_CLIENT_ID,
            clientSecret: huawei.HUAWEI_IAP_CLIENT_SECRET,
            publicKey: huawei.HUAWEI_IAP_PUBLIC_KEY,
            ...(e.HUAWEI_IAP_ORDER_URL ? { orderUrl: e.HUAWEI_IAP_ORDER_URL } : {}),
          },
        }
      : {}),
  };
}

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** All four S3 settings, or none (the local folder); half a bucket is a configuration mistake. */
function storageConfig(e: z.infer<typeof ZEnv>, problems: string[]): AppConfig['storage'] {
  const missing = S3_SETTINGS.filter((name) => !e[name]);
  if (missing.length === S3_SETTINGS.length) {
    return { kind: 'local', dir: path.join(path.resolve(e.DATA_DIR), 'uploads') };
  }
  if (missing.length > 0) {
    problems.push(
      `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or none for DATA_DIR/uploads)`,
    );
    return { kind: 'local', dir: path.join(path.resolve(e.DATA_DIR), 'uploads') };
  }
  const endpoint = e.S3_ENDPOINT as string;
  const isAws = /(^|\.)amazonaws\.com(\.cn)?$/.test(new URL(endpoint).hostname);
  return {
    kind: 's3',
    endpoint,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET as string,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? !isAws,
  };
}

/** For command-line tools: the configuration, or the problems printed and exit code 2. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  }
}
