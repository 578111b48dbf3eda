import type { TLoginResult } from '@picbook/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../../shared/request/api';
import { IconButton } from '../../../shared/ui/IconButton';
import backIcon from '../../../shared/ui/icons/back.svg';
import logo from '../../../shared/ui/illustrations/logo-mark.svg';
import welcome from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { completeLogin, isPageChangeNeeded, pathAfterLogin } from '../api';
import { ConfirmSwitch } from '../components/ConfirmSwitch';
import { LoginHome } from '../components/LoginHome';
import { PasswordForm } from '../components/PasswordForm';
import { PhoneForm } from '../components/PhoneForm';
import { WxQrPanel } from '../components/WxQrPanel';
import { type LoginMode, useLogin } from '../login-store';
import styles from './LoginScreen.module.css';

/** `?v=pwd` opens the password mode directly on first load (spec §2). */
const PASSWORD_QUERY_VALUE = 'pwd';

export interface LoginScreenProps {
  /** Shown over a page (a guest upgrading or reaching a blocked path): opens at home, with back. */
  asLayer?: boolean;
  onClose?: () => void;
  onLoggedIn?: () => void;
}

/** The login screen of spec §2: home, phone, password, QR, third-party, bind phone, switch. */
export function LoginScreen({ asLayer = false, onClose, onLoggedIn }: LoginScreenProps) {
  const { t } = useTranslation('auth');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mode = useLogin((s) => s.mode);
  const setMode = useLogin((s) => s.setMode);
  const thirdType = useLogin((s) => s.thirdType);
  const options = useQuery({ queryKey: ['loginOptions'], queryFn: () => api('loginOptions') }).data;
  const areas = useQuery({
    queryKey: ['smsAreas'],
    queryFn: () => api('smsAreas'),
    staleTime: Infinity,
  }).data;

  // Only when the screen opens: later URL changes must not wipe a half-filled form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` is read once per open on purpose
  useEffect(() => {
    const first: LoginMode = asLayer
      ? 'home'
      : new URLSearchParams(search).get('v') === PASSWORD_QUERY_VALUE
        ? 'password'
        : 'phone';
    useLogin.getState().reset(first);
  }, [asLayer]);

  const after = useCallback(
    async (result: TLoginResult) => {
      // Move first, while this screen still shows, so the next page renders at its final URL.
      if (isPageChangeNeeded(result)) await navigate(pathAfterLogin(pathname), { replace: true });
      completeLogin(result);
      onLoggedIn?.();
    },
    [navigate, pathname, onLoggedIn],
  );

  const provider = t(`providers.${thirdType ?? 'wx_app'}`);
  const showBack =
    mode === 'home' ? asLayer : mode !== 'thirdInProgress' && mode !== 'confirmSwitch';
  const handleBack = () => {
    if (mode === 'home') onClose?.();
    else setMode('home');
  };

  return (
    <main className={styles.page} data-testid="login-screen" data-mode={mode}>
      <div className={styles.hero}>
        <img className={styles.mascot} src={welcome} alt="" />
      </div>
      <section className={styles.card}>
        {showBack && (
          <IconButton
            className={styles.back}
            icon={backIcon}
            label={t('back')}
            onClick={handleBack}
          />
        )}
        <img className={styles.logo} src={logo} alt="" />
        <h1 className={styles.title}>{titleOf(mode, t, provider)}</h1>
        {mode === 'home' && <p className={styles.slogan}>{t('slogan')}</p>}
        {mode === 'home' && <LoginHome options={options} after={after} />}
        {mode === 'phone' && (
          <PhoneForm areas={areas} options={options} after={after} submitLabel={t('submit')} />
        )}
        {mode === 'bindPhone' && (
          <>
            <p className={styles.slogan}>{t('bindPhoneHint', { provider })}</p>
            <PhoneForm
              areas={areas}
              options={options}
              after={after}
              submitLabel={t('bindSubmit')}
            />
          </>
        )}
        {(mode === 'password' || mode === 'register') && (
          <PasswordForm isRegister={mode === 'register'} options={options} after={after} />
        )}
        {mode === 'wxWeb' && <WxQrPanel options={options} after={after} />}
        {(mode === 'thirdInProgress' || mode === 'guest') && (
          <p className={styles.progress}>
            {mode === 'guest' ? t('guestWaiting') : t('thirdInProgress')}
          </p>
        )}
        {mode === 'confirmSwitch' && <ConfirmSwitch after={after} />}
        {(mode === 'phone' || mode === 'password' || mode === 'register') && (
          <button type="button" className={styles.otherMethods} onClick={() => setMode('home')}>
            {t('otherMethods')}
          </button>
        )}
      </section>
    </main>
  );
}

function titleOf(
  mode: LoginMode,
  t: ReturnType<typeof useTranslation<'auth'>>['t'],
  provider: string,
): string {
  switch (mode) {
    case 'phone':
      return t('phone');
    case 'password':
      return t('password');
    case 'register':
      return t('register');
    case 'wxWeb':
      return t('wechatQr');
    case 'bindPhone':
      return t('bindPhoneTitle');
    case 'confirmSwitch':
      return t('confirmSwitchTitle');
    default:
      return provider && mode === 'thirdInProgress' ? t('thirdInProgress') : t('title');
  }
}
