import type { TAddress } from '@picbook/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import styles from './Addresses.module.css';
import { AddressForm } from './AddressForm';
import { useAddresses, useDeleteAddress } from './addresses-queries';

export const addressLine = (a: TAddress) =>
  [a.province_name, a.city_name === a.province_name ? '' : a.city_name, a.county_name, a.street]
    .filter(Boolean)
    .join(' ');

/**
 * Choosing a delivery address: the family's addresses (pick, edit, delete) and a new one. Used by
 * the points mall; gift cards reuse it.
 */
export function AddressBook({
  chosenId,
  onChoose,
  onClose,
}: {
  chosenId: number | null;
  onChoose: (address: TAddress) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('addresses');
  const { data } = useAddresses();
  const remove = useDeleteAddress();
  const list = data?.list ?? [];
  const [editing, setEditing] = useState<TAddress | 'new' | null>(null);
  const isFormOpen = editing !== null || (data !== undefined && list.length === 0);

  if (isFormOpen) {
    return (
      <Dialog
        title={editing && editing !== 'new' ? t('edit') : t('add')}
        onClose={onClose}
        testId="address-book"
      >
        <AddressForm
          initial={editing && editing !== 'new' ? editing : undefined}
          onSaved={(saved) => {
            setEditing(null);
            onChoose(saved);
          }}
        />
      </Dialog>
    );
  }

  const handleRemove = async (address: TAddress) => {
    await remove.mutateAsync(address.address_id);
    toast.info(t('removed'));
  };

  return (
    <Dialog
      title={t('choose')}
      onClose={onClose}
      testId="address-book"
      actions={
        <Button block variant="sky" onClick={() => setEditing('new')}>
          + {t('add')}
        </Button>
      }
    >
      <ul className={styles.list}>
        {list.map((a) => (
          <li key={a.address_id}>
            {/* biome-ignore lint/a11y/useSemanticElements: a card with its own buttons inside */}
            <div
              role="button"
              tabIndex={0}
              className={`${styles.item} ${a.address_id === chosenId ? styles.itemChosen : ''}`}
              onClick={() => onChoose(a)}
              onKeyDown={(e) => e.key === 'Enter' && onChoose(a)}
              data-testid="address-item"
            >
              <div className={styles.itemText}>
                <div className={styles.itemName}>
                  {a.name} {a.phone}
                  {a.is_default === 1 && <span className={styles.badge}>{t('isDefault')}</span>}
                </div>
                {addressLine(a)}
              </div>
              <div className={styles.itemActions}>
                <button
                  type="button"
                  className={styles.small}
                  onClick={(e) => {
                    e.stopPropagation();
                    setEditing(a);
                  }}
                >
                  {t('edit')}
                </button>
                <button
                  type="button"
                  className={styles.small}
                  onClick={(e) => {
                    e.stopPropagation();
                    void handleRemove(a);
                  }}
                >
                  {t('remove')}
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
