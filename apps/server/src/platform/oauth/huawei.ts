import { codeField, fetchJson, idField, requireObject, stringField } from './http';
import {
  type HttpFetch,
  OAuthExchangeError,
  type OAuthProvider,
  type ThirdPartyIdentity,
} from './types';

const TOKENINFO_URL = 'https://oauth-login.cloud.huawei.com/oauth2/v3/tokeninfo';

export interface HuaweiProviderOptions {
  /** Our app's OAuth client id (AppGallery Connect); tokens issued to other apps are refused. */
  clientId: string;
  fetch?: HttpFetch;
}

/** Huawei Account Kit: the app sends the user's access token; the token info endpoint vouches. */
export function createHuaweiProvider(options: HuaweiProviderOptions): OAuthProvider {
  const { clientId } = options;
  const fetchFn = options.fetch ?? fetch;
  if (!clientId) throw new OAuthExchangeError('hw_app: clientId is required', 'misconfigured');

  return {
    type: 'hw_app',
    async exchange(authCode: string): Promise<ThirdPartyIdentity> {
      if (!authCode) throw new OAuthExchangeError('hw_app: empty access token', 'invalid_code');

      const what = 'hw_app token info';
      // open_id=OPENID asks Huawei to include the openId, our fallback when no unionId is issued.
      const form = new URLSearchParams({ access_token: authCode, open_id: 'OPENID' });
      const reply = await fetchJson(
        fetchFn,
        TOKENINFO_URL,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        },
        what,
      );
      // Rate limiting and server faults say nothing about the token.
      if (reply.status === 429 || reply.status >= 500) {
        throw new OAuthExchangeError(`${what}: HTTP ${reply.status}`, 'provider_error');
      }
      const body = requireObject(reply.body, what);

      // A refused token comes back (often with 4xx) as {error, sub_error, error_description}.
      if (body.error !== undefined || body.sub_error !== undefined) {
        const code = codeField(body, 'sub_error') ?? codeField(body, 'error') ?? '?';
        const description = stringField(body, 'error_description') ?? '';
        throw new OAuthExchangeError(`${what}: error ${code} ${description}`, 'invalid_code');
      }
      if (!reply.ok)
        throw new OAuthExchangeError(`${what}: HTTP ${reply.status}`, 'provider_error');

      // A valid token from another app must not log anyone into ours.
      const tokenClientId = idField(body, 'client_id');
      if (tokenClientId !== clientId) {
        throw new OAuthExchangeError(`${what}: token was issued to another app`, 'invalid_code');
      }
      const expiresIn = codeField(body, 'expire_in');
      if (expiresIn !== undefined && expiresIn <= 0) {
        throw new OAuthExchangeError(`${what}: token has expired`, 'invalid_code');
      }
      const uid = stringField(body, 'union_id') ?? stringField(body, 'open_id');
      if (!uid)
        throw new OAuthExchangeError(`${what}: answer lacks union_id/open_id`, 'provider_error');
      return { family: 'hw', uid };
    },
  };
}
