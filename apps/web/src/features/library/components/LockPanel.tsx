import type { TBookInfo } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import { useJump } from '../../../shared/navigation/jump';
import { isRequestError } from '../../../shared/request/request-error';
import { useLoginLayer } from '../../../shared/session/login-layer';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import lockIcon from '../../../shared/ui/icons/lock.svg';
import { useUnlockBook } from '../library-queries';
import styles from './LockPanel.module.css';

/**
 * Stands in for the mode buttons of a locked book: says kindly why, and offers the one way in —
 * unlock with the experience right, log in (a guest, told what signing in and membership give),
 * or the store (behind the parental gate).
 */
export function LockPanel({ info }: { info: TBookInfo }) {
  const { t } = useTranslation('library');
  const jump = useJump();
  const unlock = useUnlockBook(info.id);
  const reason = info.lock_reason ?? 'vip';
  // A guest's book needs what it needs after signing in too (no account holds a right at first):
  // say so, and what signing in and membership each give (issue 39 item 7).
  const isGuest = reason === 'login';
  const message = info.can_unlock
    ? t('lock.unlockHint')
    : isGuest
      ? t(info.access_code === 12 ? 'lock.guestMembers' : 'lock.guestVip')
      : t(`lock.${reason}`);
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
        {isGuest && (
          <ul className={styles.gives} data-testid="lock-gives">
            <li>{t('lock.loginGives')}</li>
            <li>{t('lock.memberGives')}</li>
          </ul>
        )}
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
