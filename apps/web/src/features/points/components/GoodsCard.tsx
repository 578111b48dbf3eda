import type { TPointsGoods } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../Points.module.css';

/** A goods on the shelf: picture, title, price; sold out shown over it; the marketing stock bar. */
export function GoodsCard({ goods }: { goods: TPointsGoods }) {
  const { t } = useTranslation('points');
  const fake = goods.fake_stock;
  return (
    <Link
      className={styles.goods}
      to={`/parents/points/pointGoods/${goods.item_id}/${goods.sku_id}`}
      data-testid="goods-card"
      data-item={goods.item_id}
    >
      <img className={styles.goodsImage} src={goods.image} alt="" loading="lazy" />
      <span className={styles.tag}>{t(`goods.kind.${goods.kind}`)}</span>
      <div className={styles.goodsBody}>
        <div className={styles.goodsTitle}>{goods.title}</div>
        <div className={styles.muted}>{goods.subtitle}</div>
        <div className={styles.price}>{t('goods.price', { n: goods.price })}</div>
        {fake && !goods.sold_out && (
          <>
            <div className={styles.stockBar} aria-hidden="true">
              <span style={{ width: `${Math.round((fake.remaining / fake.total) * 100)}%` }} />
            </div>
            <div className={styles.stockText}>{t('goods.fakeStock', fake)}</div>
          </>
        )}
      </div>
      {goods.sold_out && <div className={styles.soldOut}>{t('goods.soldOut')}</div>}
    </Link>
  );
}
