import type { TCreateOrderResult, TOrder, TPayMethod } from '@picbook/contracts';
import { pendingOrderFor } from '@picbook/domain';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../shared/navigation/app-navigate';
import { api } from '../../shared/request/api';
import { queryClient } from '../../shared/request/query-client';
import { isRequestError } from '../../shared/request/request-error';
import { toast } from '../../shared/toast/toast-store';
import { newAttemptKey, payClient, payInApp, startOrder } from './pay';
import { storeKeys } from './store-queries';

/** An unpaid order of the goods the parent is about to buy again (decision 093). */
export interface PendingOffer {
  order: TOrder;
  method: TPayMethod;
}

/** The family's newest unpaid order of these goods, or null (a failed look never blocks a purchase). */
async function findPendingOrder(productId: string): Promise<TOrder | null> {
  const page = await api('orders', { query: { page: 1, page_size: 20 } }, { silent: true }).catch(
    () => null,
  );
  return page ? pendingOrderFor(page.list, productId, Date.now() / 1000) : null;
}

/**
 * A purchase from a product and a payment method: the order (one per attempt — a double tap
 * sends the same key), then the way to pay it — a QR sheet, the provider's page, or the native
 * in-app purchase — and finally `resultPath(order)` (the §4 check). An unpaid order of the same
 * goods is offered first (continue it, or cancel it and order anew); `resume` continues an order
 * (the same order number) and `cancel` closes one here and at the provider (decision 093).
 */
export function usePurchase(options: {
  resultPath: (orderId: string) => string;
  client?: 'qr' | 'h5';
  promo?: string | undefined;
  /** What a payment seen on the QR sheet does; by default the order's result page opens. */
  onPaid?: (orderId: string) => void;
}) {
  const { t } = useTranslation('store');
  const { go } = useAppNavigate();
  const [isPending, setPending] = useState(false);
  const [sheet, setSheet] = useState<TCreateOrderResult | null>(null);
  const [offer, setOffer] = useState<PendingOffer | null>(null);
  const attempt = useRef<{ id: string; key: string } | null>(null);
  const busy = useRef(false);
  const { resultPath, client, promo, onPaid } = options;

  const toResult = useCallback((orderId: string) => void go(resultPath(orderId)), [go, resultPath]);

  /** Shows how to pay an order the server answered (new or continued). */
  const present = useCallback(
    async (created: TCreateOrderResult) => {
      if (created.pay.kind === 'qr') setSheet(created);
      else if (created.pay.kind === 'redirect') window.location.assign(created.pay.url);
      else {
        const order = await payInApp(created);
        if (order) toResult(order.id);
        else toast.info(t('payFailed'));
      }
    },
    [t, toResult],
  );

  const startNew = useCallback(
    async (productId: string, method: TPayMethod) => {
      const id = `${productId}:${method}`;
      if (attempt.current?.id !== id) attempt.current = { id, key: newAttemptKey() };
      const created = await startOrder({
        productId,
        method,
        key: attempt.current.key,
        client,
        promo,
      });
      // A finished attempt: the next tap is a new purchase.
      attempt.current = null;
      // The new 待支付 order shows in the lists at once.
      void queryClient.invalidateQueries({ queryKey: storeKeys.orders() });
      await present(created);
    },
    [client, promo, present],
  );

  /** Runs one step with the pay buttons busy; a second tap meanwhile is ignored. */
  const step = useCallback(async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await work();
    } catch {
      // The request layer showed the error; the same attempt may be tried again.
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);

  const buy = useCallback(
    (productId: string, method: TPayMethod) =>
      step(async () => {
        const waiting = await findPendingOrder(productId);
        if (waiting) setOffer({ order: waiting, method });
        else await startNew(productId, method);
      }),
    [step, startNew],
  );

  /** Continue paying an unpaid order: the same order number, never a new order. */
  const resume = useCallback(
    (orderId: string) =>
      step(async () => {
        const created = await api('continueOrder', {
          params: { id: orderId },
          body: { client: client ?? payClient() },
        });
        setOffer(null);
        await present(created);
      }),
    [client, present, step],
  );

  /**
   * Cancels an unpaid order (closed here and at the provider). Answers the closed order, or null:
   * when the family had paid meanwhile (10400) the order's result opens instead.
   */
  const cancel = useCallback(
    async (orderId: string): Promise<TOrder | null> => {
      try {
        const order = await api('cancelStoreOrder', { params: { id: orderId } });
        toast.success(t('cancelled'));
        return order;
      } catch (error) {
        if (isRequestError(error) && error.code === 10400) toResult(orderId);
        return null;
      } finally {
        void queryClient.invalidateQueries({ queryKey: storeKeys.all });
      }
    },
    [t, toResult],
  );

  /** The offer's other way: cancel the waiting order, then order anew. */
  const replacePending = useCallback(
    () =>
      step(async () => {
        if (!offer) return;
        const closed = await cancel(offer.order.id);
        setOffer(null);
        if (closed) await startNew(offer.order.product_id, offer.method);
      }),
    [cancel, offer, startNew, step],
  );

  return {
    buy,
    resume,
    cancel,
    isPending,
    sheet,
    offer,
    dismissOffer: () => setOffer(null),
    continueOffer: () => (offer ? resume(offer.order.id) : Promise.resolve()),
    replacePending,
    closeSheet: () => setSheet(null),
    /** The QR sheet's 取消订单: the order closes and the sheet goes. */
    cancelSheet: async () => {
      if (!sheet) return;
      const id = sheet.order.id;
      setSheet(null);
      await cancel(id);
    },
    sheetPaid: () => {
      if (!sheet) return;
      if (onPaid) {
        setSheet(null);
        onPaid(sheet.order.id);
      } else toResult(sheet.order.id);
    },
  };
}
