import { isUnsupportedApp } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import { downloadApp } from '../../../shared/bridge/native-actions';
import { appEnv } from '../../../shared/platform/env';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import styles from './Shell.module.css';

/** §8: a native shell older than the lowest supported version must update (no way past it). */
export function UnsupportedAppDialog() {
  const { t } = useTranslation('shell');
  const env = appEnv();
  if (!isUnsupportedApp(env)) return null;
  const handleUpdate = async () => {
    const result = await downloadApp(env.channel);
    if (result.code !== 0) toast.error(t('update.failed'));
  };
  return (
    <Dialog
      title={t('update.title')}
      testId="unsupported-app"
      actions={
        <Button block size="large" onClick={() => void handleUpdate()}>
          {t('update.button')}
        </Button>
      }
    >
      <p className={styles.popupText}>{t('update.text')}</p>
    </Dialog>
  );
}
