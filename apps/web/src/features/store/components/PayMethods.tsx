import type { TPayMethod } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import styles from './PayMethods.module.css';

const COLORS: Record<TPayMethod, string> = {
  wechat: '#07C160',
  alipay: '#1677FF',
  apple: '#111111',
  huawei: '#CF0A2C',
};

/** The payment methods this device has; one is chosen. */
export function PayMethods({
  methods,
  value,
  onChange,
  isSandbox,
}: {
  methods: TPayMethod[];
  value: TPayMethod | null;
  onChange: (method: TPayMethod) => void;
  isSandbox: boolean;
}) {
  const { t } = useTranslation('store');
  return (
    <fieldset className={styles.methods}>
      <legend className={styles.legend}>{t('choose')}</legend>
      {methods.map((method) => (
        <label key={method} className={styles.method} data-testid={`method-${method}`}>
          <input
            type="radio"
            name="pay-method"
            checked={value === method}
            onChange={() => onChange(method)}
          />
          <span className={styles.dot} style={{ background: COLORS[method] }} aria-hidden="true" />
          <span className={styles.name}>{t(`methods.${method}`)}</span>
          {isSandbox && method === 'wechat' && (
            <span className={styles.tag}>{t('sandboxTag')}</span>
          )}
        </label>
      ))}
    </fieldset>
  );
}
