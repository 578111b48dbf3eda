import type { TCreateOrderResult, TPayMethod } from '@picbook/contracts';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../app/navigation/app-navigate';
import { toast } from '../../shared/toast/toast-store';
import { newAttemptKey, payInApp, startOrder } from './pay';

/**
 * A purchase from a product and a payment method: the order (one per attempt — a double tap
 * sends the same key), then the way to pay it — a QR sheet, the provider's page, or the native
 * in-app purchase — and finally `resultPath(order)` (the §4 check).
 */
export function usePurchase(options: {
  resultPath: (orderId: string) => string;
  client?: 'qr' | 'h5';
  promo?: string | undefined;
}) {
  const { t } = useTranslation('store');
  const { go } = useAppNavigate();
  const [isPending, setPending] = useState(false);
  const [sheet, setSheet] = useState<TCreateOrderResult | null>(null);
  const attempt = useRef<{ id: string; key: string } | null>(null);
  const { resultPath, client, promo } = options;

  const toResult = useCallback((orderId: string) => void go(resultPath(orderId)), [go, resultPath]);

  const buy = useCallback(
    async (productId: string, method: TPayMethod) => {
      const id = `${productId}:${method}`;
      if (attempt.current?.id !== id) attempt.current = { id, key: newAttemptKey() };
      setPending(true);
      try {
        const created = await startOrder({
          productId,
          method,
          key: attempt.current.key,
          client,
          promo,
        });
        // A finished attempt: the next tap is a new purchase.
        attempt.current = null;
        if (created.pay.kind === 'qr') setSheet(created);
        else if (created.pay.kind === 'redirect') window.location.assign(created.pay.url);
        else {
          const order = await payInApp(created);
          if (order) toResult(order.id);
          else toast.info(t('payFailed'));
        }
      } catch {
        // The request layer showed the error; the same attempt may be tried again.
      } finally {
        setPending(false);
      }
    },
    [client, promo, t, toResult],
  );

  return {
    buy,
    isPending,
    sheet,
    closeSheet: () => setSheet(null),
    sheetPaid: () => {
      if (sheet) toResult(sheet.order.id);
    },
  };
}
