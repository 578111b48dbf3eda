import { GUEST_GIFT_CARD_MESSAGE } from '@picbook/domain';
import { requireMember } from '../../platform/auth/require-member';
import type { DbOrTx } from '../../platform/db/client';

/**
 * Shell-and-account §5: a guest is asked to log in before using gift cards or redeem codes, with
 * the spec's message. The server refuses too (10400 with that message, `data.login = 1`), so
 * nothing of value lands on a device-only account.
 */
export const requireGiftCardMember = (db: DbOrTx, userId: number): Promise<void> =>
  requireMember(db, userId, GUEST_GIFT_CARD_MESSAGE);
