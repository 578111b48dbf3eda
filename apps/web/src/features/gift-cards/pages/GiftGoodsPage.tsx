import type { TAddress } from '@picbook/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import styles from '../../../shared/ui/offers.module.css';
import { AddressBook, addressLine, useAddresses } from '../../addresses';
import { giftErrorMessage, usePrize, usePrizeAddress } from '../gift-card-queries';
import { prizeDate, usePrizeKind } from './GiftListPage';

/**
 * /parents/giftList/giftGoods/{itemId}/{skuId?}: one prize; a physical one takes a delivery
 * address from the family's address book (the points mall's, decision 039) until it ships.
 */
export default function GiftGoodsPage() {
  const { t } = useTranslation('giftCards');
  const params = useParams();
  const source = params.skuId === 'lottery' ? 'lottery' : 'card';
  const prize = usePrize(source, Number(params.itemId));
  const kindOf = usePrizeKind();
  const { data: addresses } = useAddresses();
  const [chosen, setChosen] = useState<TAddress | null>(null);
  const [isBookOpen, setBookOpen] = useState(false);
  const save = usePrizeAddress();

  if (prize.isError) return <p className={styles.empty}>{giftErrorMessage(prize.error)}</p>;
  if (!prize.data) return <div className={styles.page} aria-busy="true" />;
  const p = prize.data;
  const canAddress = p.kind === 'physical' && p.delivery_status !== 'shipped';
  const address = chosen ?? (p.address ? null : (addresses?.list[0] ?? null));

  return (
    <div className={styles.page} data-testid="gift-goods">
      <section className={`${styles.panel} ${styles.done}`}>
        <img className={styles.prizeImage} src={p.image} alt="" />
        <h2>{p.title}</h2>
        <p className={styles.muted}>
          {t(`prizeFrom.${p.sku_id}`)} · {kindOf(p)}
        </p>
        <p className={styles.muted}>{t('wonAt', { date: prizeDate(p.won_at) })}</p>
        <span className={styles.badge} data-testid="gift-delivery">
          {t(`delivery.${p.delivery_status}`)}
        </span>
      </section>
      {p.kind === 'physical' && (
        <section className={styles.panel} data-testid="gift-address">
          <div className={styles.row}>
            <strong>{t('address')}</strong>
            {canAddress && (
              <Button size="small" variant="secondary" onClick={() => setBookOpen(true)}>
                {p.address || address ? t('changeAddress') : t('chooseAddress')}
              </Button>
            )}
          </div>
          {address ? (
            <p className={styles.muted}>
              {address.name} {address.phone}
              <br />
              {addressLine(address)}
            </p>
          ) : p.address ? (
            <p className={styles.muted}>
              {p.address.name} {p.address.phone}
              <br />
              {p.address.region} {p.address.street}
            </p>
          ) : (
            <p className={styles.muted}>{t('needAddress')}</p>
          )}
          {canAddress && address && (
            <Button
              block
              isLoading={save.isPending}
              onClick={() =>
                save.mutate(
                  { id: p.item_id, address_id: address.address_id },
                  {
                    onSuccess: () => {
                      setChosen(null);
                      toast.success(t('addressSaved'));
                    },
                  },
                )
              }
            >
              {t('saveAddress')}
            </Button>
          )}
        </section>
      )}
      {isBookOpen && (
        <AddressBook
          chosenId={address?.address_id ?? null}
          onChoose={(a) => {
            setChosen(a);
            setBookOpen(false);
          }}
          onClose={() => setBookOpen(false)}
        />
      )}
    </div>
  );
}
