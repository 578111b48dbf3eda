import type { TLoginOptions } from '@picbook/contracts';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type AfterLogin, submitThirdParty } from '../login-store';
import styles from './LoginForms.module.css';

/**
 * Messaging-app login in a browser: the provider's QR page in a frame; after the user scans and
 * agrees, the relay page posts the code to us (checked: relay origin and our state).
 */
export function WxQrPanel({
  options,
  after,
}: {
  options: TLoginOptions | undefined;
  after: AfterLogin;
}) {
  const { t } = useTranslation('auth');
  const state = useMemo(() => Math.random().toString(36).slice(2, 12), []);
  const relayOrigin = options?.relay_origin || window.location.origin;
  const src = options
    ? options.wx_web_qr_url
        .replace('{state}', state)
        .replace('{redirect}', encodeURIComponent(`${relayOrigin}/oauth/relay?type=wx_web`))
    : '';

  useEffect(() => {
    const handleMessage = (event: MessageEvent) => {
      const data = event.data as { source?: string; code?: string; state?: string } | null;
      if (event.origin !== relayOrigin || data?.source !== 'picbook-oauth' || data.state !== state)
        return;
      if (data.code) void submitThirdParty('wx_web', data.code, after);
    };
    window.addEventListener('message', handleMessage);
    return () => window.removeEventListener('message', handleMessage);
  }, [relayOrigin, state, after]);

  return (
    <div className={styles.form}>
      <p className={styles.hint}>{t('wechatQrHint')}</p>
      {src && <iframe className={styles.qr} src={src} title={t('wechatQr')} data-testid="wx-qr" />}
    </div>
  );
}
