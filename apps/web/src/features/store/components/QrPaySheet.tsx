import type { TCreateOrderResult } from '@picbook/contracts';
import { formatYuanExact } from '@picbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQrCode } from '../../../shared/qr/qr-code';
import { api } from '../../../shared/request/api';
import { chinaTime } from '../../../shared/startup/membership';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import styles from './QrPaySheet.module.css';

/**
 * The QR code to scan with the payment app. While it shows, the order is looked at every 3 s, so
 * a payment made on the phone moves on to the result by itself. The development sandbox also
 * offers its cashier page on this device. 取消订单 closes the order (here and at the provider);
 * the ✕ only hides the sheet — the order waits, and the next pay tap offers to continue it.
 */
export function QrPaySheet({
  created,
  onPaid,
  onClose,
  onCancel,
}: {
  created: TCreateOrderResult;
  onPaid: () => void;
  onClose: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('store');
  const pay = created.pay;
  const code = pay.kind === 'qr' ? pay.code_url : '';
  const qr = useQrCode(code);
  const watch = useQuery({
    queryKey: ['store', 'watch', created.order.id],
    queryFn: () => api('order', { params: { id: created.order.id } }, { silent: true }),
    refetchInterval: 3000,
  });
  useEffect(() => {
    if (watch.data?.status === 'fulfilled' || watch.data?.status === 'paid') onPaid();
  }, [watch.data?.status, onPaid]);
  if (pay.kind !== 'qr') return null;
  const app = t(`apps.${created.order.pay_method}`);
  return (
    <Dialog title={t('qrTitle')} onClose={onClose} testId="qr-pay-sheet">
      <div className={styles.body}>
        <div className={styles.expire}>{t('qrHint', { app })}</div>
        {qr ? (
          <img className={styles.qr} src={qr} alt={t('qrHint', { app })} />
        ) : (
          <div className={styles.qr} aria-hidden="true" />
        )}
        <div className={styles.amount}>
          {t('qrAmount', { price: formatYuanExact(created.order.amount) })}
        </div>
        <div className={styles.title}>{created.order.title}</div>
        <div className={styles.expire}>
          {t('qrExpire', { time: chinaTime(created.order.expire_time).slice(11) })}
        </div>
        {pay.cashier_url && (
          <a className={styles.cashier} href={pay.cashier_url} data-testid="open-cashier">
            {t('openCashier')}
          </a>
        )}
        <div className={styles.actions} data-dialog-actions>
          <Button variant="secondary" onClick={onCancel} data-testid="qr-cancel">
            {t('cancelOrder')}
          </Button>
          <Button variant="sky" onClick={onPaid}>
            {t('paidDone')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
