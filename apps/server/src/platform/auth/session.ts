import { ErrorCode } from '@picbook/contracts';
import { createAuthQueries } from '../../features/auth/auth.queries';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { generateToken, hashToken } from './tokens';

/** Sessions last 180 days; a child's tablet should not be logged out every week. */
export const TOKEN_TTL_MS = 180 * 24 * 3600 * 1000;

/** Issues a new token for the user and returns the raw value (the only time it exists). */
export async function issueToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = generateToken();
  await createAuthQueries(db).insertToken(
    hashToken(token),
    userId,
    new Date(now.getTime() + TOKEN_TTL_MS),
  );
  return token;
}

/** The user id behind a token, or null when there is no usable token. */
export async function resolveToken(
  db: Db,
  token: string | undefined,
  now: Date,
): Promise<number | null> {
  if (!token || token.length < 16 || token.length > 256) return null;
  return createAuthQueries(db).findUserIdByTokenHash(hashToken(token), now);
}

export function notLoggedIn(): AppError {
  return new AppError(ErrorCode.NotLoggedIn);
}
