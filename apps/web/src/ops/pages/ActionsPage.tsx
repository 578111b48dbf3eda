import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaActionForm } from '../action-form/SchemaActionForm';
import type { JsonSchema } from '../action-form/schema-fields';
import { useOpsMe } from '../api';

/**
 * Every action this operator may run (the ones earlier issues added for `npm run ops` and the
 * API), each through the same audited door: nothing the console can do is off the log. Each has
 * a form made from its input's schema (decision 097), and its input as JSON besides.
 */
export default function ActionsPage() {
  const { t, i18n } = useTranslation('ops');
  const me = useOpsMe();
  const [name, setName] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const actions = me.data?.actions ?? [];
  const chosen = actions.find((a) => a.name === name);
  const pick = (action: string) => {
    setName(action);
    // In portrait the form is under the list: bring it into view once it is there.
    if (window.matchMedia('(max-width: 999px)').matches) {
      requestAnimationFrame(() => formRef.current?.scrollIntoView({ block: 'start' }));
    }
  };
  return (
    <section>
      <h1>{t('actions.title')}</h1>
      <p className="ops-muted">{t('actions.hint')}</p>
      <div className="ops-split">
        <ul className="ops-list ops-action-list">
          {actions.map((a) => (
            <li key={a.name}>
              <button
                type="button"
                className={a.name === name ? 'ops-link ops-current' : 'ops-link'}
                aria-current={a.name === name || undefined}
                onClick={() => pick(a.name)}
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
        <div ref={formRef} className="ops-action-pane">
          {chosen ? (
            <SchemaActionForm
              key={chosen.name}
              action={chosen.name}
              schema={chosen.input_schema as JsonSchema | undefined}
              needsReason={chosen.needs_reason}
            />
          ) : (
            <p className="ops-muted">{t('actions.pick')}</p>
          )}
        </div>
      </div>
    </section>
  );
}
