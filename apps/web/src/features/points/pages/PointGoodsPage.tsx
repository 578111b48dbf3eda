import type { TAddress } from '@picbook/contracts';
import { FULL_METHOD } from '@picbook/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { appEnv } from '../../../shared/platform/env';
import { canUsePoints } from '../../../shared/platform/points-env';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { AddressBook, addressLine, addressStyles, useAddresses } from '../../addresses';
import { PointsUnavailable } from '../components/PointsUnavailable';
import { useExchangeCheck } from '../exchange-check';
import styles from '../Points.module.css';
import { useGoodsDetail } from '../points-queries';
import page from './PointGoodsPage.module.css';

/**
 * /parents/points/pointGoods/{itemId}/{skuId?}: a goods, its options, the delivery address for
 * goods sent by post, and the exchange with the §4 exchange check.
 */
export default function PointGoodsPage() {
  const { t } = useTranslation('points');
  const { t: ta } = useTranslation('addresses');
  const params = useParams();
  const itemId = Number(params.itemId);
  const { go } = useAppNavigate();
  const { data: goods, isError } = useGoodsDetail(itemId);
  const { data: addresses } = useAddresses();
  const [skuId, setSkuId] = useState<number | null>(params.skuId ? Number(params.skuId) : null);
  const [address, setAddress] = useState<TAddress | null>(null);
  const [isBookOpen, setBookOpen] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const check = useExchangeCheck();

  // The default address is chosen until the family picks another.
  useEffect(() => {
    if (!address && addresses?.list[0]) setAddress(addresses.list[0]);
  }, [address, addresses]);

  if (!canUsePoints(appEnv())) return <PointsUnavailable />;
  if (isError) return <p className={styles.empty}>{t('loadFailed')}</p>;
  if (!goods) return <div className={styles.page} aria-busy="true" />;

  const sku =
    goods.skus.find((s) => s.sku_id === skuId) ??
    goods.skus.find((s) => !s.sold_out) ??
    goods.skus[0];
  const isDelivery = goods.full_method === FULL_METHOD.delivery;
  const isSoldOut = !sku || sku.sold_out;
  const isShort = !!sku && goods.points < sku.price;
  const handleExchange = async () => {
    if (!sku) return;
    const answer = await check.run({
      item_id: goods.item_id,
      sku_id: sku.sku_id,
      ...(isDelivery && address ? { address_id: address.address_id } : {}),
    });
    if (!answer) setConfirming(false);
  };
  const handleBuy = () => {
    if (isDelivery && !address) {
      setBookOpen(true);
      return;
    }
    check.reset();
    setConfirming(true);
  };

  return (
    <div className={`${styles.page} ${page.page}`} data-testid="goods-detail">
      <div className={page.picture}>
        <img src={goods.image} alt="" />
      </div>
      <section className={styles.card}>
        <h2 className={page.title}>{goods.title}</h2>
        <p className={styles.muted}>{goods.subtitle}</p>
        <div className={page.priceLine}>
          <span className={page.price}>{t('goods.price', { n: sku?.price ?? goods.price })}</span>
          <span className={styles.muted}>
            {isDelivery ? t('goods.kind.physical') : t('goods.virtual')}
          </span>
        </div>
        {goods.fake_stock && !goods.sold_out && (
          <>
            <div className={styles.stockBar} aria-hidden="true">
              <span
                style={{
                  width: `${Math.round((goods.fake_stock.remaining / goods.fake_stock.total) * 100)}%`,
                }}
              />
            </div>
            <div className={styles.stockText}>{t('goods.fakeStock', goods.fake_stock)}</div>
          </>
        )}
      </section>
      {goods.skus.length > 1 && (
        <section className={styles.card}>
          <h3 className={page.subtitle}>{t('goods.spec')}</h3>
          <div className={page.skus}>
            {goods.skus.map((s) => (
              <button
                key={s.sku_id}
                type="button"
                aria-pressed={s.sku_id === sku?.sku_id}
                className={`${page.sku} ${s.sku_id === sku?.sku_id ? page.skuOn : ''}`}
                disabled={s.sold_out}
                onClick={() => setSkuId(s.sku_id)}
              >
                {s.title}
                <small>{s.sold_out ? t('goods.soldOut') : t('goods.price', { n: s.price })}</small>
              </button>
            ))}
          </div>
        </section>
      )}
      {isDelivery && (
        <section className={styles.card} data-testid="goods-address">
          <h3 className={page.subtitle}>{ta('title')}</h3>
          <div className={addressStyles.summary}>
            <div className={addressStyles.summaryText}>
              {address ? (
                <>
                  <strong>
                    {address.name} {address.phone}
                  </strong>
                  <br />
                  {addressLine(address)}
                </>
              ) : (
                <span className={addressStyles.empty}>{ta('empty')}</span>
              )}
            </div>
            <button type="button" className={styles.pill} onClick={() => setBookOpen(true)}>
              {address ? ta('change') : ta('add')}
            </button>
          </div>
        </section>
      )}
      <section className={styles.card}>
        <h3 className={page.subtitle}>{t('goods.description')}</h3>
        <p className={page.description}>{goods.description}</p>
        <p className={styles.muted}>{isDelivery ? t('goods.delivery') : t('goods.virtual')}</p>
      </section>
      <div className={page.bar}>
        <span className={page.have}>{t('goods.have', { n: goods.points })}</span>
        <Button
          size="large"
          disabled={isSoldOut || isShort}
          onClick={handleBuy}
          data-testid="exchange-button"
        >
          {isSoldOut
            ? t('exchange.soldOut')
            : isShort
              ? t('exchange.notEnough')
              : t('exchange.button')}
        </Button>
      </div>
      {isBookOpen && (
        <AddressBook
          chosenId={address?.address_id ?? null}
          onChoose={(a) => {
            setAddress(a);
            setBookOpen(false);
          }}
          onClose={() => setBookOpen(false)}
        />
      )}
      {isConfirming && sku && check.state !== 'success' && (
        <Dialog
          title={t('exchange.confirmTitle')}
          onClose={check.state === 'pending' ? undefined : () => setConfirming(false)}
          testId="exchange-confirm"
        >
          <div className={styles.dialogBody}>
            <div className={styles.row}>
              <span>{goods.title}</span>
              <span>{sku.title}</span>
            </div>
            <div className={styles.row}>
              <span>{t('goods.need', { n: sku.price })}</span>
              <span>{t('goods.have', { n: goods.points })}</span>
            </div>
            {isDelivery && address && (
              <div className={styles.row}>
                <span>{ta('title')}</span>
                <span>{addressLine(address)}</span>
              </div>
            )}
            {check.isRetrying && <p className={styles.muted}>{t('exchange.retrying')}</p>}
            <div className={styles.actions}>
              <Button
                variant="secondary"
                disabled={check.state === 'pending'}
                onClick={() => setConfirming(false)}
              >
                {t('exchange.cancel')}
              </Button>
              <Button isLoading={check.state === 'pending'} onClick={() => void handleExchange()}>
                {t('exchange.confirm')}
              </Button>
            </div>
          </div>
        </Dialog>
      )}
      {check.state === 'success' && check.result && (
        <Dialog
          title={t('exchange.successTitle')}
          testId="exchange-success"
          actions={
            <>
              <Button
                block
                onClick={() =>
                  void go('/parents/points/pointDetails?tab=orders', { replace: true })
                }
              >
                {t('exchange.viewOrder')}
              </Button>
              <Button
                block
                variant="secondary"
                onClick={() => void go('/parents/points', { replace: true })}
              >
                {t('exchange.continue')}
              </Button>
            </>
          }
        >
          <div className={styles.dialogBody}>
            <img className={page.successImage} src={check.result.order.image} alt="" />
            <p>
              {check.result.order.title} · {check.result.order.sku_title}
            </p>
            <p className={styles.muted}>
              {isDelivery ? t('exchange.successDelivery') : t('exchange.successVirtual')}
            </p>
          </div>
        </Dialog>
      )}
    </div>
  );
}
