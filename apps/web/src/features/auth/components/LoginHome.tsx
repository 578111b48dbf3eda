import type { TLoginOptions } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import { appEnv, canAppleLogin, canXiaomiLogin } from '../../../shared/platform/env';
import { Button } from '../../../shared/ui/Button';
import { type AfterLogin, submitGuest, useLogin } from '../login-store';
import { startAppAuth } from '../third-party';
import styles from './LoginForms.module.css';

/** Login home: buttons by platform (spec §2) and text links to the other methods. */
export function LoginHome({
  options,
  after,
}: {
  options: TLoginOptions | undefined;
  after: AfterLogin;
}) {
  const { t } = useTranslation('auth');
  const setMode = useLogin((s) => s.setMode);
  const state = useLogin((s) => s.state);
  const env = appEnv();
  const allowSimulator = Boolean(options?.dev_oauth);
  const isBusy = state === 'pending';

  const handleWechat = () => {
    if (env.isApp) void startAppAuth('wx_app', allowSimulator, after);
    else setMode('wxWeb');
  };

  return (
    <div className={styles.form}>
      {env.isHuawei && (
        <Button
          size="large"
          block
          className={styles.huawei}
          disabled={isBusy}
          onClick={() => void startAppAuth('hw_app', allowSimulator, after)}
        >
          {t('huawei')}
        </Button>
      )}
      {canXiaomiLogin(env) && (
        <Button
          size="large"
          block
          className={styles.xiaomi}
          disabled={isBusy}
          onClick={() => void startAppAuth('mi_app', allowSimulator, after)}
        >
          {t('xiaomi')}
        </Button>
      )}
      {env.isXiaodu && (
        <Button
          size="large"
          block
          className={styles.xiaodu}
          disabled={isBusy}
          onClick={() => void startAppAuth('du_app', allowSimulator, after)}
        >
          {t('xiaodu')}
        </Button>
      )}
      {env.isStrictIos ? (
        <Button size="large" block onClick={() => setMode('phone')}>
          {t('phone')}
        </Button>
      ) : (
        !env.isXiaodu && (
          <Button
            size="large"
            block
            className={styles.wechat}
            disabled={isBusy}
            onClick={handleWechat}
          >
            {env.isApp ? t('wechat') : t('wechatQr')}
          </Button>
        )
      )}
      <div className={styles.links}>
        {!env.isStrictIos && (
          <button type="button" className={styles.link} onClick={() => setMode('phone')}>
            {t('phoneShort')}
          </button>
        )}
        {canAppleLogin(env) && (
          <button
            type="button"
            className={styles.link}
            onClick={() => void startAppAuth('apple', allowSimulator, after)}
          >
            {t('apple')}
          </button>
        )}
        {!env.isXiaodu && (
          <button type="button" className={styles.link} onClick={() => setMode('password')}>
            {t('password')}
          </button>
        )}
        <button
          type="button"
          className={styles.link}
          disabled={isBusy}
          onClick={() => void submitGuest(after)}
        >
          {t('guest')}
        </button>
      </div>
    </div>
  );
}
