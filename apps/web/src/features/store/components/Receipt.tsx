import type { TOrder } from '@picbook/contracts';
import { formatYuanExact } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import { chinaTime, untilDate } from '../../../shared/startup/membership';
import styles from './Receipt.module.css';

/** The receipt of a paid order: number, item, amount, method, the provider's transaction, time. */
export function Receipt({ order }: { order: TOrder }) {
  const { t } = useTranslation('store');
  const r = order.receipt;
  if (!r) return null;
  const rows: Array<[string, string]> = [
    [t('receipt.order'), order.id],
    [t('receipt.item'), order.title],
    [t('receipt.amount'), `¥${formatYuanExact(r.amount)}`],
    [t('receipt.method'), t(`methods.${r.pay_method}`)],
    [t('receipt.txn'), r.transaction_id],
    [t('receipt.time'), chinaTime(r.paid_time)],
  ];
  if (order.status === 'fulfilled' && order.right_expire_time) {
    rows.push([t('receipt.validUntil'), untilDate(order.right_expire_time)]);
  }
  return (
    <section className={styles.receipt} data-testid="receipt">
      <h2 className={styles.title}>{t('receipt.title')}</h2>
      <dl className={styles.list}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.item}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {r.refunded_amount > 0 && (
        <p className={styles.refunded}>
          {t('receipt.refunded', { price: formatYuanExact(r.refunded_amount) })}
        </p>
      )}
    </section>
  );
}
