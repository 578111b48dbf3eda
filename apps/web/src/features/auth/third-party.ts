import { type AppAuthType, getAppAuthCode } from '../../shared/bridge/auth-codes';
import { i18n } from '../../shared/i18n';
import { toast } from '../../shared/toast/toast-store';
import { type AfterLogin, submitThirdParty, useLogin } from './login-store';

/** Spec §8: user-cancel codes per provider family (no message then). */
const CANCEL_CODES: Record<AppAuthType, number[]> = {
  wx_app: [1, -2],
  hw_app: [1, -2],
  mi_app: [1, -1000],
  du_app: [1],
  apple: [1],
};

/** Native (or simulated) authorisation, then the third-party login; failures go back home. */
export async function startAppAuth(
  type: AppAuthType,
  allowSimulator: boolean,
  after: AfterLogin,
): Promise<void> {
  const provider = i18n.t(`auth:providers.${type}`);
  const result = await getAppAuthCode(type, allowSimulator);
  if (result.code !== 0) {
    useLogin.setState({ mode: 'home', state: 'idle' });
    if (CANCEL_CODES[type].includes(result.code)) return;
    if (type === 'du_app' && result.code === -1) toast.error(i18n.t('auth:baiduNoPhone'));
    else if (result.code === -404) toast.error(i18n.t('auth:appTooOld'));
    else toast.error(i18n.t('auth:providerFailed', { provider, code: result.code }));
    return;
  }
  if (!result.authCode) {
    useLogin.setState({ mode: 'home', state: 'idle' });
    toast.error(i18n.t('auth:providerNoCode', { provider }));
    return;
  }
  await submitThirdParty(type, result.authCode, after);
}
