import type { TPointsOrder } from '@picbook/contracts';
import { POINTS_TOAST_MS } from '@picbook/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format/time';
import { api } from '../../../shared/request/api';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import styles from '../Points.module.css';
import { refreshPoints } from '../points-queries';

type CancelState = 'initial' | 'asking' | 'pending' | 'done' | 'error';

/** One exchange: what, when, where to, shipping; cancel (§4: pending, then done or error). */
export function OrderDialog({ order, onClose }: { order: TPointsOrder; onClose: () => void }) {
  const { t } = useTranslation('points');
  const [state, setState] = useState<CancelState>('initial');
  const [shown, setShown] = useState(order);
  const handleCancel = async () => {
    setState('pending');
    try {
      const answer = await api('cancelOrder', { body: { order_id: order.order_id } });
      setShown(answer.order);
      setState('done');
      toast.success(t('order.cancelled', { n: order.points }), POINTS_TOAST_MS);
      void refreshPoints();
    } catch {
      setState('error');
    }
  };
  const status = t(`order.status.${shown.status}` as 'order.status.1');
  return (
    <Dialog
      title={t('order.title')}
      onClose={state === 'pending' ? undefined : onClose}
      testId="order-dialog"
      actions={
        <>
          {shown.can_cancel && state !== 'asking' && state !== 'pending' && (
            <Button variant="secondary" block onClick={() => setState('asking')}>
              {t('order.cancel')}
            </Button>
          )}
          {shown.can_cancel && (state === 'asking' || state === 'pending') && (
            <>
              {/* The question stays with its answers, in view however long the order is. */}
              <p className={styles.ask}>{t('order.cancelAsk', { n: shown.points })}</p>
              <Button
                variant="secondary"
                disabled={state === 'pending'}
                onClick={() => setState('initial')}
              >
                {t('exchange.cancel')}
              </Button>
              <Button isLoading={state === 'pending'} onClick={() => void handleCancel()}>
                {t('order.cancelYes')}
              </Button>
            </>
          )}
          <Button block variant="ghost" onClick={onClose} disabled={state === 'pending'}>
            {t('order.close')}
          </Button>
        </>
      }
    >
      <div className={styles.dialogBody}>
        <div className={styles.row}>
          <strong>{shown.title}</strong>
          <span data-testid="order-status">{status}</span>
        </div>
        <div className={styles.row}>
          <span>{t('goods.spec')}</span>
          <span>{shown.sku_title}</span>
        </div>
        <div className={styles.row}>
          <span>{t('order.points')}</span>
          <span>{shown.points}</span>
        </div>
        <div className={styles.row}>
          <span>{t('order.number')}</span>
          <span>{shown.order_id}</span>
        </div>
        <div className={styles.row}>
          <span>{t('order.time')}</span>
          <span>{formatTime(shown.create_time)}</span>
        </div>
        {shown.address && (
          <div className={styles.row}>
            <span>{t('order.address')}</span>
            <span>
              {shown.address.name} {shown.address.phone}
              <br />
              {shown.address.region} {shown.address.street}
            </span>
          </div>
        )}
        {shown.tracking_no && (
          <div className={styles.row}>
            <span>{t('order.shipping')}</span>
            <span>
              {shown.carrier} {shown.tracking_no}
            </span>
          </div>
        )}
      </div>
    </Dialog>
  );
}
