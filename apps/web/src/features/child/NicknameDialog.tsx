import {
  clampNickname,
  NICKNAME_MAX_UNITS,
  nicknameUnits,
  validateNickname,
} from '@picbook/domain';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import styles from './NicknameDialog.module.css';

export interface NicknameDialogProps {
  initial: string;
  /** First setup: the button says 确定 and there is no way to close without a nickname. */
  isFirstSetup: boolean;
  /** Saves the trimmed nickname; a rejection keeps the dialog open (the caller shows why). */
  onSave(nickname: string): Promise<void>;
  onClose(): void;
}

/** Spec §2 "edit nickname": one text input and a submit button. */
export function NicknameDialog({ initial, isFirstSetup, onSave, onClose }: NicknameDialogProps) {
  const { t } = useTranslation('child');
  const inputId = useId();
  const [nickname, setNickname] = useState(initial);
  const [isSaving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const shownCount = Math.ceil(nicknameUnits(nickname) / 2);
  const isFull = nicknameUnits(nickname) >= NICKNAME_MAX_UNITS;

  // More than 16 characters typed or pasted is cut to 16 (the counter never passes 16/16), and
  // the parent is told why. While an input method composes, the text is left alone.
  const keep = (value: string) => {
    const kept = clampNickname(value);
    if (kept !== value) toast.warning(t('validation.nicknameTooLong'));
    setNickname(kept);
  };
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if ((event.nativeEvent as InputEvent).isComposing) setNickname(event.target.value);
    else keep(event.target.value);
  };

  // The parent opened this to type: focus the field with the caret after the current name.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.focus({ preventScroll: true });
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (savingRef.current) return;
    const problem = validateNickname(nickname);
    if (problem === 'nicknameEmpty' || problem === 'nicknameTooLong') {
      toast.warning(t(`validation.${problem}`));
      return;
    }
    savingRef.current = true;
    setSaving(true);
    try {
      await onSave(nickname.trim());
    } catch {
      // The caller has shown the reason; the nickname stays editable.
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  const label = isSaving
    ? t('nickname.saving')
    : isFirstSetup
      ? t('nickname.confirm')
      : t('nickname.submit');

  return (
    <Dialog
      title={t('nickname.title')}
      onClose={isFirstSetup || isSaving ? undefined : onClose}
      testId="nickname-dialog"
    >
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <label className={styles.label} htmlFor={inputId}>
          {t('nickname.label')}
        </label>
        <div className={styles.inputRow}>
          <input
            ref={inputRef}
            id={inputId}
            className={styles.input}
            type="text"
            value={nickname}
            placeholder={t('nickname.placeholder')}
            maxLength={NICKNAME_MAX_UNITS}
            onCompositionEnd={(e) => keep(e.currentTarget.value)}
            autoComplete="off"
            enterKeyHint="done"
            disabled={isSaving}
            onChange={handleChange}
          />
          <span className={`${styles.counter} ${isFull ? styles.over : ''}`} aria-hidden="true">
            {t('nickname.counter', { count: shownCount })}
          </span>
        </div>
        <div className={styles.actions} data-dialog-actions>
          {!isFirstSetup && (
            <Button
              type="button"
              variant="secondary"
              size="large"
              block
              disabled={isSaving}
              onClick={onClose}
            >
              {t('nickname.cancel')}
            </Button>
          )}
          <Button type="submit" size="large" block isLoading={isSaving}>
            {label}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
