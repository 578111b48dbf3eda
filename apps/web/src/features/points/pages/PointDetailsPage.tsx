import type { TPointsOrder } from '@picbook/contracts';
import { TRANSACTION_TYPES } from '@picbook/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatTime } from '../../../shared/format/time';
import { appEnv } from '../../../shared/platform/env';
import { canUsePoints } from '../../../shared/platform/points-env';
import { Button } from '../../../shared/ui/Button';
import { OrderDialog } from '../components/OrderDialog';
import { PointsUnavailable } from '../components/PointsUnavailable';
import styles from '../Points.module.css';
import { useOrders, usePointsRecords } from '../points-queries';
import page from './PointDetailsPage.module.css';

const FILTERS = [
  { type: TRANSACTION_TYPES.all, key: 'all' },
  { type: TRANSACTION_TYPES.income, key: 'income' },
  { type: TRANSACTION_TYPES.expense, key: 'expense' },
] as const;

/** /parents/points/pointDetails: points records (by direction, ten a page) and my exchanges. */
export default function PointDetailsPage() {
  const { t } = useTranslation('points');
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'orders' ? 'orders' : 'points';
  if (!canUsePoints(appEnv())) return <PointsUnavailable />;
  return (
    <div className={styles.page}>
      <div className={page.tabs} role="tablist">
        {(['points', 'orders'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`${page.tab} ${tab === name ? page.tabOn : ''}`}
            onClick={() => setSearch(name === 'orders' ? { tab: 'orders' } : {}, { replace: true })}
          >
            {name === 'orders' ? t('records.tabOrders') : t('records.tabPoints')}
          </button>
        ))}
      </div>
      {tab === 'orders' ? <OrdersList /> : <RecordsList />}
    </div>
  );
}

function RecordsList() {
  const { t } = useTranslation('points');
  const [type, setType] = useState<number>(TRANSACTION_TYPES.all);
  const records = usePointsRecords(type);
  const rows = records.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <>
      <div className={page.filters}>
        {FILTERS.map((f) => (
          <button
            key={f.key}
            type="button"
            className={`${page.filter} ${type === f.type ? page.filterOn : ''}`}
            aria-pressed={type === f.type}
            onClick={() => setType(f.type)}
          >
            {t(`records.${f.key}`)}
          </button>
        ))}
      </div>
      <section className={styles.card} data-testid="points-records">
        {records.data && rows.length === 0 && <p className={styles.empty}>{t('records.empty')}</p>}
        {rows.map((r) => (
          <div key={r.id} className={page.record} data-testid="points-record">
            <div>
              <div className={page.recordTitle}>{r.title}</div>
              <div className={styles.muted}>
                {formatTime(r.time)} · {t('records.balanceAfter', { n: r.balance })}
              </div>
            </div>
            <span className={r.points > 0 ? page.plus : page.minus}>
              {r.points > 0 ? `+${r.points}` : r.points}
            </span>
          </div>
        ))}
      </section>
      <More query={records} />
    </>
  );
}

function OrdersList() {
  const { t } = useTranslation('points');
  const orders = useOrders();
  const [open, setOpen] = useState<TPointsOrder | null>(null);
  const rows = orders.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <>
      <section className={page.orders} data-testid="points-orders">
        {orders.data && rows.length === 0 && (
          <p className={styles.empty}>{t('records.ordersEmpty')}</p>
        )}
        {rows.map((o) => (
          <button
            key={o.order_id}
            type="button"
            className={page.order}
            onClick={() => setOpen(o)}
            data-testid="order-card"
            data-order={o.order_id}
          >
            <img src={o.image} alt="" />
            <span className={page.orderText}>
              <strong>{o.title}</strong>
              <span className={styles.muted}>
                {o.sku_title} · {o.points} · {formatTime(o.create_time)}
              </span>
            </span>
            <span className={`${page.status} ${page[`status${o.status}`] ?? ''}`}>
              {t(`order.status.${o.status}` as 'order.status.1')}
            </span>
          </button>
        ))}
      </section>
      <More query={orders} />
      {open && <OrderDialog order={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function More({
  query,
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
    data?: unknown;
  };
}) {
  const { t } = useTranslation('points');
  if (!query.data) return null;
  if (!query.hasNextPage)
    return <p className={`${styles.muted} ${page.center}`}>{t('records.noMore')}</p>;
  return (
    <Button
      variant="secondary"
      block
      isLoading={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {t('records.more')}
    </Button>
  );
}
