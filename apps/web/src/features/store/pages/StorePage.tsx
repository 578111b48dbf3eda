import type { TGoodsCategory, TGoodsItem, TPayMethod } from '@picbook/contracts';
import { formatYuan } from '@picbook/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLoginLayer } from '../../../shared/session/login-layer';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import mascotOops from '../../../shared/ui/illustrations/mascot-oops.svg';
import { GoodsCard } from '../components/GoodsCard';
import { Hero } from '../components/Hero';
import { MembershipCard } from '../components/MembershipCard';
import { OrderRow } from '../components/OrderRow';
import { PayMethods } from '../components/PayMethods';
import { PurchaseLayers } from '../components/PurchaseLayers';
import { useGoods, useRecentOrders } from '../store-queries';
import { usePurchase } from '../use-purchase';
import styles from './Store.module.css';

const matches = (item: TGoodsItem, id: string) =>
  item.product_id === id || item.apple_product_id === id || item.huawei_product_id === id;

/**
 * The store (/parents/store?pageRef&productId): the membership, goods by category, the payment
 * methods this device has, recent orders. A native purchase intent (pageRef=appStore&productId)
 * lands here with its product chosen.
 */
export default function StorePage() {
  const { t } = useTranslation('store');
  const [params] = useSearchParams();
  const intent = params.get('productId');
  const promo = params.get('promo') ?? undefined;
  const user = useStartup((s) => s.user);
  const goods = useGoods(promo ? { promo } : {});
  const recent = useRecentOrders();
  const purchase = usePurchase({ resultPath: (id) => `/parents/store/orderResult/${id}`, promo });
  const list = (goods.data?.list ?? []).filter(
    (g) => g.category !== 'du_vip' || goods.data?.channel === 'xiaodu',
  );
  const categories = useMemo(() => [...new Set(list.map((g) => g.category))], [list]);
  const [category, setCategory] = useState<TGoodsCategory | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [method, setMethod] = useState<TPayMethod | null>(null);

  useEffect(() => {
    if (!goods.data || selected) return;
    const chosen =
      (intent && goods.data.list.find((g) => matches(g, intent))) ||
      goods.data.list.find((g) => g.badge && g.category === 'vip') ||
      goods.data.list[0];
    if (chosen) {
      setSelected(chosen.product_id);
      setCategory(chosen.category);
    }
    setMethod(goods.data.pay_methods[0] ?? null);
  }, [goods.data, intent, selected]);

  if (goods.isPending) return <div className={styles.page} aria-busy="true" />;
  if (goods.isError || !goods.data) {
    return (
      <Hero art={mascotOops} title={t('loadFailed')}>
        <Button onClick={() => void goods.refetch()}>{t('retry')}</Button>
      </Hero>
    );
  }
  const shown = list.filter((g) => g.category === (category ?? categories[0]));
  const item = list.find((g) => g.product_id === selected) ?? null;
  const hasPromo = list.some((g) => g.promo);

  return (
    <div className={styles.page} data-testid="store-page">
      <MembershipCard />
      {user?.is_guest && (
        <div className={styles.guest} data-testid="store-guest-hint">
          <span>{t('guestHint')}</span>
          <button type="button" onClick={() => useLoginLayer.getState().open()}>
            {t('guestLogin')}
          </button>
        </div>
      )}
      {hasPromo && (
        <Link className={styles.salesLink} to="/parents/store/sales">
          🎁 {t('salesLink')} ›
        </Link>
      )}
      {categories.length > 1 && (
        <div className={styles.tabs} role="tablist">
          {categories.map((c) => (
            <button
              key={c}
              type="button"
              role="tab"
              aria-selected={(category ?? categories[0]) === c}
              className={styles.tab}
              onClick={() => setCategory(c)}
            >
              {t(`tabs.${c}`)}
            </button>
          ))}
        </div>
      )}
      {shown.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <div className={styles.grid}>
          {shown.map((g) => (
            <GoodsCard
              key={g.product_id}
              item={g}
              isSelected={g.product_id === selected}
              onSelect={() => setSelected(g.product_id)}
            />
          ))}
        </div>
      )}
      {goods.data.pay_methods.length === 0 ? (
        <p className={styles.notice}>{t('noMethod')}</p>
      ) : (
        <>
          <PayMethods
            methods={goods.data.pay_methods}
            value={method}
            onChange={setMethod}
            isSandbox={goods.data.sandbox}
          />
          <Button
            size="large"
            block
            isLoading={purchase.isPending}
            disabled={!item || !method}
            onClick={() => item && method && void purchase.buy(item.product_id, method)}
            data-testid="pay-button"
          >
            {item ? t('payNow', { price: formatYuan(item.price) }) : t('choose')}
          </Button>
        </>
      )}
      <h2 className={styles.section}>{t('recentOrders')}</h2>
      <section className={styles.card}>
        {(recent.data?.list ?? []).map((o) => (
          <OrderRow key={o.id} order={o} />
        ))}
        <Link className={styles.more} to="/parents/store/problem">
          {t('allOrders')} ›
        </Link>
        <Link className={styles.more} to="/parents/store/activation" data-testid="activation-link">
          {t('activationLink')} ›
        </Link>
      </section>
      <PurchaseLayers purchase={purchase} />
    </div>
  );
}
