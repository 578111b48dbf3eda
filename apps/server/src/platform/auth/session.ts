import { ErrorCode } from '@picbook/contracts';
import { createAuthQueries } from '../../features/auth/auth.queries';
import type { DbOrTx } from '../db/client';
import { AppError } from '../errors';
import { generateToken, hashToken } from './tokens';

/** Sessions last 180 days; a child's tablet should not be logged out every week. */
export const TOKEN_TTL_MS = 180 * 24 * 3600 * 1000;

/**
 * Issues a new token for the user on a device and revokes the user's earlier tokens on that
 * device (a token is replaced at each login; other devices of the family stay logged in).
 * Returns the raw value — the only time it exists.
 */
export async function issueToken(
  db: DbOrTx,
  userId: number,
  deviceId: string,
  now: Date,
): Promise<string> {
  const token = generateToken();
  const queries = createAuthQueries(db);
  await queries.revokeDeviceTokens(userId, deviceId, now);
  await queries.insertToken(
    hashToken(token),
    userId,
    deviceId,
    new Date(now.getTime() + TOKEN_TTL_MS),
  );
  return token;
}

/** The user id behind a token, or null when there is no usable token. */
export async function resolveToken(
  db: DbOrTx,
  token: string | undefined,
  now: Date,
): Promise<number | null> {
  if (!token || token.length < 16 || token.length > 256) return null;
  return createAuthQueries(db).findUserIdByTokenHash(hashToken(token), now);
}

export function notLoggedIn(): AppError {
  return new AppError(ErrorCode.NotLoggedIn);
}
