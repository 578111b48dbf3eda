import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsError, runAction } from './api';
import { useMayRun } from './OpsLayout';

/** Unix seconds as a China-time date and time (operators and families count days in China). */
export function fmtTime(seconds: number | null | undefined): string {
  if (seconds == null) return '—';
  return new Date(seconds * 1000).toLocaleString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    hour12: false,
  });
}

/** Fen as yuan. */
export const yuan = (fen: number | null | undefined) =>
  fen == null ? '—' : `¥${(fen / 100).toFixed(2)}`;

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
}

export function Table<T>({
  rows,
  columns,
  rowKey,
  testId,
}: {
  rows: readonly T[] | undefined;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  testId?: string;
}) {
  const { t } = useTranslation('ops');
  if (!rows) return <p className="ops-muted">{t('loading')}</p>;
  if (rows.length === 0) return <p className="ops-muted">{t('empty')}</p>;
  return (
    <div className="ops-table-wrap">
      <table className="ops-table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.label} data-label={c.label}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A cell of two lines: the main text and a muted one under it (a book's Chinese and English title). */
export function TwoLines({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <>
      {main}
      <br />
      <span className="ops-muted">{sub}</span>
    </>
  );
}

export function Json({ value }: { value: unknown }) {
  if (value == null) return <span className="ops-muted">—</span>;
  return <code className="ops-json">{JSON.stringify(value)}</code>;
}

export function Tabs<K extends string>({
  tabs,
  current,
  onChange,
}: {
  tabs: readonly { key: K; label: string }[];
  current: K;
  onChange: (key: K) => void;
}) {
  return (
    <div className="ops-tabs" role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === current}
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** What an action answered: done with its audit row, or the server's refusal as it said it. */
export function Outcome({ outcome }: { outcome: { ok: boolean; text: string } | null }) {
  if (!outcome) return null;
  return (
    <p className={outcome.ok ? 'ops-ok' : 'ops-error'} role="status" data-testid="ops-outcome">
      {outcome.text}
    </p>
  );
}

/**
 * Runs one audited action (the only way the console changes anything). Shown only when the
 * operator's roles allow it; an action on a family's data asks for the reason first.
 */
export function useRunAction() {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async <R,>(name: string, input: unknown, reason?: string) => {
    setBusy(true);
    try {
      const done = await runAction<R>(name, input, reason);
      setOutcome({ ok: true, text: t('done', { id: done.audit_id }) });
      await queryClient.invalidateQueries({ queryKey: ['ops-view'] });
      return done.result;
    } catch (error) {
      const msg = error instanceof OpsError ? error.message : String(error);
      setOutcome({ ok: false, text: t('error', { msg }) });
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { run, outcome, busy };
}

export function ActionButton({
  action,
  input,
  label,
  needsReason = false,
  danger = false,
  onDone,
}: {
  action: string;
  input: unknown;
  label: string;
  needsReason?: boolean;
  danger?: boolean;
  onDone?: (result: unknown) => void;
}) {
  const { t } = useTranslation('ops');
  const may = useMayRun(action);
  const { run, outcome, busy } = useRunAction();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  if (!may) return null;
  const go = async (why?: string) => {
    const result = await run(action, input, why);
    if (result !== null) {
      setAsking(false);
      setReason('');
      onDone?.(result);
    }
  };
  return (
    <span className="ops-action">
      {asking ? (
        <span className="ops-reason">
          <input
            aria-label={t('reason')}
            placeholder={t('reasonHint')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <button
            type="button"
            className="ops-btn ops-danger"
            disabled={busy || !reason.trim()}
            onClick={() => go(reason.trim())}
          >
            {t('confirm')}
          </button>
          <button type="button" className="ops-link" onClick={() => setAsking(false)}>
            {t('cancel')}
          </button>
        </span>
      ) : (
        <button
          type="button"
          className={danger ? 'ops-btn ops-danger' : 'ops-btn'}
          disabled={busy}
          onClick={() => (needsReason ? setAsking(true) : go())}
        >
          {label}
        </button>
      )}
      <Outcome outcome={outcome} />
    </span>
  );
}

/** While a console page's code loads (the router's HydrateFallback). */
export function OpsLoading() {
  const { t } = useTranslation('ops');
  return (
    <p className="ops-muted" role="status">
      {t('loading')}
    </p>
  );
}

export function NoAccess() {
  const { t } = useTranslation('ops');
  return <p className="ops-muted">{t('noAccess')}</p>;
}

type GiftProduct =
  | { kind: 'right'; right: string; days: number | 'life' }
  | { kind: 'prize'; title: string };

/** What a gift card gives, in words: "vip 31天", "vip 终身", "实物：书包". */
export function GiftProductText({ product }: { product: unknown }) {
  const { t } = useTranslation('ops');
  const p = product as GiftProduct;
  if (p?.kind === 'prize') return <>{t('gift.givesPrize', { title: p.title })}</>;
  if (p?.kind === 'right') {
    return (
      <>
        {p.days === 'life'
          ? t('gift.givesLife', { right: p.right })
          : t('gift.gives', { right: p.right, days: p.days })}
      </>
    );
  }
  return <Json value={product} />;
}
