import { createAppleProvider } from './apple';
import { createBaiduProvider } from './baidu';
import { createHuaweiProvider } from './huawei';
import type { HttpFetch, OAuthProvider, ThirdPartyType } from './types';
import { createWechatProvider } from './wechat';
import { createXiaomiProvider } from './xiaomi';

export interface AppCredentials {
  appId: string;
  appSecret: string;
}

/** Credentials per login type; a type left out is not offered. */
export interface RealProvidersConfig {
  wxApp?: AppCredentials;
  wxWeb?: AppCredentials;
  hwApp?: { clientId: string };
  miApp?: AppCredentials;
  /** Baidu's user API needs no app credentials: present means enabled. */
  duApp?: Record<string, never>;
  apple?: { audiences: string[] };
}

export interface RealProvidersDeps {
  fetch?: HttpFetch;
}

export type ProviderRegistry = Partial<Record<ThirdPartyType, OAuthProvider>>;

/**
 * The adapters for the configured login types. Incomplete credentials throw OAuthExchangeError
 * ('misconfigured') here, at startup, rather than on a user's first login.
 */
export function createRealProviders(
  config: RealProvidersConfig,
  deps: RealProvidersDeps = {},
): ProviderRegistry {
  const { fetch: httpFetch } = deps;
  const providers: ProviderRegistry = {};
  const add = (provider: OAuthProvider) => {
    providers[provider.type] = provider;
  };

  if (config.wxApp)
    add(createWechatProvider({ type: 'wx_app', ...config.wxApp, fetch: httpFetch }));
  if (config.wxWeb)
    add(createWechatProvider({ type: 'wx_web', ...config.wxWeb, fetch: httpFetch }));
  if (config.hwApp) add(createHuaweiProvider({ ...config.hwApp, fetch: httpFetch }));
  if (config.miApp) add(createXiaomiProvider({ ...config.miApp, fetch: httpFetch }));
  if (config.duApp) add(createBaiduProvider({ fetch: httpFetch }));
  if (config.apple) add(createAppleProvider({ ...config.apple, fetch: httpFetch }));
  return providers;
}

export { createAppleProvider } from './apple';
export { createBaiduProvider } from './baidu';
export { createHuaweiProvider } from './huawei';
export { createWechatProvider } from './wechat';
export { createXiaomiProvider } from './xiaomi';
