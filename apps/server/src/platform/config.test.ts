import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTING_NAMES } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults: port 8080, PGlite under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.responseValidation).toBe(true);
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
    });
  });

  it('reads INSTANCE_NAME and refuses one that cannot be a header value', () => {
    expect(loadConfig({}).instanceName).toBeUndefined();
    expect(loadConfig({ INSTANCE_NAME: 'api-2' }).instanceName).toBe('api-2');
    expect(() => loadConfig({ INSTANCE_NAME: 'a b\n' })).toThrow(/INSTANCE_NAME/);
  });

  const demo = { NODE_ENV: 'production', ALLOW_DEV_ADAPTERS: '1', MEDIA_URL_KEY: 'k'.repeat(32) };

  it('switches response validation off in production', () => {
    expect(loadConfig(demo).responseValidation).toBe(false);
  });

  it('refuses the development SMS outbox and consent page in production unless allowed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMS_PROVIDER[\s\S]*OAUTH_PROVIDER/,
    );
    const allowed = loadConfig(demo);
    expect(allowed.allowDevAdapters).toBe(true);
    expect(loadConfig({}).allowDevAdapters).toBe(true);
  });

  it("every setting is in the README's settings table", () => {
    const readme = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../README.md'),
      'utf8',
    );
    const table = readme.slice(
      readme.indexOf('### Settings'),
      readme.indexOf('### Other commands'),
    );
    expect(SETTING_NAMES.length).toBeGreaterThan(30);
    expect(SETTING_NAMES.filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
  });

  it('signs media URLs with MEDIA_URL_KEY: required in production, a development key elsewhere', () => {
    expect(() => loadConfig({ ...demo, MEDIA_URL_KEY: undefined })).toThrow('MEDIA_URL_KEY');
    expect(() => loadConfig({ MEDIA_URL_KEY: 'short' })).toThrow('at least 32 characters');
    expect(loadConfig(demo).mediaUrlKey).toBe('k'.repeat(32));
    expect(loadConfig({}).mediaUrlKey.length).toBeGreaterThanOrEqual(32);
  });

  it('needs every Aliyun setting for SMS_PROVIDER=aliyun, and both halves of a credential pair', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'x' })).toThrow(
      'ALIYUN_SMS_TEMPLATE_CODE',
    );
    expect(() => loadConfig({ WX_APP_ID: 'wx1' })).toThrow('appSecret is missing');
    const real = loadConfig({
      OAUTH_PROVIDER: 'real',
      WX_APP_ID: 'wx1',
      WX_APP_SECRET: 's',
      APPLE_AUDIENCES: 'a.b, c.d',
    });
    expect(real.oauth).toMatchObject({
      provider: 'real',
      wxApp: { appId: 'wx1', appSecret: 's' },
      apple: { audiences: ['a.b', 'c.d'] },
    });
  });

  it('stores uploads under DATA_DIR/uploads unless all four S3 settings are given', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).storage).toEqual({
      kind: 'local',
      dir: '/tmp/x/uploads',
    });
    const s3 = {
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'picbook-uploads',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
    };
    expect(loadConfig(s3).storage).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'picbook-uploads',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      forcePathStyle: true,
    });
    const aws = loadConfig({
      ...s3,
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
      S3_REGION: 'eu-central-1',
    });
    expect(aws.storage).toMatchObject({ region: 'eu-central-1', forcePathStyle: false });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: '0' }).storage).toMatchObject({
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_BUCKET: 'picbook-uploads', S3_ACCESS_KEY_ID: 'AK' })).toThrow(
      'S3_ENDPOINT, S3_SECRET_ACCESS_KEY are missing',
    );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(
      'S3_ENDPOINT must be an http:// or https:// URL',
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toThrow('S3_BUCKET');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres://'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('refuses %j with a message naming the variable', (env, text) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(text);
  });

  it('payments: the sandbox by default in development, refused in production unless allowed', () => {
    expect(loadConfig({}).payments).toEqual({ publicUrl: null, sandbox: true });
    const prodBase = {
      NODE_ENV: 'production',
      SMS_PROVIDER: 'dev',
      OAUTH_PROVIDER: 'dev',
      MEDIA_URL_KEY: 'k'.repeat(32),
    } as const;
    expect(loadConfig({ ...prodBase, ALLOW_DEV_ADAPTERS: '1' }).payments.sandbox).toBe(true);
    const refused = () =>
      loadConfig({ NODE_ENV: 'production', PAY_SANDBOX: '1', SMS_PROVIDER: 'aliyun' });
    expect(refused).toThrow(
      /PAY_SANDBOX: the development payment sandbox is refused in production/,
    );
  });

  it('payments: all of a provider or none, and the public https origin in production', () => {
    const wechat = {
      WECHAT_PAY_MCH_ID: '1900000109',
      WECHAT_PAY_APP_ID: 'wx1',
      WECHAT_PAY_SERIAL_NO: 'S',
      WECHAT_PAY_PRIVATE_KEY_FILE: '/keys/apiclient_key.pem',
      WECHAT_PAY_API_V3_KEY: 'a'.repeat(32),
      WECHAT_PAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_1',
      WECHAT_PAY_PUBLIC_KEY_FILE: '/keys/pub_key.pem',
    };
    // Configured WeChat Pay replaces the sandbox.
    expect(loadConfig(wechat).payments).toMatchObject({
      sandbox: false,
      wechat: { mchId: '1900000109' },
    });
    expect(() => loadConfig({ WECHAT_PAY_MCH_ID: '1' })).toThrow(
      /WeChat Pay: WECHAT_PAY_APP_ID, .* missing/,
    );
    expect(() => loadConfig({ ALIPAY_APP_ID: '2021' })).toThrow(
      /Alipay: .*ALIPAY_PRIVATE_KEY_FILE/,
    );
    expect(() => loadConfig({ WECHAT_PAY_API_V3_KEY: 'short' })).toThrow(/32-character/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ALLOW_DEV_ADAPTERS: '1', ...wechat }),
    ).toThrow(/PUBLIC_URL: WeChat Pay and Alipay need the public https origin/);
    expect(
      loadConfig({ ALLOW_DEV_ADAPTERS: '1', PUBLIC_URL: 'https://picbook.example.com', ...wechat })
        .payments.publicUrl,
    ).toBe('https://picbook.example.com');
    expect(() =>
      loadConfig({ APPLE_IAP_BUNDLE_ID: 'com.picbook.app', APPLE_ROOT_CERTS_DIR: '/certs' }),
    ).toThrow(/APPLE_IAP_APP_ID is needed/);
    expect(
      loadConfig({
        APPLE_IAP_BUNDLE_ID: 'com.picbook.app',
        APPLE_ROOT_CERTS_DIR: '/certs',
        APPLE_IAP_ENVIRONMENT: 'Sandbox',
      }).payments.apple,
    ).toEqual({
      bundleId: 'com.picbook.app',
      environment: 'Sandbox',
      rootCertsDir: '/certs',
      onlineChecks: true,
    });
  });

  it('sizes the scoring pool from SPEECH_WORKERS, else one worker per core up to 4', () => {
    expect(loadConfig({}).speechWorkers).toBe(Math.min(availableParallelism(), 4));
    expect(loadConfig({ SPEECH_WORKERS: '3' }).speechWorkers).toBe(3);
    expect(() => loadConfig({ SPEECH_WORKERS: '0' })).toThrow(/SPEECH_WORKERS/);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'y' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });
});
