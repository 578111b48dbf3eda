import { ErrorCode, type TLoginResult } from '@picbook/contracts';
import { and, eq, gt, ne } from 'drizzle-orm';
import { generateToken, hashToken } from '../../platform/auth/tokens';
import type { DbOrTx } from '../../platform/db/client';
import { pendingThirdParty, thirdPartyBindings } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import {
  FAMILY_OF,
  OAuthExchangeError,
  type ThirdPartyIdentity,
  type ThirdPartyType,
} from '../../platform/oauth/types';
import { createUserQueries } from '../user';
import { completeLogin } from './complete-login';
import { accountForPhone } from './phone-login';

/** A pending identity (waiting for a phone or a confirmation) lives 30 minutes. */
const TICKET_TTL_MS = 30 * 60 * 1000;
const TICKET_PREFIX = 'tp_';

const PROVIDER_NAMES: Record<ThirdPartyType, string> = {
  wx_app: '微信',
  wx_web: '微信',
  hw_app: '华为',
  mi_app: '小米',
  du_app: '小度',
  apple: 'Apple',
};

/**
 * The identity behind an auth_code: a ticket we issued earlier (after 12000/12001), or a fresh
 * provider code/token exchanged through the provider's adapter.
 */
export async function resolveIdentity(
  deps: AppDeps,
  type: ThirdPartyType | null,
  authCode: string,
): Promise<ThirdPartyIdentity> {
  const name = type ? PROVIDER_NAMES[type] : '第三方';
  if (authCode.startsWith(TICKET_PREFIX)) {
    const rows = await deps.db
      .select()
      .from(pendingThirdParty)
      .where(
        and(
          eq(pendingThirdParty.ticketHash, hashToken(authCode)),
          gt(pendingThirdParty.expiresAt, deps.clock.now()),
        ),
      )
      .limit(1);
    const ticket = rows[0];
    if (!ticket || (type && ticket.family !== FAMILY_OF[type])) {
      throw new AppError(ErrorCode.ThirdPartyFailed, `${name}授权已过期，请重新授权`);
    }
    return {
      family: ticket.family as ThirdPartyIdentity['family'],
      uid: ticket.uid,
      ...(ticket.nickname ? { nickname: ticket.nickname } : {}),
    };
  }
  const provider = type ? deps.oauth[type] : undefined;
  if (!provider) {
    throw new AppError(
      ErrorCode.ThirdPartyFailed,
      type ? `暂不支持${name}登录` : `${name}授权已过期，请重新授权`,
    );
  }
  try {
    return await provider.exchange(authCode);
  } catch (error) {
    const reason = error instanceof OAuthExchangeError ? error.reason : 'provider_error';
    throw new AppError(ErrorCode.ThirdPartyFailed, `${name}登录失败，请重试`, {
      data: { reason },
      cause: error,
    });
  }
}

async function issueTicket(deps: AppDeps, identity: ThirdPartyIdentity): Promise<string> {
  const ticket = `${TICKET_PREFIX}${generateToken()}`;
  await deps.db.insert(pendingThirdParty).values({
    ticketHash: hashToken(ticket),
    family: identity.family,
    uid: identity.uid,
    nickname: identity.nickname ?? null,
    expiresAt: new Date(deps.clock.now().getTime() + TICKET_TTL_MS),
  });
  return ticket;
}

async function dropTicket(db: DbOrTx, authCode: string): Promise<void> {
  if (authCode.startsWith(TICKET_PREFIX)) {
    await db.delete(pendingThirdParty).where(eq(pendingThirdParty.ticketHash, hashToken(authCode)));
  }
}

async function findBinding(db: DbOrTx, family: string, uid: string) {
  const rows = await db
    .select()
    .from(thirdPartyBindings)
    .where(and(eq(thirdPartyBindings.family, family), eq(thirdPartyBindings.uid, uid)))
    .limit(1);
  return rows[0] ?? null;
}

async function findUserBinding(db: DbOrTx, userId: number, family: string) {
  const rows = await db
    .select()
    .from(thirdPartyBindings)
    .where(and(eq(thirdPartyBindings.userId, userId), eq(thirdPartyBindings.family, family)))
    .limit(1);
  return rows[0] ?? null;
}

