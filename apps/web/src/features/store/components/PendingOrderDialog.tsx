import type { TOrder } from '@picbook/contracts';
import { formatYuanExact } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import { chinaTime } from '../../../shared/startup/membership';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import styles from './PendingOrderDialog.module.css';

/**
 * A pay tap while an unpaid order of the same goods still waits (decision 093): continue that
 * order (the same order number), or cancel it and order anew — never a second order unasked.
 */
export function PendingOrderDialog({
  order,
  isBusy,
  onContinue,
  onReplace,
  onClose,
}: {
  order: TOrder;
  isBusy: boolean;
  onContinue: () => void;
  onReplace: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('store');
  return (
    <Dialog title={t('pending.title')} onClose={onClose} testId="pending-order">
      <div className={styles.body}>
        <p className={styles.hint}>{t('pending.hint')}</p>
        <div className={styles.order}>
          <span className={styles.title}>{order.title}</span>
          <span className={styles.amount}>¥{formatYuanExact(order.amount)}</span>
          <span className={styles.meta}>
            {t('pending.number', { id: order.id })}
            <br />
            {t('qrExpire', { time: chinaTime(order.expire_time).slice(11) })}
          </span>
        </div>
        <div className={styles.actions} data-dialog-actions>
          <Button
            size="large"
            block
            isLoading={isBusy}
            onClick={onContinue}
            data-testid="pending-continue"
          >
            {t('payAgain')}
          </Button>
          <Button
            variant="ghost"
            block
            disabled={isBusy}
            onClick={onReplace}
            data-testid="pending-replace"
          >
            {t('pending.replace')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
