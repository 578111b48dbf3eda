import type { TLoginOptions } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../login-store';
import styles from './LoginForms.module.css';

/**
 * The agreement tick with links to the documents the app serves. Never pre-ticked: consent is the
 * parent's act (issue 39; the spec's pre-tick is overruled), and logging in without it says so.
 */
export function Agreement({ legal }: { legal: TLoginOptions['legal'] | undefined }) {
  const { t } = useTranslation('auth');
  const hasAgreed = useLogin((s) => s.form.hasAgreed);
  const setField = useLogin((s) => s.setField);
  const link = (href: string | undefined, text: string) => (
    <a href={href ?? '#'} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
  return (
    <label className={styles.agreement}>
      <input
        type="checkbox"
        checked={hasAgreed}
        onChange={(e) => setField('hasAgreed', e.target.checked)}
        data-testid="agreement"
      />
      <span>
        {t('agreePrefix')}
        {link(legal?.user_agreement, t('userAgreement'))}
        {link(legal?.privacy_policy, t('privacyPolicy'))}
        {link(legal?.children_privacy, t('childrenPrivacy'))}
      </span>
    </label>
  );
}
