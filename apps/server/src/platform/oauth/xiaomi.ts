import { createHmac } from 'node:crypto';
import { codeField, fetchJson, requireOk, stringField } from './http';
import { splitPair } from './split';
import {
  type HttpFetch,
  OAuthExchangeError,
  type OAuthFailureReason,
  type OAuthProvider,
  type ThirdPartyIdentity,
} from './types';

const VALIDATE_URL = 'https://mis.migc.xiaomi.com/api/biz/service/loginvalidate';

const VALID = 200;
/** 1516 uid error, 1520 session error: what the client sent is wrong or stale. */
const CODE_ERRORS = new Set([1516, 1520]);
/** 1515 appId error, 1525 signature error: our appId/appSecret are wrong. */
const CONFIG_ERRORS = new Set([1515, 1525]);

export interface XiaomiProviderOptions {
  appId: string;
  appSecret: string;
  fetch?: HttpFetch;
}

/**
 * Xiaomi login signature: lowercase hex HMAC-SHA1 keyed with the appSecret over the parameters in
 * alphabetical order, unencoded (the query string encodes them afterwards).
 */
export function xiaomiSignature(
  appSecret: string,
  params: { appId: string; session: string; uid: string },
): string {
  const data = `appId=${params.appId}&session=${params.session}&uid=${params.uid}`;
  return createHmac('sha1', appSecret).update(data, 'utf8').digest('hex');
}

/** Xiaomi MiGameCenter: the app sends "uid:session"; Xiaomi confirms the session is the uid's. */
export function createXiaomiProvider(options: XiaomiProviderOptions): OAuthProvider {
  const { appId, appSecret } = options;
  const fetchFn = options.fetch ?? fetch;
  if (!appId || !appSecret) {
    throw new OAuthExchangeError('mi_app: appId and appSecret are required', 'misconfigured');
  }

  return {
    type: 'mi_app',
    async exchange(authCode: string): Promise<ThirdPartyIdentity> {
      const pair = splitPair(authCode);
      if (!pair) throw new OAuthExchangeError('mi_app: expected "uid:session"', 'invalid_code');
      const [uid, session] = pair;

      const signature = xiaomiSignature(appSecret, { appId, session, uid });
      const query = new URLSearchParams({ appId, session, uid, signature });
      const what = 'mi_app login validation';
      const body = requireOk(
        await fetchJson(fetchFn, `${VALIDATE_URL}?${query}`, { method: 'GET' }, what),
        what,
      );

      const errcode = codeField(body, 'errcode');
      if (errcode !== VALID) {
        const errMsg = stringField(body, 'errMsg') ?? '';
        throw new OAuthExchangeError(
          `${what}: errcode ${errcode ?? 'missing'} ${errMsg}`,
          reasonFor(errcode),
        );
      }
      return { family: 'mi', uid };
    },
  };
}

function reasonFor(errcode: number | undefined): OAuthFailureReason {
  if (errcode !== undefined && CODE_ERRORS.has(errcode)) return 'invalid_code';
  if (errcode !== undefined && CONFIG_ERRORS.has(errcode)) return 'misconfigured';
  return 'provider_error';
}
