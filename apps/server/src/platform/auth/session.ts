import { ErrorCode } from '@picbook/contracts';
import { type ChangeCache, createChangeCache } from '../cache/change-cache';
import { changeFeedOf } from '../db/change-feed';
import type { DbOrTx } from '../db/client';
import { AppError } from '../errors';
import { createTokenQueries } from './token.queries';
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
  const queries = createTokenQueries(db);
  await queries.revokeDeviceTokens(userId, deviceId, now);
  await queries.insertToken(
    hashToken(token),
    userId,
    deviceId,
    new Date(now.getTime() + TOKEN_TTL_MS),
  );
  return token;
}

/** Sessions kept per process while the change feed is live; any auth_tokens write of the user drops them. */
const MAX_SESSIONS = 50_000;
type Session = { userId: number; expiresAt: number } | null;
const sessionCaches = new WeakMap<object, ChangeCache<Session>>();

/**
 * The user id behind a token, or null when there is no usable token. From this process's cache
 * while the database's change feed is live (decision 078): a logout, a revocation or an account
 * deletion on any process drops the user's sessions the moment it commits.
 */
export async function resolveToken(
  db: DbOrTx,
  token: string | undefined,
  now: Date,
): Promise<number | null> {
  if (!token || token.length < 16 || token.length > 256) return null;
  const tokenHash = hashToken(token);
  const find = async (): Promise<Session> => {
    const found = await createTokenQueries(db).findSession(tokenHash, now);
    return found && { userId: found.userId, expiresAt: found.expiresAt.getTime() };
  };
  const feed = changeFeedOf(db);
  if (!feed) return (await find())?.userId ?? null;
  let cache = sessionCaches.get(db);
  if (!cache) {
    cache = createChangeCache<Session>(feed, ['auth_tokens'], MAX_SESSIONS);
    sessionCaches.set(db, cache);
  }
  // An unknown token is not kept: the same value may be issued a moment later.
  const session = await cache.get(tokenHash, async () => {
    const value = await find();
    return { value, owner: value?.userId ?? null, keep: value !== null };
  });
  return session && session.expiresAt > now.getTime() ? session.userId : null;
}

export function notLoggedIn(): AppError {
  return new AppError(ErrorCode.NotLoggedIn);
}
