import type { TLoginOptions, TSmsAreas } from '@picbook/contracts';
import {
  isReservedCnNumber,
  sanitizeInviteCode,
  sanitizePhone,
  sanitizePin,
} from '@picbook/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { Field } from '../../../shared/ui/Field';
import { type AfterLogin, submitPhone, useLogin } from '../login-store';
import { Agreement } from './Agreement';
import styles from './LoginForms.module.css';
import { SmsButton } from './SmsButton';

/** Phone login/register (and the bind-phone form): country, phone, code, invite when needed. */
export function PhoneForm({
  areas,
  options,
  after,
  submitLabel,
}: {
  areas: TSmsAreas | undefined;
  options: TLoginOptions | undefined;
  after: AfterLogin;
  submitLabel: string;
}) {
  const { t } = useTranslation('auth');
  const form = useLogin((s) => s.form);
  const state = useLogin((s) => s.state);
  const setField = useLogin((s) => s.setField);
  // A friend's invitation link filled the code in: show it, so the family sees whose it is.
  const [cameWithInvite] = useState(() => form.inviteCode !== '');
  const isInviteMode =
    state === 'needInvite' ||
    state === 'invalidInvite' ||
    Boolean(options?.invite_required) ||
    cameWithInvite;
  const pinMax = isReservedCnNumber(form.abbr, form.phone) ? 8 : 4;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submitPhone(after, Boolean(options?.invite_required));
  };

  const handleCountry = (abbr: string) => {
    const area = areas?.list.find((a) => a.abbr === abbr);
    if (!area) return;
    setField('abbr', area.abbr);
    setField('nationCode', area.code);
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <div className={styles.row}>
        <Field className={styles.country}>
          <select
            aria-label={t('country')}
            value={form.abbr}
            onChange={(e) => handleCountry(e.target.value)}
          >
            {(areas?.list ?? [{ abbr: 'CN', code: '86', name: '中国大陆' }]).map((a) => (
              <option key={`${a.abbr}-${a.code}`} value={a.abbr}>
                +{a.code} {a.name}
              </option>
            ))}
          </select>
        </Field>
        <Field className={styles.grow}>
          <input
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={t('phonePlaceholder')}
            maxLength={form.abbr === 'CN' ? 11 : 15}
            value={form.phone}
            onChange={(e) => setField('phone', sanitizePhone(e.target.value))}
          />
        </Field>
      </div>
      <Field>
        <input
          name="pin"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('pinPlaceholder')}
          value={form.pin}
          onChange={(e) => setField('pin', sanitizePin(e.target.value, pinMax))}
        />
        <SmsButton
          abbr={form.abbr}
          nationCode={form.nationCode}
          phone={form.phone}
          isCodeDead={state === 'invalidSmsPIN'}
        />
      </Field>
      {isInviteMode && (
        <Field>
          <input
            name="invite"
            autoCapitalize="characters"
            placeholder={t('invitePlaceholder')}
            value={form.inviteCode}
            onChange={(e) => setField('inviteCode', sanitizeInviteCode(e.target.value))}
          />
        </Field>
      )}
      <Agreement legal={options?.legal} />
      <Button type="submit" size="large" block isLoading={state === 'pending'}>
        {submitLabel}
      </Button>
    </form>
  );
}
