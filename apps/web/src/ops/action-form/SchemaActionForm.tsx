import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionAnswer } from '../JsonActionForm';
import { Outcome, Tabs, useRunAction } from '../ui';
import {
  draftInput,
  type FieldValue,
  type FormField,
  type FormValues,
  formFields,
  type JsonSchema,
  type Problem,
  rangeOf,
  readInput,
  valuesFromInput,
} from './schema-fields';

type Loose = (key: string | string[], options?: Record<string, unknown>) => string;

/**
 * One action of 「全部操作」 as a form made from its input's JSON Schema (decision 097): a labelled
 * control per field (Chinese first), required marks, examples, choices as selects, the schema's
 * checks before the run — and the whole input as JSON for anything the form cannot say.
 */
export function SchemaActionForm({
  action,
  schema,
  needsReason,
}: {
  action: string;
  schema: JsonSchema | undefined;
  needsReason: boolean;
}) {
  const { t: typed } = useTranslation('ops');
  const t = typed as unknown as Loose;
  const fields = useMemo(() => (schema ? formFields(schema) : null), [schema]);
  const [mode, setMode] = useState<'form' | 'json'>(fields ? 'form' : 'json');
  const [values, setValues] = useState<FormValues>(() =>
    fields ? valuesFromInput(fields, {}) : {},
  );
  const [json, setJson] = useState('{}');
  const [problems, setProblems] = useState<Record<string, Problem>>({});
  const [jsonBad, setJsonBad] = useState(false);
  const [reason, setReason] = useState('');
  const [answer, setAnswer] = useState<unknown>(undefined);
  const { run, outcome, busy } = useRunAction();
  const formId = useId();

  const switchTo = (next: 'form' | 'json') => {
    if (next === mode || !fields) return;
    if (next === 'json') {
      setJson(JSON.stringify(draftInput(fields, values), null, 2));
      setJsonBad(false);
    } else {
      try {
        setValues(valuesFromInput(fields, JSON.parse(json)));
        setJsonBad(false);
      } catch {
        setJsonBad(true);
        return;
      }
    }
    setProblems({});
    setMode(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let input: unknown;
    if (mode === 'form' && fields) {
      const read = readInput(fields, values);
      setProblems(read.problems);
      if (Object.keys(read.problems).length > 0) {
        document.getElementById(`${formId}-${Object.keys(read.problems)[0]}`)?.focus();
        return;
      }
      input = read.input;
    } else {
      try {
        input = JSON.parse(json);
        setJsonBad(false);
      } catch {
        setJsonBad(true);
        return;
      }
    }
    const result = await run(action, input, reason.trim() || undefined);
    if (result !== null) setAnswer(result);
  };

  const set = (name: string, value: FieldValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    setProblems(({ [name]: _, ...rest }) => rest);
  };
  const [area, verb] = action.split('.') as [string, string];
  const text = (table: string, name: string) =>
    t([`${table}By.${area}.${verb}.${name}`, `${table}.${name}`], { defaultValue: '' });

  return (
    <form
      className="ops-card ops-action-form"
      data-testid={`action-form-${action}`}
      noValidate
      onSubmit={submit}
    >
      <h2>{t(`names.${action}`, { defaultValue: action })}</h2>
      {fields ? (
        <Tabs
          tabs={[
            { key: 'form', label: t('actionForm.modeForm') },
            { key: 'json', label: t('actionForm.modeJson') },
          ]}
          current={mode}
          onChange={switchTo}
        />
      ) : null}
      {mode === 'form' && fields ? (
        fields.length === 0 ? (
          <p className="ops-muted">{t('actionForm.noInput')}</p>
        ) : (
          <>
            <p className="ops-small ops-muted">{t('actionForm.requiredNote')}</p>
            {fields.map((f) => (
              <Field
                key={f.name}
                id={`${formId}-${f.name}`}
                field={f}
                label={text('fields', f.name) || f.name}
                example={text('examples', f.name)}
                format={text('formats', f.name)}
                value={values[f.name] ?? ''}
                problem={problems[f.name]}
                onChange={(v) => set(f.name, v)}
              />
            ))}
          </>
        )
      ) : (
        <div className="ops-field">
          <label htmlFor={`${formId}-json`}>
            {t('actions.input')} · <code>{action}</code>
          </label>
          <textarea
            id={`${formId}-json`}
            rows={Math.min(18, json.split('\n').length + 1)}
            value={json}
            onChange={(e) => setJson(e.target.value)}
            spellCheck={false}
            aria-invalid={jsonBad || undefined}
          />
          {fields ? null : <p className="ops-hint">{t('actionForm.jsonOnly')}</p>}
        </div>
      )}
      {jsonBad ? <p className="ops-error">{t('actions.badJson')}</p> : null}
      <div className="ops-field">
        <label htmlFor={`${formId}-reason`}>
          {t('reason')}
          {needsReason ? <Required /> : null}
        </label>
        <input
          id={`${formId}-reason`}
          value={reason}
          required={needsReason}
          placeholder={needsReason ? t('reasonHint') : t('actionForm.reasonOptional')}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <button
        type="submit"
        className="ops-btn ops-primary"
        disabled={busy || (needsReason && !reason.trim())}
      >
        {t('actions.run')}
      </button>
      <Outcome outcome={outcome} />
      <ActionAnswer answer={answer} />
    </form>
  );
}

function Required() {
  const { t } = useTranslation('ops');
  return (
    <abbr className="ops-required" title={t('actionForm.required')}>
      *
    </abbr>
  );
}

function Field({
  id,
  field: f,
  label,
  example,
  format,
  value,
  problem,
  onChange,
}: {
  id: string;
  field: FormField;
  label: string;
  example: string;
  format: string;
  value: FieldValue;
  problem: Problem | undefined;
  onChange: (value: FieldValue) => void;
}) {
  const { t: typed } = useTranslation('ops');
  const t = typed as unknown as Loose;
  const hint = hintOf(t, f, format);
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : '']
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': problem ? true : undefined,
    required: f.required && !f.nullable,
  };
  const optionLabel = (o: string | number) => {
    const name = t([`options.${f.name}.${o}`], { defaultValue: '' });
    return name ? `${name}（${o}）` : String(o);
  };
  const { min, max } = rangeOf(f.main);
  let control: React.ReactNode;
  switch (f.control) {
    case 'checkbox':
      control = (
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
      break;
    case 'checkboxes': {
      const ticked = value as string[];
      control = (
        <fieldset
          className="ops-choices"
          id={id}
          aria-describedby={common['aria-describedby']}
          aria-invalid={common['aria-invalid']}
        >
          <legend className="ops-visually-hidden">{label}</legend>
          {(f.options ?? []).map((o) => (
            <label key={o} className="ops-choice">
              <input
                type="checkbox"
                checked={ticked.includes(String(o))}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? [...ticked, String(o)]
                      : ticked.filter((x) => x !== String(o)),
                  )
                }
              />
              {optionLabel(o)}
            </label>
          ))}
        </fieldset>
      );
      break;
    }
    case 'select':
      control = (
        <select {...common} value={String(value)} onChange={(e) => onChange(e.target.value)}>
          {f.required && !f.nullable && f.schema.default === undefined ? (
            <option value="">{t('actionForm.choose')}</option>
          ) : !f.required || f.nullable ? (
            <option value="">{f.nullable ? t('actionForm.none') : t('actionForm.unset')}</option>
          ) : null}
          {(f.options ?? []).map((o) => (
            <option key={o} value={String(o)}>
              {optionLabel(o)}
            </option>
          ))}
        </select>
      );
      break;
    case 'integer':
    case 'number':
      control = (
        <input
          {...common}
          type="number"
          inputMode={f.control === 'integer' ? 'numeric' : 'decimal'}
          step={f.control === 'integer' ? 1 : 'any'}
          min={min ?? undefined}
          max={max ?? undefined}
          placeholder={example}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case 'datetime':
      control = (
        <input
          {...common}
          type="datetime-local"
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case 'file':
      // The file's bytes go in the input as base64 (the one audited door takes JSON).
      control = (
        <input
          {...common}
          type="file"
          accept={f.main.contentMediaType}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void fileBase64(file).then(onChange);
            else onChange('');
          }}
        />
      );
      break;
    case 'textarea':
    case 'json':
      control = (
        <textarea
          {...common}
          className={f.control === 'json' ? 'ops-code' : undefined}
          rows={f.control === 'json' ? Math.min(14, String(value).split('\n').length + 1) : 4}
          maxLength={f.control === 'textarea' ? f.main.maxLength : undefined}
          placeholder={example}
          spellCheck={f.control !== 'json'}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    default:
      control = (
        <input
          {...common}
          type={f.name === 'password' ? 'password' : 'text'}
          autoComplete={f.name === 'password' ? 'new-password' : 'off'}
          pattern={f.control === 'text' ? f.htmlPattern : undefined}
          minLength={f.control === 'text' ? f.main.minLength : undefined}
          maxLength={f.control === 'text' ? f.main.maxLength : undefined}
          placeholder={example}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
  const labelText = (
    <>
      {label}
      {f.required && !f.nullable ? <Required /> : null}{' '}
      <code className="ops-small ops-muted">{f.name}</code>
    </>
  );
  return (
    <div className={f.control === 'checkbox' ? 'ops-field ops-field-check' : 'ops-field'}>
      {f.control === 'checkboxes' ? (
        <span className="ops-field-label">{labelText}</span>
      ) : (
        <label htmlFor={id}>{labelText}</label>
      )}
      {control}
      {hint ? (
        <p className="ops-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p className="ops-error" id={`${id}-problem`} data-testid={`problem-${f.name}`}>
          {problemText(t, problem, f.name)}
        </p>
      ) : null}
    </div>
  );
}

/** What the field takes, in words: its type, range or length, format and default. */
function hintOf(t: Loose, f: FormField, format: string): string {
  const parts: string[] = [];
  const range = (s: JsonSchema) => {
    const { min, max } = rangeOf(s);
    if (min !== null && max !== null) return t('actionForm.hints.between', { min, max });
    if (min !== null) return t('actionForm.hints.atLeast', { min });
    if (max !== null) return t('actionForm.hints.atMost', { max });
    return '';
  };
  switch (f.control) {
    case 'integer':
    case 'number':
      parts.push(
        t(f.control === 'integer' ? 'actionForm.hints.integer' : 'actionForm.hints.number'),
      );
      parts.push(range(f.main));
      break;
    case 'text':
    case 'textarea': {
      const { minLength: lo, maxLength: hi } = f.main;
      if (lo !== undefined && lo > 1 && hi !== undefined) {
        parts.push(t('actionForm.hints.lengthBetween', { min: lo, max: hi }));
      } else if (lo !== undefined && lo > 1)
        parts.push(t('actionForm.hints.lengthAtLeast', { min: lo }));
      else if (hi !== undefined) parts.push(t('actionForm.hints.lengthAtMost', { max: hi }));
      break;
    }
    case 'datetime':
      parts.push(t('actionForm.hints.chinaTime'));
      break;
    case 'list':
      parts.push(t('actionForm.hints.list'), range(f.main.items ?? {}));
      break;
    case 'checkboxes':
      if ((f.main.minItems ?? 0) > 0) {
        parts.push(t('actionForm.hints.pickAtLeast', { n: f.main.minItems }));
      }
      break;
    case 'choice-text': {
      const words = (f.schema.anyOf ?? f.schema.oneOf ?? [])
        .map((v) => (v.const !== undefined ? String(v.const) : v.type === 'null' ? '' : range(v)))
        .filter(Boolean);
      parts.push(words.join(t('actionForm.hints.or')));
      break;
    }
    case 'json':
      parts.push(t('actionForm.hints.json'));
      break;
    case 'file':
      parts.push(t('actionForm.hints.file'));
      break;
  }
  if (format) parts.push(format);
  if (f.nullable) parts.push(t('actionForm.hints.nullable'));
  const d = f.schema.default;
  if (!f.required && d !== undefined && d !== null && d !== '' && f.control !== 'checkbox') {
    const shown = Array.isArray(d) ? (d.length ? d.join(', ') : '') : String(d);
    if (shown) parts.push(t('actionForm.hints.default', { value: shown }));
  }
  return parts.filter(Boolean).join(' · ');
}

/** A file's bytes as base64 (what a `contentEncoding: base64` field takes). */
function fileBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function problemText(t: Loose, p: Problem, field: string): string {
  const message = t(`actionForm.problems.${p.key}`, p.params ?? {});
  // A problem inside a JSON field says where: `days：…` for `product.days`.
  return p.path === field ? message : `${p.path.slice(field.length + 1)}：${message}`;
}
