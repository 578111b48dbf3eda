import type { TBookInfo } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import { useJump } from '../../../app/navigation/jump';
import { isRequestError } from '../../../shared/request/request-error';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import lockIcon from '../../../shared/ui/icons/lock.svg';
import { useLoginLayer } from '../../auth/login-layer';
import { useUnlockBook } from '../library-queries';
import styles from './LockPanel.module.css';

/**
 * Stands in for the mode buttons of a locked book: says kindly why, and offers the one way in —
 * unlock with the experience right, log in, or the store (behind the parental gate).
 */
export function LockPanel({ info }: { info: TBookInfo }) {
  const { t } = useTranslation('library');
  const jump = useJump();
  const unlock = useUnlockBook(info.id);
  const reason = info.lock_reason ?? 'vip';
  const message = info.can_unlock ? t('lock.unlockHint') : t(`lock.${reason}`);
  const refusal = unlock.error
    ? isRequestError(unlock.error)
      ? unlock.error.message
      : String(unlock.error)
    : null;

  const handleUnlock = () =>
    unlock.mutate(undefined, { onSuccess: () => toast.success(t('lock.unlocked')) });

  return (
    <section className={styles.panel} data-testid="lock-panel" data-reason={reason}>
      <img className={styles.lock} src={lockIcon} alt="" />
      <div className={styles.body}>
        <p className={styles.message}>{message}</p>
        {refusal && (
          <p className={styles.refusal} role="alert">
            {refusal}
          </p>
        )}
        <div className={styles.actions}>
          {info.can_unlock ? (
            <Button size="large" isLoading={unlock.isPending} onClick={handleUnlock}>
              {t('lock.unlockButton')}
            </Button>
          ) : reason === 'login' ? (
            <Button size="large" onClick={() => useLoginLayer.getState().open()}>
              {t('lock.loginButton')}
            </Button>
          ) : (
            <>
              <Button size="large" variant="sky" onClick={() => jump('storeHome')}>
                {t('lock.storeButton')}
              </Button>
              <span className={styles.parents}>{t('lock.askParents')}</span>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
