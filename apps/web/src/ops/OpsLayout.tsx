import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet } from 'react-router';
import { type Language, setLanguage } from '../shared/i18n';
import { opsFetch, useOpsMe, useOpsSession } from './api';

/** Which console area needs which view (an operator sees the areas their roles can read). */
export const AREAS = [
  { path: 'support', view: 'support.findFamily' },
  { path: 'commerce', view: 'commerce.orders' },
  { path: 'catalogue', view: 'catalogue.books' },
  { path: 'engagement', view: 'activity.records' },
  { path: 'audit', view: null },
  { path: 'actions', view: null },
] as const;

export function OpsLayout() {
  const { t, i18n } = useTranslation('ops');
  const token = useOpsSession((s) => s.token);
  const me = useOpsMe();
  if (!token) return <Navigate to="/ops/login" replace />;
  const views = new Set(me.data?.views.map((v) => v.name));
  const logout = async () => {
    await opsFetch('POST', '/api/ops/logout').catch(() => {});
    useOpsSession.getState().clear();
  };
  const other: Language = i18n.language === 'en' ? 'zh-CN' : 'en';
  return (
    <div className="ops-shell">
      <header className="ops-top">
        <strong>{t('brand')}</strong>
        <nav className="ops-nav" aria-label={t('brand')}>
          {AREAS.filter((a) => a.view === null || views.has(a.view)).map((a) => (
            <NavLink key={a.path} to={`/ops/${a.path}`} data-testid={`ops-nav-${a.path}`}>
              {t(`nav.${a.path}`)}
            </NavLink>
          ))}
        </nav>
        <span className="ops-who" data-testid="ops-operator">
          {me.data?.operator} · {t('roles', { roles: me.data?.roles.join(', ') ?? '' })}
        </span>
        <button type="button" className="ops-link" onClick={() => setLanguage(other)}>
          {t('language')}
        </button>
        <button type="button" className="ops-link" onClick={logout}>
          {t('logout')}
        </button>
      </header>
      {me.data?.development_account ? (
        <p className="ops-dev-banner" role="note" data-testid="ops-dev-banner">
          {t('devBanner')}
        </p>
      ) : null}
      <main className="ops-main">
        <Outlet />
      </main>
    </div>
  );
}

/** Whether the logged-in operator may read this view (the server checks again on every call). */
export function useMayRead(view: string): boolean {
  const me = useOpsMe();
  return me.data?.views.some((v) => v.name === view) ?? false;
}

export function useMayRun(action: string): boolean {
  const me = useOpsMe();
  return me.data?.actions.some((a) => a.name === action) ?? false;
}
