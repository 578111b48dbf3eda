import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devOauthCodes } from '../db/schema';
import {
  FAMILY_OF,
  OAuthExchangeError,
  type OAuthProvider,
  THIRD_PARTY_TYPES,
  type ThirdPartyType,
} from './types';

/** A code from the local consent page is good for 10 minutes, once — like a provider's. */
const CODE_TTL_MS = 10 * 60 * 1000;

/** mi_app and du_app carry "uid:secret" (spec §3); the dev page issues them in that shape too. */
const COMPOUND: ReadonlySet<ThirdPartyType> = new Set(['mi_app', 'du_app']);

export async function issueDevOauthCode(
  db: Db,
  type: ThirdPartyType,
  account: { uid: string; nickname: string },
): Promise<string> {
  const code = randomBytes(16).toString('base64url');
  await db
    .insert(devOauthCodes)
    .values({ code, type, uid: account.uid, nickname: account.nickname });
  return COMPOUND.has(type) ? `${account.uid}:${code}` : code;
}

/** The development provider of one login type: redeems codes of the local consent page. */
function createDevProvider(db: Db, type: ThirdPartyType, now: () => Date): OAuthProvider {
  return {
    type,
    async exchange(authCode) {
      let code = authCode;
      let claimedUid: string | null = null;
      if (COMPOUND.has(type)) {
        const split = authCode.lastIndexOf(':');
        if (split <= 0) throw new OAuthExchangeError('expected uid:code', 'invalid_code');
        claimedUid = authCode.slice(0, split);
        code = authCode.slice(split + 1);
      }
      const rows = await db
        .update(devOauthCodes)
        .set({ usedAt: now() })
        .where(
          and(
            eq(devOauthCodes.code, code),
            eq(devOauthCodes.type, type),
            isNull(devOauthCodes.usedAt),
            gt(devOauthCodes.createdAt, new Date(now().getTime() - CODE_TTL_MS)),
          ),
        )
        .returning();
      const row = rows[0];
      if (!row || (claimedUid !== null && claimedUid !== row.uid)) {
        throw new OAuthExchangeError('unknown, used or expired code', 'invalid_code');
      }
      return { family: FAMILY_OF[type], uid: row.uid, nickname: row.nickname };
    },
  };
}

export function createDevProviders(db: Db, now: () => Date): Record<ThirdPartyType, OAuthProvider> {
  return Object.fromEntries(
    THIRD_PARTY_TYPES.map((t) => [t, createDevProvider(db, t, now)]),
  ) as Record<ThirdPartyType, OAuthProvider>;
}
