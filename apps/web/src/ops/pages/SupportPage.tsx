import { validUntilDate } from '@picbook/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsError, readView, useView } from '../api';
import { useMayRead } from '../OpsLayout';
import { fmtTime, GiftProductText, NoAccess, Table } from '../ui';
import { type OpsOrder, OrdersTable } from './OrdersTable';

interface Found {
  user_id: number;
  phone: string;
  guest: boolean;
  create_time: number;
  last_login_time: number | null;
}

interface Family {
  user_id: number;
  phone: string;
  guest: boolean;
  create_time: number;
  children: Array<{ id: number; nickname: string; birthday: string }>;
  rights: Array<{
    name: string;
    lifetime: boolean;
    expire_time: number;
    active: boolean;
    source: string | null;
  }>;
  grants: Array<{
    id: number;
    right_name: string;
    kind: string;
    days: number | null;
    lifetime: boolean;
    source: string;
    time: number;
  }>;
  orders: OpsOrder[];
  balances: Record<string, number>;
  ledger: Array<{
    currency: string;
    delta: number;
    balance_after: number;
    reason: string;
    time: number;
  }>;
  gift_cards: Array<{
    id: number;
    batch_id: number | null;
    code_tail: string | null;
    product: unknown;
    status: number;
    redeemed_time: number | null;
  }>;
  audit: Array<{
    id: number;
    operator: string;
    action: string;
    target: string | null;
    reason: string | null;
    time: number;
  }>;
}

/** "I paid and nothing happened": find the family, see its rights, orders, balances and why. */
export default function SupportPage() {
  const { t } = useTranslation('ops');
  const may = useMayRead('support.findFamily');
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const found = useView<Found[]>('support.findFamily', { query }, may && query !== null);
  if (!may) return <NoAccess />;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setQuery(value);
    setOpen(null);
  };
  return (
    <section>
      <h1>{t('nav.support')}</h1>
      <form className="ops-searchbar" onSubmit={submit}>
        <input name="q" placeholder={t('support.search')} data-testid="support-search" />
        <button type="submit" className="ops-btn ops-primary">
          {t('support.find')}
        </button>
      </form>
      {found.error ? <p className="ops-error">{(found.error as Error).message}</p> : null}
      {query !== null && open === null ? (
        <Table
          testId="support-results"
          rows={found.data}
          rowKey={(f) => f.user_id}
          columns={[
            { label: 'ID', cell: (f) => f.user_id },
            {
              label: t('support.phone'),
              cell: (f) => f.phone || (f.guest ? t('support.guest') : '—'),
            },
            { label: t('commerce.time'), cell: (f) => fmtTime(f.create_time) },
            {
              label: '',
              cell: (f) => (
                <button type="button" className="ops-btn" onClick={() => setOpen(f.user_id)}>
                  {t('support.open')}
                </button>
              ),
            },
          ]}
        />
      ) : null}
      {open !== null ? <FamilyPanel userId={open} /> : null}
    </section>
  );
}

