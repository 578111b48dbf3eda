import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { type AfterLogin, answerSwitch, useLogin } from '../login-store';
import styles from './LoginForms.module.css';

/** Spec §4: confirm switching the third-party binding; both buttons disabled while pending. */
export function ConfirmSwitch({ after }: { after: AfterLogin }) {
  const { t } = useTranslation('auth');
  const bindState = useLogin((s) => s.bindState);
  const thirdType = useLogin((s) => s.thirdType);
  const provider = t(`providers.${thirdType ?? 'wx_app'}`);
  const isPending = bindState === 'pending';
  return (
    <div className={styles.form}>
      <p className={styles.hint}>{t('confirmSwitchText', { provider })}</p>
      <Button
        size="large"
        block
        isLoading={isPending}
        disabled={isPending}
        onClick={() => void answerSwitch(true, after)}
      >
        {t('confirmSwitch')}
      </Button>
      <Button
        variant="secondary"
        block
        disabled={isPending}
        onClick={() => void answerSwitch(false, after)}
      >
        {t('cancelSwitch')}
      </Button>
    </div>
  );
}
