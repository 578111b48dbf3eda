import { formatYuan } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { Button } from '../../../shared/ui/Button';
import mascotWelcome from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { GoodsCard } from '../components/GoodsCard';
import { Hero } from '../components/Hero';
import { useGoods } from '../store-queries';
import styles from './Store.module.css';

/** /parents/store/sales: the promotions running now, each with its countdown; tap to buy. */
export default function SalesPage() {
  const { t } = useTranslation('store');
  const { go } = useAppNavigate();
  const goods = useGoods();
  const onSale = (goods.data?.list ?? []).filter((g) => g.promo);
  if (goods.isPending) return <div className={styles.page} aria-busy="true" />;
  if (onSale.length === 0) {
    return (
      <Hero art={mascotWelcome} title={t('salesTitle')} text={t('salesEmpty')} testId="sales-empty">
        <Button onClick={() => void go('/parents/store')}>{t('toStore')}</Button>
      </Hero>
    );
  }
  return (
    <div className={styles.page} data-testid="sales-page">
      <div className={styles.grid}>
        {onSale.map((g) => (
          <GoodsCard
            key={g.product_id}
            item={g}
            isSelected={false}
            onSelect={() => void go(`/parents/store?productId=${g.product_id}`)}
          />
        ))}
      </div>
      <Button block onClick={() => void go('/parents/store')}>
        {t('toStore')} · ¥{formatYuan(Math.min(...onSale.map((g) => g.price)))}起
      </Button>
    </div>
  );
}
