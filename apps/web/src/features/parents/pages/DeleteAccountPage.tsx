import { ErrorCode } from '@picbook/contracts/errors';
import {
  matchesMaskedPhone,
  sanitizePhone,
  sanitizePin,
  validatePhone,
  validatePin,
} from '@picbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/request/api';
import { isRequestError } from '../../../shared/request/request-error';
import { useSession } from '../../../shared/session/session';
import { useStartup } from '../../../shared/startup/startup-store';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { Field } from '../../../shared/ui/Field';
import { SmsButton, type SmsRefusal, validationText } from '../../auth';
import { DeletionLosses } from '../components/DeletionLosses';
import styles from './Parents.module.css';

export const deletionSummaryKey = ['user', 'deletionSummary'] as const;

/**
 * Account deletion (POST /api/v1/user/cancel): phone + code, or password, or nothing for a guest.
 * The page and the final dialog name every right and balance the family loses, with its value
 * (GET /api/v1/user/cancel/summary, decision 094), and that the same phone later starts a new,
 * empty account. Every refusal (a wrong phone, a wait, a wrong code…) is said on the page.
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
  const [isCodeDead, setCodeDead] = useState(false);
  /** What the page says under the form: the last refusal, or that a code was sent. */
  const [notice, setNotice] = useState<{ text: string; isError: boolean } | null>(null);
  const summary = useQuery({
    queryKey: deletionSummaryKey,
    queryFn: () => api('deletionSummary', undefined, { silent: true }),
    staleTime: 0,
  });
  const hasPhone = Boolean(user?.phone);
  const maskedPhone = user?.phone ?? '';
  const nationCode = user?.nation_code || '86';
  const abbr = nationCode === '86' ? 'CN' : nationCode;

  const refuse = (text: string) => setNotice({ text, isError: true });
  const phoneProblem = () =>
    matchesMaskedPhone(maskedPhone, phone) ? null : t('deleteWrongPhone');

  const handleSmsRefused = (refusal: SmsRefusal) => {
    if (refusal.kind === 'wait') refuse(t('deleteWait', { seconds: refusal.seconds }));
    else refuse(refusal.message);
  };

  /** What stops the request before it is sent, said on the page; null when it can go. */
  const formProblem = (): string | null => {
    if (hasPhone) {
      const bad = validatePhone(abbr, phone);
      if (bad) return validationText(bad);
      const other = phoneProblem();
      if (other) return other;
      if (!pin) return t('deletePinMissing');
      const badPin = validatePin(abbr, phone, pin);
      return badPin ? validationText(badPin) : null;
    }
    if (user?.has_password && !password) return t('deletePasswordMissing');
    return null;
  };

  const handleAsk = () => {
    if (isPending) return;
    const problem = formProblem();
    if (problem) {
      refuse(problem);
      return;
    }
    if (!understood) {
      refuse(t('deleteNeedUnderstand'));
      toast.warning(t('deleteNeedUnderstand'));
      return;
    }
    setNotice(null);
    void summary.refetch();
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
      await api('cancelAccount', { body }, { silent: true });
      toast.success(t('deleteDone'));
      useSession.getState().logout();
    } catch (error) {
      if (!isRequestError(error)) throw error;
      if (error.code === ErrorCode.SmsPinInvalid) setCodeDead(true);
      const message =
        error.status === 429 || error.code === ErrorCode.TooManyRequests
          ? t('deleteTooMany')
          : error.message;
      refuse(t('deleteFailed', { message }));
      toast.error(message);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={styles.page} data-testid="delete-account">
      <section className={`${styles.card} ${styles.text}`}>
        <p>{t('deleteIntro')}</p>
        <DeletionLosses query={summary} />
        <p>
          <strong>{t('deleteItems')}</strong>
        </p>
        <p className={styles.warn}>{t('deleteNewAccount')}</p>
        <p>{t('deleteKept')}</p>
        {(summary.data?.paid_orders ?? 0) > 0 && (
          <p>{t('deletePaidOrders', { n: summary.data?.paid_orders })}</p>
        )}
      </section>
      <section className={`${styles.card} ${styles.form}`}>
        {hasPhone ? (
          <>
            <p className={styles.meta}>{t('deletePhone', { phone: maskedPhone })}</p>
            <Field label={t('deletePhoneLabel')}>
              <input
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                value={phone}
                maxLength={15}
                placeholder={t('deletePhonePlaceholder')}
                onChange={(e) => {
                  setPhone(sanitizePhone(e.target.value));
                  setNotice(null);
                }}
                aria-label={t('deletePhoneLabel')}
                data-testid="delete-phone"
              />
            </Field>
            <Field label={t('deletePinLabel')}>
              <input
                inputMode="numeric"
                autoComplete="one-time-code"
                value={pin}
                placeholder={t('deletePinPlaceholder')}
                onChange={(e) => {
                  setPin(sanitizePin(e.target.value, 8));
                  setCodeDead(false);
                }}
                aria-label={t('deletePinLabel')}
                data-testid="delete-pin"
              />
              <SmsButton
                abbr={abbr}
                nationCode={nationCode}
                phone={phone}
                action="cancel"
                isCodeDead={isCodeDead}
                check={phoneProblem}
                onRefused={handleSmsRefused}
                onSent={() => {
                  setCodeDead(false);
                  setNotice({ text: t('deleteCodeSent', { phone: maskedPhone }), isError: false });
                }}
              />
            </Field>
          </>
        ) : user?.has_password ? (
          <>
            <p className={styles.meta}>{t('deletePassword')}</p>
            <Field label={t('deletePasswordLabel')}>
              <input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setNotice(null);
                }}
                aria-label={t('deletePasswordLabel')}
              />
            </Field>
          </>
        ) : (
          <p className={styles.meta}>{t('deleteGuest')}</p>
        )}
        {notice && (
          <p
            className={notice.isError ? styles.formError : styles.formNote}
            role={notice.isError ? 'alert' : 'status'}
            data-testid="delete-notice"
          >
            {notice.text}
          </p>
        )}
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={understood}
            onChange={(e) => {
              setUnderstood(e.target.checked);
              if (e.target.checked) setNotice(null);
            }}
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
          actions={
            <>
              <Button block onClick={() => setConfirming(false)}>
                {t('cancel')}
              </Button>
              <Button
                variant="secondary"
                block
                className={styles.danger}
                disabled={!summary.isSuccess || summary.isFetching}
                onClick={() => void handleDelete()}
              >
                {t('deleteConfirm')}
              </Button>
            </>
          }
        >
          <div className={styles.confirmText}>
            <DeletionLosses query={summary} />
            <p className={styles.warn}>{t('deleteNewAccount')}</p>
            <p>{t('deleteDialogText')}</p>
          </div>
        </Dialog>
      )}
    </div>
  );
}
