import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { useAfterLoadIdle } from '../../../shared/platform/idle';
import { api } from '../../../shared/request/api';
import { Button } from '../../../shared/ui/Button';
import footprintIcon from '../icons/footprint.svg';
import { missionKeys } from '../missions-queries';
import styles from './GrowthEntry.module.css';

/** The way into /mission/growth, with how many rewards wait (GET /missions/hints). */
export function GrowthEntry({ className }: { className?: string }) {
  const { t } = useTranslation('missions');
  const { go } = useAppNavigate();
  const hints = useQuery({
    queryKey: [...missionKeys.all, 'hints'],
    queryFn: () => api('missionHints', undefined, { silent: true }),
    // The badge's count waits for the opening page to load (decision 111).
    enabled: useAfterLoadIdle(),
  });
  const waiting = hints.data?.hints ?? 0;
  return (
    <Button
      variant="secondary"
      className={className}
      icon={<img className={styles.icon} src={footprintIcon} alt="" />}
      onClick={() => void go('/mission/growth')}
      data-testid="growth-entry"
    >
      {t('title')}
      {waiting > 0 && (
        <span className={styles.badge} data-testid="growth-entry-badge">
          {waiting}
        </span>
      )}
    </Button>
  );
}
