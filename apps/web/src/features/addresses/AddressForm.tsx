import type { TAddress } from '@picbook/contracts';
import { checkAddress, sanitizePhone } from '@picbook/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRequestError } from '../../shared/request/request-error';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import { Field } from '../../shared/ui/Field';
import styles from './Addresses.module.css';
import { useRegions, useSaveAddress } from './addresses-queries';

type FieldName = 'name' | 'phone' | 'street' | 'region';

/**
 * New or changed delivery address: name, phone, province → city → county from the mainland tree,
 * street. The rules of @picbook/domain run first; the server's field errors land on the field.
 */
export function AddressForm({
  initial,
  onSaved,
}: {
  initial?: TAddress;
  onSaved: (address: TAddress) => void;
}) {
  const { t } = useTranslation('addresses');
  const { data: regions } = useRegions();
  const save = useSaveAddress();
  const [form, setForm] = useState({
    name: initial?.name ?? '',
    phone: initial?.phone ?? '',
    province_code: initial?.province_code ?? '',
    city_code: initial?.city_code ?? '',
    county_code: initial?.county_code ?? '',
    street: initial?.street ?? '',
    is_default: initial?.is_default ?? 0,
  });
  const [error, setError] = useState<{ field: FieldName; message: string } | null>(null);
  const provinces = regions?.list ?? [];
  const cities = provinces.find((p) => p.province_code === form.province_code)?.cities ?? [];
  const counties = cities.find((c) => c.city_code === form.city_code)?.counties ?? [];
  const set = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError(null);
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = checkAddress(form);
    if (problem) return setError(problem);
    if (!form.county_code) return setError({ field: 'region', message: t('regionRequired') });
    try {
      const saved = await save.mutateAsync({
        ...form,
        ...(initial ? { address_id: initial.address_id } : {}),
      });
      toast.success(t('saved'));
      onSaved(saved);
    } catch (err) {
      const field = isRequestError(err) ? (err.data?.field as string | undefined) : undefined;
      const message = isRequestError(err) ? err.message : '';
      if (field) {
        setError({ field: field.endsWith('_code') ? 'region' : (field as FieldName), message });
      } else if (message) toast.error(message);
    }
  };

  const errorOf = (field: FieldName) =>
    error?.field === field ? (
      <p className={styles.error} role="alert">
        {error.message}
      </p>
    ) : null;

  return (
    <form
      className={styles.form}
      onSubmit={(e) => void handleSubmit(e)}
      data-testid="address-form"
      noValidate
    >
      <Field label={t('name')}>
        <input
          type="text"
          name="name"
          value={form.name}
          placeholder={t('namePlaceholder')}
          maxLength={20}
          onChange={(e) => set({ name: e.target.value })}
        />
      </Field>
      {errorOf('name')}
      <Field label={t('phone')}>
        <input
          type="tel"
          name="phone"
          inputMode="numeric"
          value={form.phone}
          placeholder={t('phonePlaceholder')}
          maxLength={11}
          onChange={(e) => set({ phone: sanitizePhone(e.target.value) })}
        />
      </Field>
      {errorOf('phone')}
      <div className={styles.regions}>
        <label className={styles.regionField}>
          {t('province')}
          <select
            name="province"
            value={form.province_code}
            onChange={(e) => set({ province_code: e.target.value, city_code: '', county_code: '' })}
          >
            <option value="">{t('pick')}</option>
            {provinces.map((p) => (
              <option key={p.province_code} value={p.province_code}>
                {p.province_name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.regionField}>
          {t('city')}
          <select
            name="city"
            value={form.city_code}
            disabled={cities.length === 0}
            onChange={(e) => set({ city_code: e.target.value, county_code: '' })}
          >
            <option value="">{t('pick')}</option>
            {cities.map((c) => (
              <option key={c.city_code} value={c.city_code}>
                {c.city_name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.regionField}>
          {t('county')}
          <select
            name="county"
            value={form.county_code}
            disabled={counties.length === 0}
            onChange={(e) => set({ county_code: e.target.value })}
          >
            <option value="">{t('pick')}</option>
            {counties.map((c) => (
              <option key={c.county_code} value={c.county_code}>
                {c.county_name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {errorOf('region')}
      <Field label={t('street')}>
        <input
          type="text"
          name="street"
          value={form.street}
          placeholder={t('streetPlaceholder')}
          maxLength={80}
          onChange={(e) => set({ street: e.target.value })}
        />
      </Field>
      {errorOf('street')}
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={form.is_default === 1}
          onChange={(e) => set({ is_default: e.target.checked ? 1 : 0 })}
        />
        {t('setDefault')}
      </label>
      <div data-dialog-actions>
        <Button type="submit" block isLoading={save.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
