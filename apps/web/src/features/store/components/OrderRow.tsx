import type { TOrder } from '@picbook/contracts';
import { formatYuanExact } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chinaTime } from '../../../shared/startup/membership';
import styles from './OrderRow.module.css';

/** An order in a list: what, when, how much, its status; opens the order's result and receipt. */
export function OrderRow({ order }: { order: TOrder }) {
  const { t } = useTranslation('store');
  return (
    <Link
      className={styles.row}
      to={`/parents/store/orderResult/${order.id}`}
      data-testid="order-row"
      data-status={order.status}
    >
      <span className={styles.main}>
        <span className={styles.title}>{order.title}</span>
        <span className={styles.time}>{chinaTime(order.create_time)}</span>
      </span>
      <span className={styles.side}>
        <span className={styles.amount}>¥{formatYuanExact(order.amount)}</span>
        <span className={`${styles.status} ${styles[order.status]}`}>
          {t(`status.${order.status}`)}
        </span>
      </span>
    </Link>
  );
}
