import type { TLoginOptions } from '@picbook/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { Field } from '../../../shared/ui/Field';
import { type AfterLogin, submitPassword, useLogin } from '../login-store';
import { Agreement } from './Agreement';
import styles from './LoginForms.module.css';

/** Account and password login, or registration (inputs trimmed). */
export function PasswordForm({
  isRegister,
  options,
  after,
}: {
  isRegister: boolean;
  options: TLoginOptions | undefined;
  after: AfterLogin;
}) {
  const { t } = useTranslation('auth');
  const form = useLogin((s) => s.form);
  const state = useLogin((s) => s.state);
  const setField = useLogin((s) => s.setField);
  const setMode = useLogin((s) => s.setMode);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submitPassword(after, isRegister);
  };
  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <Field>
        <input
          name="account"
          autoComplete="username"
          placeholder={t('accountPlaceholder')}
          value={form.account}
          onChange={(e) => setField('account', e.target.value)}
        />
      </Field>
      <Field>
        <input
          name="password"
          type="password"
          autoComplete={isRegister ? 'new-password' : 'current-password'}
          placeholder={t('passwordPlaceholder')}
          value={form.password}
          onChange={(e) => setField('password', e.target.value)}
        />
      </Field>
      {isRegister && <Agreement legal={options?.legal} />}
      <Button type="submit" size="large" block isLoading={state === 'pending'}>
        {isRegister ? t('registerButton') : t('loginButton')}
      </Button>
      <button
        type="button"
        className={styles.link}
        onClick={() => setMode(isRegister ? 'password' : 'register')}
      >
        {isRegister ? t('haveAccount') : t('register')}
      </button>
    </form>
  );
}
