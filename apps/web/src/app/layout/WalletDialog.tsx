import { CHILD_CURRENCIES, type ChildCurrency } from '@picbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format/time';
import { api } from '../../shared/request/api';
import { Dialog } from '../../shared/ui/Dialog';
import { CURRENCY_ICONS } from './currency-icons';
import styles from './WalletDialog.module.css';

export const isChildCurrency = (s: string): s is ChildCurrency =>
  (CHILD_CURRENCIES as readonly string[]).includes(s);

/**
 * What one balance is (金币, 学分, 钻石: one name each, issue 39 item 6), how it is earned, and
 * its latest entries from the ledger (my_award?currency=…), newest first.
 */
export function WalletDialog({
  currency,
  onClose,
}: {
  currency: ChildCurrency;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = t(`shell.${currency}`);
  const records = useQuery({
    queryKey: ['wallet', currency],
    queryFn: () => api('myAward', { query: { currency } }, { silent: true }),
  });
  const data = records.data;
  return (
    <Dialog title={name} onClose={onClose} testId={`wallet-${currency}`}>
      <div className={styles.head}>
        <img className={styles.icon} src={CURRENCY_ICONS[currency]} alt="" />
        <div>
          <div className={styles.balance}>
            {t('wallet.balance', { n: data?.balances[currency] ?? '…' })} {name}
          </div>
          {data && (
            <div className={styles.muted}>
              {t('wallet.earned', { n: data.totals[currency] })} {name}
            </div>
          )}
        </div>
      </div>
      <p className={styles.about}>{t(`wallet.about.${currency}`)}</p>
      <h3 className={styles.recent}>{t('wallet.recent')}</h3>
      {records.isError && <p className={styles.muted}>{t('wallet.loadFailed')}</p>}
      {data && data.list.length === 0 && <p className={styles.muted}>{t('wallet.empty')}</p>}
      <ul className={styles.list}>
        {data?.list.map((e) => (
          <li key={`${e.reason}:${e.created_at}:${e.amount}`} className={styles.row}>
            <div className={styles.grow}>
              <div>
                {t(`wallet.reasons.${e.kind}`, { defaultValue: e.title_cn })}
                {e.book_title ? ` · ${e.book_title}` : ''}
              </div>
              <div className={styles.muted}>{formatTime(e.created_at)}</div>
            </div>
            <span className={e.amount > 0 ? styles.plus : styles.minus}>
              {e.amount > 0 ? `+${e.amount}` : e.amount}
            </span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
