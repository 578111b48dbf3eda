import type { TGiftCard, TGiftProduct } from '@picbook/contracts';
import { formatGiftCode, giftProductTitle } from '@picbook/domain';
import type { GiftProductJson, giftCards } from '../../platform/db/schema';
import { unixSeconds } from '../../platform/time';

export type GiftCardRow = typeof giftCards.$inferSelect;

export function presentProduct(product: GiftProductJson): TGiftProduct {
  return {
    kind: product.kind,
    title: giftProductTitle(product),
    right_name: product.kind === 'right' ? product.right : null,
    days: product.kind === 'right' && product.days !== 'life' ? product.days : null,
    lifetime: product.kind === 'right' && product.days === 'life',
  };
}

const time = (d: Date | null) => (d ? unixSeconds(d) : null);

export function presentCard(row: GiftCardRow): TGiftCard {
  return {
    id: row.id,
    product: presentProduct(row.product),
    code_mask: row.codeTail ? formatGiftCode(`${'*'.repeat(12)}${row.codeTail}`) : '',
    source: row.source === 'invite' ? 'invite' : 'code',
    status: row.status === 1 ? 1 : 0,
    redeemed_at: time(row.redeemedAt),
    activated_at: time(row.activatedAt),
    expire_time: time(row.rightExpireAt),
    delivery_status: row.deliveryStatus as TGiftCard['delivery_status'],
  };
}
