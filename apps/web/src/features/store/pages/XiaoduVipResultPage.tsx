import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { Button } from '../../../shared/ui/Button';
import mascotOops from '../../../shared/ui/illustrations/mascot-oops.svg';
import mascotSlow from '../../../shared/ui/illustrations/mascot-slow.svg';
import mascotWelcome from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { Hero } from '../components/Hero';
import { useOrderCheck } from './OrderResultPage';
import styles from './Store.module.css';

/**
 * /parents/store/xiaoduVip/result?orderId: the quiz order check (§4) — success when, after a
 * refresh of user info, the family has du_vip; retries at 1, 3 and 5 s; otherwise exception.
 */
export default function XiaoduVipResultPage() {
  const { t } = useTranslation('store');
  const [params] = useSearchParams();
  const { go } = useAppNavigate();
  const { state, run } = useOrderCheck(params.get('orderId') ?? '');
  return (
    <div className={styles.page} data-testid="xiaodu-result">
      {state === 'initial' || state === 'pending' ? (
        <Hero
          isBusy
          title={t('check.pending')}
          text={t('check.pendingHint')}
          state="pending"
          testId="order-check"
        />
      ) : state === 'success' ? (
        <Hero art={mascotWelcome} title={t('xiaodu.success')} state="success" testId="order-check">
          <Button size="large" onClick={() => void go('/library')}>
            {t('goRead')}
          </Button>
        </Hero>
      ) : (
        <Hero
          art={state === 'error' ? mascotOops : mascotSlow}
          title={state === 'error' ? t('check.error') : t('xiaodu.exception')}
          text={state === 'error' ? undefined : t('xiaodu.exceptionHint')}
          state={state}
          testId="order-check"
        >
          <Button onClick={() => void run()}>{t('xiaodu.checkAgain')}</Button>
          <Button variant="secondary" onClick={() => void go('/parents/store/xiaoduVip/buy')}>
            {t('backStore')}
          </Button>
        </Hero>
      )}
    </div>
  );
}
