import { GUEST_GIFT_CARD_MESSAGE, guestBlock } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { useLoginLayer } from '../../../shared/session/login-layer';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import styles from './LoginForms.module.css';

/**
 * Spec §5/§6: a guest on a path the login rules disable gets a login request; after logging in
 * the page continues (the user is no longer a guest), cancelling goes back.
 */
export function GuestBlock() {
  const { t } = useTranslation('auth');
  const { pathname } = useLocation();
  const { back } = useAppNavigate();
  const isGuest = useStartup((s) => s.user?.is_guest ?? false);
  const isLayerOpen = useLoginLayer((s) => s.isOpen);
  const block = isGuest ? guestBlock(pathname) : null;
  if (!block || isLayerOpen) return null;
  const message = block === 'giftCard' ? GUEST_GIFT_CARD_MESSAGE : t('loginRequired');
  return (
    <Dialog title={t('loginRequired')} testId="guest-block">
      <div className={styles.form}>
        <p className={styles.hint}>{message}</p>
        <Button
          size="large"
          block
          onClick={() => useLoginLayer.getState().open({ onCancel: () => void back() })}
        >
          {t('goLogin')}
        </Button>
        <Button variant="secondary" block onClick={() => void back()}>
          {t('cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
