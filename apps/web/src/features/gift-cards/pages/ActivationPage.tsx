import type { TGiftCodeCheck, TGiftRedeemResult } from '@picbook/contracts';
import { GIFT_CODE_LENGTH, parseGiftCode, validUntilDate } from '@picbook/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import { Field } from '../../../shared/ui/Field';
import styles from '../../../shared/ui/offers.module.css';
import { giftErrorMessage, useCheckCode, useRedeemCode } from '../gift-card-queries';
import { GiftCardRow } from './GiftCardPage';

/**
 * /parents/store/activation: redeem a code. The check character catches typos here, before the
 * server (decision 051); a good code shows what it gives, then redeems once.
 */
export default function ActivationPage() {
  const { t } = useTranslation('giftCards');
  const { go } = useAppNavigate();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState('');
  const [checked, setChecked] = useState<{ code: string; info: TGiftCodeCheck } | null>(null);
  const [done, setDone] = useState<TGiftRedeemResult | null>(null);
  const check = useCheckCode();
  const redeem = useRedeemCode();

  const handleChange = (value: string) => {
    setTyped(value);
    setChecked(null);
    const parsed = parseGiftCode(value);
    // Say what is wrong as soon as a character cannot be right, or once the code is complete.
    if (!parsed.ok && (parsed.problem === 'character' || parsed.problem === 'check')) {
      setProblem(parsed.message);
    } else setProblem('');
  };

  const handleCheck = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseGiftCode(typed);
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    check.mutate(parsed.code, {
      onSuccess: (info) => setChecked({ code: parsed.code, info }),
      onError: (error) => setProblem(giftErrorMessage(error)),
    });
  };

  const handleRedeem = () => {
    if (!checked) return;
    redeem.mutate(checked.code, {
      onSuccess: (result) => {
        // A code this family had redeemed gives nothing new: no success to celebrate.
        if (!result.repeated) toast.success(t('redeemed'));
        setDone(result);
      },
      onError: (error) => setProblem(giftErrorMessage(error)),
    });
  };

  if (done) {
    return (
      <div className={styles.page} data-testid="redeem-done">
        <section className={`${styles.panel} ${styles.done}`}>
          <h2>{done.repeated ? t('alreadyYours') : t('redeemed')}</h2>
        </section>
        <GiftCardRow card={done.card} />
        {done.card.delivery_status === 'need_address' ? (
          <Button block onClick={() => void go(`/parents/giftList/giftGoods/${done.card.id}/card`)}>
            {t('toPrize')}
          </Button>
        ) : (
          <Button block onClick={() => void go('/parents/giftCard')}>
            {t('toCards')}
          </Button>
        )}
      </div>
    );
  }

  return (
    <form className={styles.page} onSubmit={handleCheck} data-testid="activation-page">
      <section className={styles.panel}>
        <Field label={t('codeLabel')}>
          <input
            className={styles.codeInput}
            value={typed}
            onChange={(e) => handleChange(e.target.value)}
            placeholder={t('codePlaceholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={GIFT_CODE_LENGTH + 8}
            data-testid="gift-code-input"
          />
        </Field>
        <p className={styles.muted}>{t('codeHint')}</p>
        {problem && (
          <p className={styles.problem} role="alert" data-testid="gift-code-problem">
            {problem}
          </p>
        )}
        {checked && checked.info.redeemed_at !== null ? (
          // Issue 40 item 6: a code this family already used is not offered again.
          <>
            <p className={styles.problem} role="status" data-testid="gift-code-used">
              {t('usedByYou', {
                date: validUntilDate(new Date(checked.info.redeemed_at * 1000)),
              })}
            </p>
            <Button size="large" block onClick={() => void go('/parents/giftCard')}>
              {t('toCards')}
            </Button>
          </>
        ) : checked ? (
          <>
            <div className={styles.gives} data-testid="gift-code-gives">
              <span className={styles.muted}>{t('gives')}</span>
              <strong>{checked.info.product.title}</strong>
              <span className={styles.muted}>
                {t('redeemBefore', {
                  date: validUntilDate(new Date(checked.info.redeem_before * 1000)),
                })}
              </span>
            </div>
            <Button size="large" block isLoading={redeem.isPending} onClick={handleRedeem}>
              {t('redeem')}
            </Button>
          </>
        ) : (
          <Button
            type="submit"
            size="large"
            block
            isLoading={check.isPending}
            disabled={typed.trim() === ''}
          >
            {t('check')}
          </Button>
        )}
      </section>
    </form>
  );
}
