import type { TGoodsItem } from '@picbook/contracts';
import { formatYuan } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import { Countdown } from './Countdown';
import styles from './GoodsCard.module.css';

/** One product: title, what it gives, today's price (the promotion's while it runs). */
export function GoodsCard({
  item,
  isSelected,
  onSelect,
}: {
  item: TGoodsItem;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('store');
  return (
    <button
      type="button"
      className={`${styles.card} ${isSelected ? styles.selected : ''}`}
      onClick={onSelect}
      aria-pressed={isSelected}
      data-testid="goods-card"
      data-product={item.product_id}
    >
      {(item.promo || item.badge) && (
        <span className={`${styles.badge} ${item.promo ? styles.promo : ''}`}>
          {item.promo?.label ?? item.badge}
        </span>
      )}
      <span className={styles.title}>{item.title}</span>
      <span className={styles.subtitle}>{item.subtitle}</span>
      <span className={styles.priceRow}>
        <span className={styles.price}>
          <small>¥</small>
          {formatYuan(item.price)}
        </span>
        {item.original_price && item.original_price > item.price && (
          <s className={styles.was}>¥{formatYuan(item.original_price)}</s>
        )}
      </span>
      <span className={styles.meta}>
        {item.lifetime
          ? t('lifetime')
          : item.price_per_day
            ? t('perDay', { price: formatYuan(item.price_per_day) })
            : t('days', { days: item.days })}
      </span>
      {item.promo && (
        <span className={styles.countdown}>
          <Countdown until={item.promo.end_time} label={item.promo.label} />
        </span>
      )}
    </button>
  );
}
