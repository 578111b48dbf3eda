import { formatYuan } from '@picbook/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { GoodsCard } from '../components/GoodsCard';
import { MembershipCard } from '../components/MembershipCard';
import { PurchaseLayers } from '../components/PurchaseLayers';
import { useGoods } from '../store-queries';
import { usePurchase } from '../use-purchase';
import styles from './Store.module.css';

/**
 * /parents/store/xiaoduVip/buy: Xiaodu membership (du_vip), paid by scanning a QR code with the
 * phone (a smart screen has no payment app); the result page runs the quiz order check.
 */
export default function XiaoduVipBuyPage() {
  const { t } = useTranslation('store');
  const goods = useGoods({ category: 'du_vip' });
  const purchase = usePurchase({
    resultPath: (id) => `/parents/store/xiaoduVip/result?orderId=${id}`,
    client: 'qr',
  });
  const list = goods.data?.list ?? [];
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    if (!selected && list[0]) setSelected(list[list.length - 1]?.product_id ?? null);
  }, [list, selected]);
  const item = list.find((g) => g.product_id === selected);
  const method = goods.data?.pay_methods.find((m) => m === 'wechat' || m === 'alipay') ?? null;

  return (
    <div className={styles.page} data-testid="xiaodu-buy">
      <MembershipCard />
      <p className={styles.text}>{t('xiaodu.hint')}</p>
      <div className={styles.grid}>
        {list.map((g) => (
          <GoodsCard
            key={g.product_id}
            item={g}
            isSelected={g.product_id === selected}
            onSelect={() => setSelected(g.product_id)}
          />
        ))}
      </div>
      {method ? (
        <Button
          size="large"
          block
          isLoading={purchase.isPending}
          disabled={!item}
          onClick={() => item && void purchase.buy(item.product_id, method)}
          data-testid="pay-button"
        >
          {item ? t('payNow', { price: formatYuan(item.price) }) : t('choose')}
        </Button>
      ) : (
        goods.data && <p className={styles.notice}>{t('noMethod')}</p>
      )}
      <PurchaseLayers purchase={purchase} />
    </div>
  );
}
