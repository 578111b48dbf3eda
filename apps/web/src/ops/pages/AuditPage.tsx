import type { TOpsAudit } from '@picbook/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opsFetch } from '../api';
import { fmtTime, Json, Table } from '../ui';

interface Filters {
  action?: string;
  target?: string;
  operator?: string;
}

/** The append-only audit log: who did what to what, when, why, before and after. */
export default function AuditPage() {
  const { t } = useTranslation('ops');
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: ['ops-view', 'audit', filters, page],
    queryFn: () => {
      const qs = new URLSearchParams({ page: String(page), page_size: '30' });
      for (const [k, v] of Object.entries(filters)) if (v) qs.set(k, v);
      return opsFetch<TOpsAudit>('GET', `/api/ops/audit?${qs}`);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const get = (k: string) => String(f.get(k) ?? '').trim() || undefined;
    setFilters({ action: get('action'), target: get('target'), operator: get('operator') });
    setPage(1);
  };
  return (
    <section>
      <h1>{t('nav.audit')}</h1>
      <form className="ops-searchbar" onSubmit={submit}>
        <input name="action" placeholder={`${t('audit.action')}: giftcards.createBatch`} />
        <input name="target" placeholder={`${t('audit.target')}: order:PB…`} />
        <input name="operator" placeholder={`${t('audit.operator')}: op:alice`} />
        <button type="submit" className="ops-btn ops-primary">
          {t('audit.search')}
        </button>
      </form>
      <Table
        testId="audit-rows"
        rows={log.data?.list}
        rowKey={(r) => r.id}
        columns={[
          { label: '#', cell: (r) => r.id },
          { label: t('commerce.time'), cell: (r) => fmtTime(r.create_time) },
          { label: t('audit.operator'), cell: (r) => r.operator },
          {
            label: t('audit.action'),
            cell: (r) => (
              <>
                {t(`names.${r.action}`, { defaultValue: r.action })}
                <br />
                <code className="ops-small">{r.action}</code>
              </>
            ),
          },
          { label: t('audit.target'), cell: (r) => <code>{r.target ?? '—'}</code> },
          { label: t('audit.reason'), cell: (r) => r.reason ?? '—' },
          { label: t('audit.before'), cell: (r) => <Json value={r.before} /> },
          { label: t('audit.after'), cell: (r) => <Json value={r.after} /> },
        ]}
      />
      {log.data ? (
        <div className="ops-pager">
          <button
            type="button"
            className="ops-btn"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('audit.prev')}
          </button>
          <span>{t('audit.page', { page, count: log.data.page_count })}</span>
          <button
            type="button"
            className="ops-btn"
            disabled={page >= log.data.page_count}
            onClick={() => setPage(page + 1)}
          >
            {t('audit.next')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
