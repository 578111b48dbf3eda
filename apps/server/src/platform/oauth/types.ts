import { THIRD_PARTY_TYPES, type ThirdPartyType } from '@picbook/contracts';

/** Third-party login types of the spec (shell-and-account §3), from the contracts. */
export { THIRD_PARTY_TYPES, type ThirdPartyType };

/**
 * The account family a login type belongs to; bindings are stored per family, so the WeChat app
 * and the WeChat website QR login reach the same PicBook account (through the unionid).
 */
export type ProviderFamily = 'wx' | 'hw' | 'mi' | 'du' | 'apple';

export const FAMILY_OF: Record<ThirdPartyType, ProviderFamily> = {
  wx_app: 'wx',
  wx_web: 'wx',
  hw_app: 'hw',
  mi_app: 'mi',
  du_app: 'du',
  apple: 'apple',
};

/** Who the provider says the user is. `uid` is stable per family (unionid for WeChat when given). */
export interface ThirdPartyIdentity {
  family: ProviderFamily;
  uid: string;
  nickname?: string;
  avatarUrl?: string;
}

export type OAuthFailureReason = 'invalid_code' | 'provider_error' | 'misconfigured';

/** A code/token the provider refused, a provider outage, or missing credentials. */
export class OAuthExchangeError extends Error {
  constructor(
    message: string,
    readonly reason: OAuthFailureReason,
  ) {
    super(message);
    this.name = 'OAuthExchangeError';
  }
}

/**
 * One login type's exchange: the `auth_code` the client got from the provider (a code, an access
 * token, "uid:session" or an identity token, depending on the type) becomes an identity.
 */
export interface OAuthProvider {
  readonly type: ThirdPartyType;
  exchange(authCode: string): Promise<ThirdPartyIdentity>;
}

/** fetch, injectable so adapters are tested against recorded/constructed responses. */
export type HttpFetch = (url: string, init?: RequestInit) => Promise<Response>;
