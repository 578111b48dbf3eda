import type { TConfigs } from '@picbook/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import styles from './ChildInfoDialog.module.css';
import {
  BIRTHDAY_MIN,
  type ChildForm,
  chinaToday,
  type Gender,
  validateChildForm,
} from './child-form';

/** The guardian notice the consent box refers to (served by the server from content/legal). */
export const CHILDREN_PRIVACY_URL = '/legal/children-privacy.html';

export interface ChildInfoDialogProps {
  configs: TConfigs;
  form: ChildForm;
  onChange(patch: Partial<ChildForm>): void;
  hasConsent: boolean;
  onConsentChange(hasConsent: boolean): void;
  /** Opens the nickname dialog. */
  onEditNickname(): void;
  /** Called once the form is valid and consent is given. */
  onNext(): void;
  /** Editing later (parents' center): the dialog can be closed without saving. */
  onClose?: () => void;
}

/** Spec §2 child-info step (a): nickname, birthday, gender, region and guardian consent. */
export function ChildInfoDialog({
  configs,
  form,
  onChange,
  hasConsent,
  onConsentChange,
  onEditNickname,
  onNext,
  onClose,
}: ChildInfoDialogProps) {
  const { t, i18n } = useTranslation('child');
  const today = chinaToday();
  const [consentNudge, setConsentNudge] = useState(0);

  // The nudge animation plays once per refused tap, then the highlight fades.
  useEffect(() => {
    if (!consentNudge) return;
    const timer = setTimeout(() => setConsentNudge(0), 1600);
    return () => clearTimeout(timer);
  }, [consentNudge]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateChildForm(form, today);
    if (problem) {
      toast.warning(t(`validation.${problem}`));
      return;
    }
    if (!hasConsent) {
      toast.warning(t('info.consentRequired'));
      setConsentNudge((n) => n + 1);
      return;
    }
    onNext();
  };

  const genders: { value: Gender; label: string; art: string | undefined }[] = [
    { value: 1, label: t('info.boy'), art: configs.avatars.boy[0] },
    { value: 2, label: t('info.girl'), art: configs.avatars.girl[0] },
  ];

  return (
    <Dialog title={t('info.title')} wide testId="child-info-dialog" onClose={onClose}>
      <form className={styles.form} lang={i18n.language} onSubmit={handleSubmit} noValidate>
        <div className={styles.grid}>
          <div className={styles.fields}>
            <button type="button" className={styles.row} onClick={onEditNickname}>
              <span className={styles.rowLabel}>{t('info.nickname')}</span>
              <span className={styles.nickname} data-testid="child-nickname">
                {form.nickname}
              </span>
              <span className={styles.editPill} aria-hidden="true">
                <PencilIcon />
                {t('info.editNickname')}
              </span>
            </button>
            <label className={styles.row}>
              <span className={styles.rowLabel}>{t('info.birthday')}</span>
              <input
                className={styles.control}
                type="date"
                value={form.birthday}
                min={BIRTHDAY_MIN}
                max={today}
                required
                onChange={(e) => onChange({ birthday: e.target.value })}
              />
            </label>
            <label className={styles.row}>
              <span className={styles.rowLabel}>{t('info.region')}</span>
              <select
                className={`${styles.control} ${styles.select}`}
                value={form.region}
                onChange={(e) => onChange({ region: Number(e.target.value) })}
              >
                {configs.regions.map((region) => (
                  <option key={region.id} value={region.id}>
                    {region.name}
                  </option>
                ))}
              </select>
              <ChevronDownIcon />
            </label>
          </div>
          <fieldset className={styles.genders}>
            <legend className="visually-hidden">{t('info.gender')}</legend>
            {genders.map((gender) => (
              <label
                key={gender.value}
                className={`${styles.genderTile} ${gender.value === 1 ? styles.boy : styles.girl}`}
                data-checked={form.gender === gender.value || undefined}
              >
                <input
                  className="visually-hidden"
                  type="radio"
                  name="child-gender"
                  value={gender.value}
                  checked={form.gender === gender.value}
                  onChange={() => onChange({ gender: gender.value })}
                />
                {gender.art && <img className={styles.genderArt} src={gender.art} alt="" />}
                <span className={styles.genderLabel}>{gender.label}</span>
                <span className={styles.check} aria-hidden="true">
                  ✓
                </span>
              </label>
            ))}
          </fieldset>
        </div>
        <div className={styles.footer} data-dialog-actions>
          <label
            key={consentNudge}
            className={`${styles.consent} ${consentNudge ? styles.nudge : ''}`}
            data-testid="child-consent"
          >
            <input
              className={styles.checkbox}
              type="checkbox"
              checked={hasConsent}
              onChange={(e) => onConsentChange(e.target.checked)}
            />
            <span className={styles.box} aria-hidden="true">
              ✓
            </span>
            <span className={styles.consentText}>
              {t('info.consentBefore')}
              <a href={CHILDREN_PRIVACY_URL} target="_blank" rel="noopener noreferrer">
                {t('info.consentDocument')}
              </a>
              {t('info.consentAfter')}
            </span>
          </label>
          <Button type="submit" size="large" className={styles.next}>
            {t('info.next')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function PencilIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
      <path
        d="M4 20h4L19 9l-4-4L4 16v4Zm11-15 4 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ChevronDownIcon() {
  return (
    <svg className={styles.chevron} viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="m6 9 6 6 6-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