function FamilyPanel({ userId }: { userId: number }) {
  const { t } = useTranslation('ops');
  const family = useView<Family>('support.family', { user_id: userId });
  const f = family.data;
  if (family.error) return <p className="ops-error">{(family.error as Error).message}</p>;
  if (!f) return <p className="ops-muted">{t('loading')}</p>;
  return (
    <div className="ops-family" data-testid="support-family">
      <h2>
        #{f.user_id} · {f.phone || t('support.guest')} · {fmtTime(f.create_time)}
      </h2>
      <p>
        {t('support.children')}：
        {f.children.map((c) => `${c.nickname}（${c.birthday}）`).join('、') || '—'}
      </p>
      <h3>{t('support.rights')}</h3>
      <Table
        testId="support-rights"
        rows={f.rights}
        rowKey={(r) => r.name}
        columns={[
          { label: t('support.right'), cell: (r) => r.name },
          {
            label: t('support.expires'),
            // The one "valid until" rule (decision 093): the last full day, as families see it.
            cell: (r) =>
              r.lifetime ? t('support.lifetime') : validUntilDate(new Date(r.expire_time * 1000)),
          },
          {
            label: t('commerce.status'),
            cell: (r) => (
              <span className={r.active ? 'ops-pill ops-published' : 'ops-pill ops-withdrawn'}>
                {r.active ? t('support.active') : t('support.expired')}
              </span>
            ),
          },
          { label: t('support.source'), cell: (r) => <code>{r.source ?? '—'}</code> },
        ]}
      />
      <details>
        <summary>{t('support.grants')}</summary>
        <Table
          rows={f.grants}
          rowKey={(g) => g.id}
          columns={[
            { label: t('support.right'), cell: (g) => g.right_name },
            { label: t('audit.action'), cell: (g) => g.kind },
            {
              label: t('gift.days'),
              cell: (g) => (g.lifetime ? t('support.lifetime') : (g.days ?? '—')),
            },
            { label: t('support.source'), cell: (g) => <code>{g.source}</code> },
            { label: t('commerce.time'), cell: (g) => fmtTime(g.time) },
          ]}
        />
      </details>
      <h3>{t('support.orders')}</h3>
      <OrdersTable rows={f.orders} />
      <h3>{t('support.balances')}</h3>
      <p data-testid="support-balances">
        {Object.entries(f.balances)
          .map(([k, v]) => `${k} ${v}`)
          .join(' · ')}
      </p>
      <details>
        <summary>{t('support.ledger')}</summary>
        <Table
          rows={f.ledger}
          rowKey={(l) => `${l.time}-${l.reason}-${l.currency}`}
          columns={[
            { label: t('commerce.time'), cell: (l) => fmtTime(l.time) },
            { label: t('support.currency'), cell: (l) => l.currency },
            { label: t('support.delta'), cell: (l) => (l.delta > 0 ? `+${l.delta}` : l.delta) },
            { label: t('support.balanceAfter'), cell: (l) => l.balance_after },
            { label: t('audit.reason'), cell: (l) => <code>{l.reason}</code> },
          ]}
        />
      </details>
      <h3>{t('support.giftCards')}</h3>
      <Table
        testId="support-gift-cards"
        rows={f.gift_cards}
        rowKey={(c) => c.id}
        columns={[
          { label: '#', cell: (c) => c.id },
          { label: t('support.batch'), cell: (c) => c.batch_id ?? '—' },
          { label: t('support.codeTail'), cell: (c) => c.code_tail ?? '—' },
          { label: t('gift.product'), cell: (c) => <GiftProductText product={c.product} /> },
          { label: t('commerce.time'), cell: (c) => fmtTime(c.redeemed_time) },
        ]}
      />
      <h3>{t('support.audit')}</h3>
      <Table
        testId="support-audit"
        rows={f.audit}
        rowKey={(a) => a.id}
        columns={[
          { label: '#', cell: (a) => a.id },
          { label: t('commerce.time'), cell: (a) => fmtTime(a.time) },
          { label: t('audit.operator'), cell: (a) => a.operator },
          { label: t('audit.action'), cell: (a) => <code>{a.action}</code> },
          { label: t('audit.target'), cell: (a) => <code>{a.target}</code> },
          { label: t('audit.reason'), cell: (a) => a.reason ?? '—' },
        ]}
      />
      <Recordings userId={f.user_id} />
    </div>
  );
}

/** Recordings only with a reason; the look is written to the audit log by the server. */
function Recordings({ userId }: { userId: number }) {
  const { t } = useTranslation('ops');
  const may = useMayRead('support.recordings');
  const [reason, setReason] = useState('');
  const [list, setList] = useState<Array<{
    id: number;
    url: string;
    ref_text: string | null;
    score: number | null;
    time: number;
  }> | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!may) return null;
  const look = async () => {
    try {
      const seen = await readView<NonNullable<typeof list>>(
        'support.recordings',
        { user_id: userId },
        reason.trim(),
      );
      setList(seen.result);
      setError(null);
    } catch (e) {
      setError(e instanceof OpsError ? e.message : String(e));
    }
  };
  return (
    <div className="ops-card">
      <h3>{t('support.recordings')}</h3>
      <span className="ops-reason">
        <input
          value={reason}
          placeholder={t('reasonHint')}
          onChange={(e) => setReason(e.target.value)}
        />
        <button type="button" className="ops-btn" disabled={!reason.trim()} onClick={look}>
          {t('support.open')}
        </button>
      </span>
      {error ? <p className="ops-error">{error}</p> : null}
      {list ? (
        <Table
          rows={list}
          rowKey={(r) => r.id}
          columns={[
            { label: t('commerce.time'), cell: (r) => fmtTime(r.time) },
            { label: t('support.refText'), cell: (r) => r.ref_text ?? '—' },
            { label: t('support.score'), cell: (r) => r.score ?? '—' },
            {
              label: '',
              cell: (r) => (
                // Children's practice recordings have no captions; the text read is beside it.
                // biome-ignore lint/a11y/useMediaCaption: a recording of speech, its text in the row
                <audio controls preload="none" src={r.url} />
              ),
            },
          ]}
        />
      ) : null}
    </div>
  );
}
