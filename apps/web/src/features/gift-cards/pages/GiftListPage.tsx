import type { TGiftPrize } from '@picbook/contracts';
import { validUntilDate } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../../../shared/ui/offers.module.css';
import { giftErrorMessage, usePrizes } from '../gift-card-queries';

export const prizeDate = (seconds: number) => validUntilDate(new Date(seconds * 1000 + 1));

/** What a prize is, in words: a physical prize, membership days, points or coins. */
export function usePrizeKind() {
  const { t } = useTranslation('giftCards');
  return (p: TGiftPrize) =>
    p.kind === 'physical' ? t('kinds.physical') : t(`kinds.${p.kind}`, { n: p.amount });
}

/** /parents/giftList: prizes from gift cards and the lucky wheel, newest first. */
export default function GiftListPage() {
  const { t } = useTranslation('giftCards');
  const prizes = usePrizes();
  const kindOf = usePrizeKind();
  const list = prizes.data?.list ?? [];
  return (
    <div className={styles.page} data-testid="gift-list">
      <h2 className={styles.section}>{t('prizesTitle')}</h2>
      {prizes.isPending ? (
        <div className={styles.empty} aria-busy="true">
          …
        </div>
      ) : prizes.isError ? (
        <p className={styles.empty}>{giftErrorMessage(prizes.error)}</p>
      ) : list.length === 0 ? (
        <p className={styles.empty}>{t('prizesEmpty')}</p>
      ) : (
        <div className={styles.list}>
          {list.map((p) => (
            <Link
              key={`${p.sku_id}-${p.item_id}`}
              to={`/parents/giftList/giftGoods/${p.item_id}/${p.sku_id}`}
              className={`${styles.card} ${styles.prize} ${p.delivery_status === 'need_address' ? '' : styles.cardOn}`}
              data-testid="gift-prize"
            >
              <img className={styles.prizeImage} src={p.image} alt="" />
              <span className={styles.cardBody}>
                <span className={styles.cardTitle}>{p.title}</span>
                <span className={styles.muted} style={{ display: 'block' }}>
                  {t(`prizeFrom.${p.sku_id}`)} · {kindOf(p)} · {prizeDate(p.won_at)}
                </span>
              </span>
              <span className={styles.badge}>{t(`delivery.${p.delivery_status}`)}</span>
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
