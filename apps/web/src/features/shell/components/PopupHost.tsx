import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLoginLayer } from '../../../shared/session/login-layer';
import { setDeviceSetting } from '../../../shared/settings/device-settings';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import welcome from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { closePopup, findPopup, type ShownPopup, usePopups } from '../popup-store';
import { useEntrance } from '../use-entrance';
import { EyeShieldScreen } from './EyeShieldScreen';

/**
 * The code that subscribes to push is a chunk of its own (decision 106): fetched when the push
 * popup shows, so the tap that allows push finds it in.
 */
const loadEnablePush = () => import('../../../shared/push/enable-push');

import styles from './Shell.module.css';

/** Shows the popup the scheduler (or an entrance) chose; one at a time. */
export function PopupHost() {
  const current = usePopups((s) => s.current);
  if (!current) return null;
  if (current.kind === 'eyeShield') return <EyeShieldScreen onDone={() => closePopup()} />;
  return <PopupDialog popup={current} />;
}

function PopupDialog({ popup }: { popup: ShownPopup }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const runEntrance = useEntrance();
  const userId = useStartup((s) => s.user?.id);
  const close = () => closePopup();
  const body = (text: string, image = welcome) => (
    <div className={styles.popupBody}>
      <img className={styles.popupArt} src={image} alt="" />
      <p className={styles.popupText}>{text}</p>
    </div>
  );

  if (popup.kind === 'registerSuccess') {
    return (
      <Dialog
        title={t('popup.registerTitle')}
        onClose={close}
        testId="popup-register-success"
        actions={
          <Button block size="large" onClick={close}>
            {t('popup.registerButton')}
          </Button>
        }
      >
        {body(t('popup.registerText'))}
      </Dialog>
    );
  }
  if (popup.kind === 'visitorLogin') {
    return (
      <Dialog title={t('popup.visitorTitle')} onClose={close} testId="popup-visitor-login">
        {body(t('popup.visitorText'))}
        <div className={styles.popupActions} data-dialog-actions>
          <Button variant="secondary" onClick={close}>
            {t('popup.later')}
          </Button>
          <Button
            onClick={() => {
              close();
              useLoginLayer.getState().open();
            }}
          >
            {t('popup.visitorLogin')}
          </Button>
        </div>
      </Dialog>
    );
  }
  if (popup.kind === 'readCamp' || popup.popupId === -2) {
    return (
      <Dialog
        title={t('popup.readCampTitle')}
        onClose={close}
        testId="popup-read-camp"
        actions={
          <Button
            block
            size="large"
            onClick={() => {
              close();
              void navigate('/mission/trainingCamp');
            }}
          >
            {t('popup.readCampJoin')}
          </Button>
        }
      >
        {body(t('popup.readCampText'))}
      </Dialog>
    );
  }
  if (popup.kind === 'push') {
    void loadEnablePush();
    return (
      <Dialog
        title={t('popup.pushTitle')}
        onClose={close}
        testId="popup-push"
        actions={
          <Button
            block
            size="large"
            onClick={async () => {
              close();
              // The shell's authorisation (its token) or the browser's permission and subscription.
              const result = await (await loadEnablePush()).enablePush();
              if (result === 'subscribed' && userId !== undefined) {
                setDeviceSetting('push_authorised', userId, '1');
              }
            }}
          >
            {t('popup.pushButton')}
          </Button>
        }
      >
        {body(t('popup.pushText'))}
      </Dialog>
    );
  }
  if (popup.popupId === -1) {
    return (
      <Dialog title={t('popup.officialTitle')} onClose={close} testId="popup-official-accounts">
        {body(t('popup.officialText'))}
      </Dialog>
    );
  }
  const entry = popup.popupId !== undefined ? findPopup(popup.popupId) : null;
  if (!entry) return null;
  return (
    <Dialog
      title={entry.title}
      onClose={close}
      testId="popup-activity"
      actions={
        entry.action && (
          <Button
            block
            size="large"
            onClick={() => {
              close();
              if (entry.action) runEntrance(entry.action);
            }}
          >
            {entry.button || t('popup.open')}
          </Button>
        )
      }
    >
      {body(entry.text ?? '', entry.image || welcome)}
    </Dialog>
  );
}