/** Binds the identity to the user, moving it from another account and replacing the user's old one. */
async function bindIdentity(
  db: DbOrTx,
  userId: number,
  identity: ThirdPartyIdentity,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(thirdPartyBindings)
      .where(
        and(
          eq(thirdPartyBindings.family, identity.family),
          eq(thirdPartyBindings.uid, identity.uid),
          ne(thirdPartyBindings.userId, userId),
        ),
      );
    await tx
      .delete(thirdPartyBindings)
      .where(
        and(eq(thirdPartyBindings.userId, userId), eq(thirdPartyBindings.family, identity.family)),
      );
    await tx.insert(thirdPartyBindings).values({
      userId,
      family: identity.family,
      uid: identity.uid,
      nickname: identity.nickname ?? null,
    });
  });
}

/**
 * Third-party login: a bound identity logs in; an unknown one answers 12000 with a ticket to
 * send back (as auth_code) with a phone in a bind_phone login.
 */
export async function thirdPartyLogin(
  deps: AppDeps,
  input: { type: ThirdPartyType; authCode: string; deviceId: string },
): Promise<TLoginResult> {
  const identity = await resolveIdentity(deps, input.type, input.authCode);
  const binding = await findBinding(deps.db, identity.family, identity.uid);
  if (binding) {
    await dropTicket(deps.db, input.authCode);
    return completeLogin(deps, binding.userId, input.deviceId);
  }
  const ticket = input.authCode.startsWith(TICKET_PREFIX)
    ? input.authCode
    : await issueTicket(deps, identity);
  throw new AppError(ErrorCode.MustBindPhone, undefined, {
    data: { auth_code: ticket, type: input.type },
  });
}

export interface BindPhoneInput {
  /** The ticket from 12000 says which provider it is for. */
  authCode: string;
  nationCode: string;
  mobile: string;
  pin: string;
  inviteCode?: string | undefined;
  callerId: number | null;
  deviceId: string;
}

/**
 * bind_phone login: verifies the phone, logs in (or registers) that phone's account and binds
 * the identity. When the account already has another account of this provider, it is logged in
 * but the binding waits: 12001 with the session and a ticket for POST /api/v1.1/user/bind_3rd.
 */
export async function bindPhoneLogin(deps: AppDeps, input: BindPhoneInput): Promise<TLoginResult> {
  const identity = await resolveIdentity(deps, null, input.authCode);
  const user = await accountForPhone(deps, input);
  const existing = await findUserBinding(deps.db, user.id, identity.family);
  if (existing && existing.uid !== identity.uid) {
    const session = await completeLogin(deps, user.id, input.deviceId);
    throw new AppError(ErrorCode.ConfirmSwitch3rd, undefined, {
      data: { ...session, auth_code: input.authCode, family: identity.family },
    });
  }
  await bindIdentity(deps.db, user.id, identity);
  await dropTicket(deps.db, input.authCode);
  return completeLogin(deps, user.id, input.deviceId);
}

/**
 * Binds a third-party account to the logged-in user. Moving it away from another PicBook
 * account, or replacing the user's current account of that provider, needs `confirm` (12001).
 */
export async function bindThirdParty(
  deps: AppDeps,
  input: { userId: number; type: ThirdPartyType; authCode: string; confirm: boolean },
): Promise<{ bound: string[] }> {
  const identity = await resolveIdentity(deps, input.type, input.authCode);
  const elsewhere = await findBinding(deps.db, identity.family, identity.uid);
  const mine = await findUserBinding(deps.db, input.userId, identity.family);
  const isSwitch =
    (elsewhere && elsewhere.userId !== input.userId) || (mine && mine.uid !== identity.uid);
  if (isSwitch && !input.confirm) {
    const ticket = input.authCode.startsWith(TICKET_PREFIX)
      ? input.authCode
      : await issueTicket(deps, identity);
    throw new AppError(ErrorCode.ConfirmSwitch3rd, undefined, {
      data: { auth_code: ticket, type: input.type },
    });
  }
  await bindIdentity(deps.db, input.userId, identity);
  await dropTicket(deps.db, input.authCode);
  const bindings = await createUserQueries(deps.db).listBindings(input.userId);
  return { bound: bindings.map((b) => b.family) };
}
