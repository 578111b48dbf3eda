import { canRestorePurchases } from '@picbook/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appEnv } from '../../../shared/platform/env';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import { OrderRow } from '../components/OrderRow';
import { restorePurchases } from '../pay';
import { refreshAfterPurchase, useOrderPages } from '../store-queries';
import styles from './Store.module.css';

/**
 * /parents/store/problem: help with a purchase — my orders and payments (status, receipts),
 * restore purchases where the app can (iOS), common questions and how to reach us.
 */
export default function StoreProblemPage() {
  const { t } = useTranslation('store');
  const orders = useOrderPages();
  const list = orders.data?.pages.flatMap((p) => p.list) ?? [];
  const restore = useMutation({
    mutationFn: restorePurchases,
    onSuccess: async (result) => {
      await refreshAfterPurchase();
      if (result.restored.length > 0)
        toast.success(t('problem.restored', { n: result.restored.length }));
      else toast.info(t('problem.restoreNone'));
    },
  });
  const faq = t('faq', { returnObjects: true }) as Array<{ q: string; a: string }>;

  return (
    <div className={styles.page} data-testid="store-problem">
      <h2 className={styles.section}>{t('problem.ordersTitle')}</h2>
      <section className={styles.card} data-testid="order-list">
        {orders.isPending ? (
          <p className={styles.text}>…</p>
        ) : list.length === 0 ? (
          <p className={styles.text}>{t('problem.noOrders')}</p>
        ) : (
          list.map((o) => <OrderRow key={o.id} order={o} />)
        )}
      </section>
      {orders.hasNextPage && (
        <Button
          variant="secondary"
          isLoading={orders.isFetchingNextPage}
          onClick={() => void orders.fetchNextPage()}
        >
          {t('problem.more')}
        </Button>
      )}
      {canRestorePurchases(appEnv()) && (
        <>
          <h2 className={styles.section}>{t('problem.restoreTitle')}</h2>
          <section className={styles.card}>
            <p className={styles.text}>{t('problem.restoreHint')}</p>
            <div className={styles.text}>
              <Button isLoading={restore.isPending} onClick={() => restore.mutate()}>
                {t('problem.restoreButton')}
              </Button>
            </div>
          </section>
        </>
      )}
      <h2 className={styles.section}>{t('problem.faqTitle')}</h2>
      <section className={`${styles.card} ${styles.faq}`}>
        {faq.map((item) => (
          <details key={item.q}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </section>
      <p className={styles.text}>{t('problem.contact')}</p>
    </div>
  );
}
