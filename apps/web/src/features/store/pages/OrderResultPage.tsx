import type { TOrder } from '@picbook/contracts';
import { isCancellable } from '@picbook/domain';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { track } from '../../../shared/analytics/pingback';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { api } from '../../../shared/request/api';
import { untilDate } from '../../../shared/startup/membership';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import mascotOops from '../../../shared/ui/illustrations/mascot-oops.svg';
import mascotSlow from '../../../shared/ui/illustrations/mascot-slow.svg';
import mascotWelcome from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { Hero } from '../components/Hero';
import { PurchaseLayers } from '../components/PurchaseLayers';
import { Receipt } from '../components/Receipt';
import { checkOrder, type OrderCheckResult } from '../order-check';
import { refreshAfterPurchase } from '../store-queries';
import { usePurchase } from '../use-purchase';
import styles from './Store.module.css';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs the §4 check for an order; `run` starts it again. `before` runs first (the sandbox
 * cashier's 取消支付 comes back asking to cancel the order).
 */
export function useOrderCheck(orderId: string, before?: () => Promise<unknown>) {
  const [result, setResult] = useState<OrderCheckResult>({ state: 'initial', order: null });
  const first = useRef(before);
  const run = useCallback(async () => {
    setResult((r) => ({ ...r, state: 'pending' }));
    const pre = first.current;
    first.current = undefined;
    if (pre) await pre().catch(() => undefined);
    const next = await checkOrder(orderId, {
      fetchOrder: (id) => api('order', { params: { id } }, { silent: true }),
      refreshUser: async () => {
        await useStartup.getState().reloadUser();
        return useStartup.getState().user;
      },
      sleep,
      report: (order: TOrder | null) =>
        track('order_check_exception', { order: orderId, status: order?.status ?? null }, 'error'),
    });
    if (next.state === 'success') await refreshAfterPurchase();
    setResult(next);
  }, [orderId]);
  useEffect(() => {
    void run();
  }, [run]);
  return { ...result, run };
}

const resultPath = (id: string) => `/parents/store/orderResult/${id}`;

/**
 * /parents/store/orderResult/{orderId}: the §4 order check, its outcome and the receipt. An unpaid
 * order is continued here (the same order number: its QR sheet or the provider's page) or
 * cancelled (decision 093); `?cancel=1` (the sandbox cashier's 取消支付) cancels it first.
 */
export default function OrderResultPage() {
  const { t } = useTranslation('store');
  const { orderId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { go } = useAppNavigate();
  const wantsCancel = params.get('cancel') === '1';
  const purchase = usePurchase({ resultPath, onPaid: () => void run() });
  const { state, order, run } = useOrderCheck(
    orderId,
    wantsCancel
      ? async () => {
          setParams({}, { replace: true });
          await purchase.cancel(orderId);
        }
      : undefined,
  );

  const helpButton = (
    <Button variant="secondary" onClick={() => void go('/parents/store/problem')}>
      {t('help')}
    </Button>
  );
  let hero: ReactNode;
  if (state === 'initial' || state === 'pending') {
    hero = (
      <Hero
        isBusy
        title={t('check.pending')}
        text={t('check.pendingHint')}
        testId="order-check"
        state="pending"
      />
    );
  } else if (state === 'error') {
    hero = (
      <Hero art={mascotOops} title={t('check.error')} testId="order-check" state="error">
        <Button onClick={() => void run()}>{t('retry')}</Button>
      </Hero>
    );
  } else if (state === 'success' && order) {
    hero = (
      <Hero
        art={mascotWelcome}
        title={t('check.success')}
        text={`${t('check.successHint', { title: order.title })}${
          order.right_expire_time
            ? ` · ${t('receipt.validUntil')} ${untilDate(order.right_expire_time)}`
            : ''
        }`}
        testId="order-check"
        state="success"
      >
        <Button size="large" onClick={() => void go('/library')}>
          {t('goRead')}
        </Button>
      </Hero>
    );
  } else if (order?.status === 'closed' || order?.status === 'refunded') {
    const kind =
      order.status === 'closed' && order.close_reason === 'cancelled'
        ? (order.receipt?.refunded_amount ?? 0) > 0
          ? 'cancelledReturned'
          : 'cancelledByYou'
        : order.status;
    hero = (
      <Hero
        art={mascotSlow}
        title={t(`check.${kind}`)}
        text={t(`check.${kind}Hint`)}
        testId="order-check"
        state="exception"
      >
        <Button onClick={() => void go(`/parents/store?productId=${order.product_id}`)}>
          {t('orderAgain')}
        </Button>
        {helpButton}
      </Hero>
    );
  } else {
    hero = (
      <Hero
        art={mascotSlow}
        title={order?.status === 'created' ? t('check.unpaid') : t('check.exception')}
        text={t('check.exceptionHint')}
        testId="order-check"
        state="exception"
      >
        {order?.status === 'created' && (
          <Button
            isLoading={purchase.isPending}
            onClick={() => void purchase.resume(order.id)}
            data-testid="order-continue"
          >
            {t('payAgain')}
          </Button>
        )}
        <Button variant="sky" onClick={() => void run()}>
          {t('checkAgain')}
        </Button>
        {order && isCancellable({ status: order.status, payMethod: order.pay_method }) && (
          <Button
            variant="secondary"
            disabled={purchase.isPending}
            onClick={() => void purchase.cancel(order.id).then(() => run())}
            data-testid="order-cancel"
          >
            {t('cancelOrder')}
          </Button>
        )}
        {helpButton}
      </Hero>
    );
  }
  return (
    <div className={styles.page} data-testid="order-result">
      {hero}
      {order && state !== 'pending' && <Receipt order={order} />}
      <PurchaseLayers purchase={purchase} />
    </div>
  );
}
