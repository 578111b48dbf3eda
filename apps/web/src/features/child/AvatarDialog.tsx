import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { AvatarCarousel } from './AvatarCarousel';
import styles from './AvatarDialog.module.css';

export interface AvatarDialogProps {
  /** In display order (see `avatarOrder`). */
  avatars: readonly string[];
  index: number;
  onIndexChange(index: number): void;
  /** Shown under the carousel so the child sees the name beside the face. */
  nickname?: string;
  isSaving: boolean;
  onConfirm(): void;
  /** Back to the previous step (first setup); hidden when omitted. */
  onBack?: () => void;
  /** Omit during the first setup: there is no close option then (spec §2). */
  onClose?: () => void;
}

/** Spec §2 avatar selection: a swipeable carousel and a confirm button. */
export function AvatarDialog({
  avatars,
  index,
  onIndexChange,
  nickname,
  isSaving,
  onConfirm,
  onBack,
  onClose,
}: AvatarDialogProps) {
  const { t } = useTranslation('child');
  return (
    <Dialog
      title={t('avatar.title')}
      wide
      onClose={isSaving ? undefined : onClose}
      testId="avatar-dialog"
    >
      <AvatarCarousel
        avatars={avatars}
        index={index}
        onIndexChange={onIndexChange}
        isDisabled={isSaving}
      />
      {nickname && <p className={styles.nickname}>{nickname}</p>}
      <div className={styles.actions} data-dialog-actions>
        {onBack && (
          <Button variant="secondary" disabled={isSaving} onClick={onBack}>
            {t('avatar.back')}
          </Button>
        )}
        <Button size="large" className={styles.confirm} isLoading={isSaving} onClick={onConfirm}>
          {isSaving ? t('avatar.saving') : t('avatar.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
