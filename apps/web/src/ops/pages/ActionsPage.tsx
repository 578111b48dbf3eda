import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpsMe } from '../api';
import { JsonActionForm } from '../JsonActionForm';

/**
 * Every action this operator may run (the ones earlier issues added for `npm run ops` and the
 * API), each through the same audited door: nothing the console can do is off the log.
 */
export default function ActionsPage() {
  const { t, i18n } = useTranslation('ops');
  const me = useOpsMe();
  const [name, setName] = useState<string | null>(null);
  const actions = me.data?.actions ?? [];
  return (
    <section>
      <h1>{t('actions.title')}</h1>
      <p className="ops-muted">{t('actions.hint')}</p>
      <div className="ops-split">
        <ul className="ops-list">
          {actions.map((a) => (
            <li key={a.name}>
              <button
                type="button"
                className={a.name === name ? 'ops-link ops-current' : 'ops-link'}
                onClick={() => setName(a.name)}
              >
                {t(`names.${a.name}`, { defaultValue: a.summary })}
              </button>
              <div className="ops-small ops-muted">
                <code>{a.name}</code>
                {i18n.language === 'en' ? ` — ${a.summary}` : null}
              </div>
            </li>
          ))}
        </ul>
        <div>
          {name ? (
            <JsonActionForm key={name} action={name} initial={{}} reasonField="optional" />
          ) : null}
        </div>
      </div>
    </section>
  );
}
