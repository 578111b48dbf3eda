import { sanitizePhone, sanitizePin } from '@picbook/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartup } from '../../../app/startup/startup-store';
import { api } from '../../../shared/request/api';
import { useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { Field } from '../../../shared/ui/Field';
import { SmsButton } from '../../auth/components/SmsButton';
import styles from './Parents.module.css';

/**
 * Account deletion (POST /api/v1/user/cancel): phone + code, or password, or nothing for a guest.
 * Every account, a guest's too, then confirms once more in a dialog: a guest has no code to type,
 * and one tap must not delete a child's records (or a guest's purchases).
 */
export default function DeleteAccountPage() {
  const { t } = useTranslation('parents');
  const user = useStartup((s) => s.user);
  const [phone, setPhone] = useState('');
  const [pin, setPin] = useState('');
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [isPending, setPending] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const hasPhone = Boolean(user?.phone);
  const nationCode = user?.nation_code || '86';

  const handleAsk = () => {
    if (isPending) return;
    if (!understood) {
      toast.warning(t('deleteNeedUnderstand'));
      return;
    }
    setConfirming(true);
  };

  const handleDelete = async () => {
    if (isPending) return;
    setConfirming(false);
    setPending(true);
    try {
      const body = hasPhone
        ? { nation_code: nationCode, phone, pin }
        : user?.has_password
          ? { password }
          : {};
      await api('cancelAccount', { body });
      toast.success(t('deleteDone'));
      useSession.getState().logout();
    } catch {
      // The request layer showed why.
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={styles.page} data-testid="delete-account">
      <section className={`${styles.card} ${styles.text}`}>
        <p>{t('deleteIntro')}</p>
        <p>
          <strong>{t('deleteItems')}</strong>
        </p>
        <p>{t('deleteKept')}</p>
      </section>
      <section className={`${styles.card} ${styles.form}`}>
        {hasPhone ? (
          <>
            <p className={styles.meta}>{t('deletePhone', { phone: user?.phone })}</p>
            <Field>
              <input
                type="tel"
                inputMode="numeric"
                value={phone}
                maxLength={15}
                onChange={(e) => setPhone(sanitizePhone(e.target.value))}
                aria-label="phone"
              />
            </Field>
            <Field>
              <input
                inputMode="numeric"
                value={pin}
                onChange={(e) => setPin(sanitizePin(e.target.value, 8))}
                aria-label="pin"
              />
              <SmsButton
                abbr={nationCode === '86' ? 'CN' : nationCode}
                nationCode={nationCode}
                phone={phone}
                action="cancel"
              />
            </Field>
          </>
        ) : user?.has_password ? (
          <>
            <p className={styles.meta}>{t('deletePassword')}</p>
            <Field>
              <input
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-label="password"
              />
            </Field>
          </>
        ) : (
          <p className={styles.meta}>{t('deleteGuest')}</p>
        )}
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={understood}
            onChange={(e) => setUnderstood(e.target.checked)}
          />
          {t('deleteUnderstand')}
        </label>
        <Button
          variant="secondary"
          block
          isLoading={isPending}
          onClick={handleAsk}
          className={styles.danger}
        >
          {t('deleteConfirm')}
        </Button>
      </section>
      {isConfirming && (
        <Dialog
          title={t('deleteDialogTitle')}
          onClose={() => setConfirming(false)}
          testId="delete-account-confirm"
        >
          <p className={styles.confirmText}>{t('deleteDialogText')}</p>
          <div className={styles.confirmActions}>
            <Button block onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
            <Button
              variant="secondary"
              block
              className={styles.danger}
              onClick={() => void handleDelete()}
            >
              {t('deleteConfirm')}
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
