import type { TOpsSession } from '@picbook/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { OpsError, opsFetch, useOpsSession } from '../api';

/** Password and the authenticator's code; failures answer alike (the server says which never). */
export function LoginPage() {
  const { t } = useTranslation('ops');
  const token = useOpsSession((s) => s.token);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (token) return <Navigate to="/ops" replace />;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const totp = String(form.get('totp') ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const session = await opsFetch<TOpsSession>('POST', '/api/ops/login', {
        username: String(form.get('username') ?? '').trim(),
        password: String(form.get('password') ?? ''),
        ...(totp ? { totp } : {}),
      });
      useOpsSession.getState().set(session.token, session.operator);
    } catch (e) {
      setError(e instanceof OpsError ? e.message : t('login.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ops-login">
      <form className="ops-card" onSubmit={submit} data-testid="ops-login">
        <h1>{t('brand')}</h1>
        <h2>{t('login.title')}</h2>
        <label>
          {t('login.username')}
          <input name="username" autoComplete="username" required />
        </label>
        <label>
          {t('login.password')}
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <label>
          {t('login.totp')}
          <input
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            placeholder={t('login.totpHint')}
          />
        </label>
        {error ? (
          <p className="ops-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="ops-btn ops-primary" disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
    </div>
  );
}
