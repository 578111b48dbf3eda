import type { TGiftCard } from '@picbook/contracts';
import { validUntilDate } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import styles from '../../../shared/ui/offers.module.css';
import { InvitePanel } from '../../promotions';
import {
  giftErrorMessage,
  useActivateCard,
  useActivations,
  useGiftCards,
} from '../gift-card-queries';

const day = (seconds: number) => validUntilDate(new Date(seconds * 1000 + 1));

/** One card of the family: what it gives, where it came from, held (activate) or activated. */
export function GiftCardRow({ card }: { card: TGiftCard }) {
  const { t } = useTranslation('giftCards');
  const activate = useActivateCard();
  const isOn = card.status === 1;
  const handleActivate = () =>
    activate.mutate(card.id, {
      onSuccess: () => toast.success(t('activatedToast')),
      // §8: a failed activation says so, whatever the cause.
      onError: () => toast.error(t('activateFailed')),
    });
  return (
    <div
      className={`${styles.card} ${isOn ? styles.cardOn : ''}`}
      data-testid="gift-card"
      data-status={card.status}
    >
      <div className={styles.cardBody}>
        <p className={styles.cardTitle}>{card.product.title}</p>
        <p className={styles.muted}>
          {card.source === 'invite' ? (
            t('fromInvite')
          ) : (
            <span className={styles.code}>{t('codeTail', { tail: card.code_mask.slice(-4) })}</span>
          )}
          {card.redeemed_at ? ` · ${t('redeemedAt', { date: day(card.redeemed_at) })}` : ''}
        </p>
        {isOn && card.expire_time && (
          <p className={styles.muted}>
            {card.product.lifetime
              ? t('lifetime')
              : t('validUntil', { date: validUntilDate(new Date(card.expire_time * 1000)) })}
          </p>
        )}
        {card.delivery_status === 'need_address' && (
          <Link to={`/parents/giftList/giftGoods/${card.id}/card`} className={styles.muted}>
            {t('needAddress')} ›
          </Link>
        )}
      </div>
      {isOn ? (
        <span className={styles.badge}>{t('activated')}</span>
      ) : (
        <Button size="small" isLoading={activate.isPending} onClick={handleActivate}>
          {t('activate')}
        </Button>
      )}
    </div>
  );
}

/**
 * /parents/giftCard: the family's gift cards (redeemed codes and reward cards, §3 status 0 held /
 * 1 activated), the way to redeem a code, and what activations granted.
 */
export default function GiftCardPage() {
  const { t } = useTranslation('giftCards');
  const cards = useGiftCards();
  const activations = useActivations();
  const list = cards.data?.list ?? [];
  return (
    <div className={styles.page} data-testid="gift-card-page">
      <Link to="/parents/store/activation" className={styles.entry} data-testid="redeem-entry">
        <span>
          <strong>{t('redeemEntry')}</strong>
          <small>{t('redeemEntryHint')}</small>
        </span>
        <span aria-hidden="true">›</span>
      </Link>
      <h2 className={styles.section}>{t('myCards')}</h2>
      {cards.isPending ? (
        <div className={styles.empty} aria-busy="true">
          …
        </div>
      ) : cards.isError ? (
        <p className={styles.empty}>{giftErrorMessage(cards.error)}</p>
      ) : list.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <div className={styles.list}>
          {list.map((card) => (
            <GiftCardRow key={card.id} card={card} />
          ))}
        </div>
      )}
      {(activations.data?.list.length ?? 0) > 0 && (
        <>
          <h2 className={styles.section}>{t('history')}</h2>
          <div className={styles.panel} data-testid="activations">
            {activations.data?.list.map((a) => (
              <div key={a.id} className={styles.row}>
                <span>{a.title}</span>
                <span className={styles.muted}>{day(a.activated_at)}</span>
              </div>
            ))}
          </div>
        </>
      )}
      <InvitePanel />
    </div>
  );
}
