import { useTranslation } from 'react-i18next';
import { ActionButton, fmtTime, Table, yuan } from '../ui';

export interface OpsOrder {
  order_no: string;
  user_id: number | null;
  title: string;
  amount: number;
  pay_method: string;
  status: string;
  create_time: number;
  payments: Array<{
    kind: string;
    method: string;
    transaction_id: string;
    amount: number;
    status: string;
    time: number;
  }>;
}

/** Orders with their payment events; refund (commerce) or close (unpaid), each with a reason. */
export function OrdersTable({ rows }: { rows: OpsOrder[] | undefined }) {
  const { t } = useTranslation('ops');
  return (
    <Table
      testId="ops-orders"
      rows={rows}
      rowKey={(o) => o.order_no}
      columns={[
        { label: t('commerce.orderNo'), cell: (o) => <code>{o.order_no}</code> },
        { label: t('commerce.family'), cell: (o) => o.user_id ?? '—' },
        { label: t('commerce.item'), cell: (o) => o.title },
        { label: t('commerce.amount'), cell: (o) => yuan(o.amount) },
        { label: t('commerce.payMethod'), cell: (o) => o.pay_method },
        { label: t('commerce.status'), cell: (o) => <span className="ops-pill">{o.status}</span> },
        { label: t('commerce.time'), cell: (o) => fmtTime(o.create_time) },
        {
          label: t('commerce.payments'),
          cell: (o) =>
            o.payments.map((p) => (
              <div key={`${p.kind}${p.transaction_id}`} className="ops-small">
                {p.kind} · {p.method} · {yuan(p.amount)} · {p.status} · {fmtTime(p.time)}
              </div>
            )),
        },
        {
          label: '',
          cell: (o) => (
            <>
              {o.status === 'fulfilled' || o.status === 'paid' ? (
                <ActionButton
                  action="orders.refund"
                  input={{ order_id: o.order_no }}
                  label={t('commerce.refund')}
                  needsReason
                  danger
                />
              ) : null}
              {o.status === 'created' || o.status === 'closed' || o.status === 'paid' ? (
                <ActionButton
                  action="orders.recheck"
                  input={{ order_id: o.order_no }}
                  label={t('commerce.recheck')}
                  needsReason
                />
              ) : null}
              {o.status === 'created' ? (
                <ActionButton
                  action="orders.close"
                  input={{ order_id: o.order_no }}
                  label={t('commerce.close')}
                  needsReason
                />
              ) : null}
            </>
          ),
        },
      ]}
    />
  );
}
