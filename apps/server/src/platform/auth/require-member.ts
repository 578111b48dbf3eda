import { ErrorCode } from '@picbook/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../errors';

/**
 * Spec §6: guests are asked to log in for the points mall. The screens ask; the server refuses
 * a guest's sign-ins, collections, exchanges and draws as well, so nothing of value is tied to a
 * device-only account.
 */
export async function requireMember(
  db: DbOrTx,
  userId: number,
  /** What the guest is told (gift cards have the spec's own message). */
  guestMessage = '请先登录，再使用积分商城',
): Promise<void> {
  const rows = await db
    .select({ isGuest: users.isGuest })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!rows[0]) throw new AppError(ErrorCode.NotLoggedIn);
  if (rows[0].isGuest) {
    throw new AppError(ErrorCode.NotAllowed, guestMessage, { data: { login: 1 } });
  }
}
