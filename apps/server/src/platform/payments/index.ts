import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { createAlipayProvider } from './alipay';
import { type AppleIap, createAppleIap } from './apple-iap';
import { createHuaweiIap, type HuaweiIap } from './huawei-iap';
import { createWechatSandbox, type Deliver, type WechatSandbox } from './sandbox';
import type { WebPaymentProvider } from './types';
import { createWechatPayProvider } from './wechat-pay';

/** The payment adapters of this deployment (decision 035); tests may replace any of them. */
export interface Payments {
  /** WeChat Pay (real, or the sandbox standing in for it) and Alipay, when configured. */
  web: Partial<Record<'wechat' | 'alipay', WebPaymentProvider>>;
  apple: AppleIap | null;
  huawei: HuaweiIap | null;
  /** The development sandbox's cashier, when it is on. */
  sandbox: WechatSandbox | null;
}

const read = (file: string) => fs.readFileSync(file, 'utf8');

/** Where providers send notifications and browsers come back to. */
export function publicUrlOf(config: AppConfig): string {
  return config.payments.publicUrl ?? `http://127.0.0.1:${config.port}`;
}

export const notifyPath = (method: 'wechat' | 'alipay' | 'apple') => `/api/v1/pay/notify/${method}`;

export function createPayments(
  config: AppConfig,
  db: Db,
  now: () => Date,
  deliver: Deliver,
): Payments {
  const p = config.payments;
  const base = publicUrlOf(config);
  const web: Payments['web'] = {};
  let sandbox: WechatSandbox | null = null;
  if (p.sandbox) {
    sandbox = createWechatSandbox({
      db,
      publicUrl: base,
      notifyUrl: `${base}${notifyPath('wechat')}`,
      now,
      deliver,
    });
    web.wechat = sandbox.provider;
  } else if (p.wechat) {
    web.wechat = createWechatPayProvider({
      credentials: {
        mchId: p.wechat.mchId,
        appId: p.wechat.appId,
        serialNo: p.wechat.serialNo,
        privateKey: read(p.wechat.privateKeyFile),
        apiV3Key: p.wechat.apiV3Key,
        platformKeys: new Map([[p.wechat.publicKeyId, read(p.wechat.publicKeyFile)]]),
      },
      notifyUrl: `${base}${notifyPath('wechat')}`,
      now,
    });
  }
  if (p.alipay) {
    web.alipay = createAlipayProvider({
      appId: p.alipay.appId,
      privateKey: read(p.alipay.privateKeyFile),
      alipayPublicKey: read(p.alipay.publicKeyFile),
      gateway: p.alipay.gateway,
      notifyUrl: `${base}${notifyPath('alipay')}`,
      now,
    });
  }
  const apple = p.apple
    ? createAppleIap({
        bundleId: p.apple.bundleId,
        appAppleId: p.apple.appAppleId,
        environment: p.apple.environment,
        onlineChecks: p.apple.onlineChecks,
        rootCertificates: fs
          .readdirSync(p.apple.rootCertsDir)
          .filter((f) => /\.(cer|der)$/i.test(f))
          .map((f) => fs.readFileSync(path.join(p.apple?.rootCertsDir ?? '', f))),
      })
    : null;
  const huawei = p.huawei
    ? createHuaweiIap({
        clientId: p.huawei.clientId,
        clientSecret: p.huawei.clientSecret,
        publicKey: p.huawei.publicKey,
        orderUrl: p.huawei.orderUrl,
        now,
      })
    : null;
  return { web, apple, huawei, sandbox };
}
