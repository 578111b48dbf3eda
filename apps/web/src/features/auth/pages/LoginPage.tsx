import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../shared/ui/Button';
import logo from '../../../shared/ui/illustrations/logo-mark.svg';
import welcome from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { completeLogin, isPageChangeNeeded, pathAfterLogin, requestGuestLogin } from '../api';
import styles from './LoginPage.module.css';

/** The login screen the guard shows whenever there is no token. */
export function LoginPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);

  const handleGuest = async () => {
    if (isPending) return;
    setPending(true);
    try {
      const result = await requestGuestLogin();
      // Move first, while this screen still shows, so the new page renders at its final URL.
      if (isPageChangeNeeded(result)) await navigate(pathAfterLogin(pathname), { replace: true });
      completeLogin(result);
    } catch {
      // The request layer has shown the reason; the button is usable again.
    } finally {
      setPending(false);
    }
  };

  return (
    <main className={styles.page} data-testid="login-screen">
      <div className={styles.hero}>
        <img className={styles.mascot} src={welcome} alt="" />
      </div>
      <section className={styles.card}>
        <img className={styles.logo} src={logo} alt={t('app.name')} />
        <h1 className={styles.title}>{t('login.title')}</h1>
        <p className={styles.slogan}>{t('app.slogan')}</p>
        <Button size="large" block isLoading={isPending} onClick={handleGuest}>
          {t('login.guest')}
        </Button>
        {isPending && <div className={styles.waiting}>{t('login.guestWaiting')}</div>}
        <p className={styles.agreement}>{t('login.agreement')}</p>
      </section>
    </main>
  );
}
