import { ErrorCode, type TLifelongOffer } from '@picbook/contracts';
import { LIFELONG_SMS_STATES, validUntilDate } from '@picbook/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useAppNavigate } from '../../shared/navigation/app-navigate';
import { api } from '../../shared/request/api';
import { RequestError } from '../../shared/request/request-error';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import { Field } from '../../shared/ui/Field';
import styles from '../../shared/ui/offers.module.css';
import { SmsButton } from '../auth';
import { refreshAfterPurchase } from '../store';

/** Spec §8: other lifelong exchange failures are an info toast of 4 seconds. */
const FAILURE_TOAST_MS = 4000;

type ExchangeState = 'initial' | 'pending' | 'done' | 'invalidSmsPIN' | 'errorSmsPIN' | 'error';

/** Which promotion a route shows: /act/upgradeLifeVip/{token}, freeRead, or ?promo= on the store's. */
function usePromoSource(): { token: string | null; promo: string } {
  const { token } = useParams();
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search).get('promo');
  if (token) return { token, promo: '' };
  if (pathname.endsWith('/freeRead')) return { token: null, promo: 'freeRead' };
  if (pathname.endsWith('/upgradeLifeVip2')) return { token: null, promo: query ?? 'lottery' };
  return { token: null, promo: query ?? 'freeRead' };
}

/** §3 status 0, 1 (first promo), 2 (lottery exchange) → its words. */
const STATUS_KEYS = ['none', 'first', 'exchange'] as const;

const day = (seconds: number) => validUntilDate(new Date(seconds * 1000 + 1));

/**
 * The lifelong-VIP promotion pages (/parents/store/upgradeLifeVip and …2, /act/upgradeLifeVip/
 * freeRead and /{token}): the offer, the family's status (§3: 1 first promo, 2 lottery exchange)
 * and the exchange with phone and SMS code (§4 states, invalidSmsPIN and errorSmsPIN).
 */
export default function LifelongPage() {
  const { t } = useTranslation('promotions');
  const { go } = useAppNavigate();
  const source = usePromoSource();
  const info = useQuery({
    queryKey: ['promotions', 'lifelong', source.token ?? source.promo],
    queryFn: async () => {
      if (source.token) {
        const link = await api('lifelongLink', { params: { token: source.token } });
        return { status: null, offer: link.offer, link: link.link };
      }
      const status = await api('lifelongStatus', { query: { promo: source.promo } });
      return { status: status.status, offer: status.offer, link: 'ok' as const };
    },
  });
  const [phone, setPhone] = useState('');
  const [pin, setPin] = useState('');
  const [state, setState] = useState<ExchangeState>('initial');
  const claim = useMutation({
    mutationFn: (offer: TLifelongOffer) => {
      const body = { nation_code: '86', phone, pin };
      return source.token
        ? api('lifelongLinkClaim', { params: { token: source.token }, body }, { silent: true })
        : api(
            'lifelongTransform',
            {
              body: {
                ...body,
                promo: offer.promo,
                mission_type: source.promo === 'freeRead' ? 'freeRead' : undefined,
              },
            },
            { silent: true },
          );
    },
    onMutate: () => setState('pending'),
    onSuccess: async () => {
      setState('done');
      await refreshAfterPurchase();
      await info.refetch();
    },
    onError: (error) => {
      const smsState = error instanceof RequestError ? LIFELONG_SMS_STATES[error.code] : undefined;
      if (smsState) {
        setState(smsState);
        return;
      }
      setState('error');
      toast.info(
        error instanceof RequestError && error.code !== ErrorCode.Internal
          ? error.message
          : t('unavailable'),
        FAILURE_TOAST_MS,
      );
    },
  });

  if (info.isPending) return <div className={styles.page} aria-busy="true" />;
  const offer = info.data?.offer ?? null;
  const linkProblem = info.data && info.data.link !== 'ok' ? t(`link.${info.data.link}`) : null;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (offer && phone && pin) claim.mutate(offer);
  };

  return (
    <div className={styles.page} data-testid="lifelong-page" data-state={state}>
      <section className={`${styles.panel} ${styles.done}`}>
        <img className={styles.prizeImage} src="/media/mall/prize-vip.svg" alt="" />
        <span className={styles.badge}>{t('heroTag')}</span>
        <h2>{offer?.title ?? t('unavailable')}</h2>
        {offer && (
          <>
            <p className={styles.muted}>{offer.description}</p>
            <p className={styles.muted}>{t('gives', { title: offer.product.title })}</p>
            <p className={styles.muted}>
              {t('window', { from: day(offer.start_time), to: day(offer.end_time - 1) })}
            </p>
          </>
        )}
        {info.data?.status !== null && info.data?.status !== undefined && (
          <p className={styles.cardTitle} data-testid="lifelong-status">
            {t(`status.${STATUS_KEYS[info.data.status] ?? 'none'}`)}
          </p>
        )}
      </section>
      {linkProblem && <p className={styles.empty}>{linkProblem}</p>}
      {state === 'done' ? (
        <section className={`${styles.panel} ${styles.done}`} data-testid="lifelong-done">
          <h2>{t('done')}</h2>
          <p className={styles.muted}>{t('doneHint')}</p>
          <Button block onClick={() => void go('/library')}>
            {t('toLibrary')}
          </Button>
        </section>
      ) : offer && !offer.available ? (
        <p className={styles.empty} data-testid="lifelong-reason">
          {offer.reason === 'claimed' ? t('status.first') : offer.reason}
        </p>
      ) : offer && !linkProblem ? (
        <form className={styles.panel} onSubmit={handleSubmit} noValidate>
          <Field label={t('phoneLabel')}>
            <input
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder={t('phonePlaceholder')}
              maxLength={11}
              value={phone}
              onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
            />
          </Field>
          <Field>
            <input
              name="pin"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder={t('pinPlaceholder')}
              maxLength={6}
              value={pin}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
            />
            <SmsButton
              abbr="CN"
              nationCode="86"
              phone={phone}
              action="lifelong"
              isCodeDead={state === 'invalidSmsPIN'}
            />
          </Field>
          {(state === 'invalidSmsPIN' || state === 'errorSmsPIN') && (
            <p className={styles.problem} role="alert" data-testid="lifelong-sms-problem">
              {t(state)}
            </p>
          )}
          <Button
            type="submit"
            size="large"
            block
            isLoading={state === 'pending'}
            disabled={!phone || !pin}
            className={styles.grow}
          >
            {t('submit')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
