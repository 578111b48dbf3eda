import {
  extendRight,
  type RightDuration,
  type RightName,
  replayGrants,
  rightStart,
  vipTypeOf,
} from '@picbook/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { rightGrants, userRights } from '../../platform/db/schema';

export type { RightName };

/**
 * The one way any area changes a right (decision 033): the store's orders, points-mall goods and
 * gift cards grant with {@link grantRight} and take back with {@link revokeRight}. Both run in
 * the caller's transaction, lock the user's right row first (grants of one user and right happen
 * one after another), and write the append-only `right_grants` record with the business event.
 */
export interface GrantRightInput {
  userId: number;
  name: RightName;
  /** Duration; 'life' = lifetime (expiry year 2038 or later, §6). */
  days: RightDuration;
  /** What caused it: 'order:12', 'points-order:5', 'gift-card:<batch>' … */
  source: string;
  /** A business event grants once: the same key again changes nothing. */
  idempotencyKey: string;
  now: Date;
}

export interface GrantRightResult {
  expireAt: Date;
  /** False when this event had granted already. */
  applied: boolean;
}

/** The user's row for a right, made when missing and locked for this transaction. */
async function lockRight(tx: Tx, userId: number, name: string, now: Date) {
  await tx
    .insert(userRights)
    // A new right starts expired (expire = now); the grant below sets its period.
    .values({ userId, name, createTime: now, expireTime: now, updatedAt: now })
    .onConflictDoNothing({ target: [userRights.userId, userRights.name] });
  const [row] = await tx
    .select()
    .from(userRights)
    .where(and(eq(userRights.userId, userId), eq(userRights.name, name)))
    .for('update');
  if (!row) throw new Error(`right row ${userId}/${name} missing`);
  return row;
}

/** Whether the row's expiry came from a grant at all (a row made by lockRight has none yet). */
const hasPeriod = (row: typeof userRights.$inferSelect) =>
  row.expireTime.getTime() > row.createTime.getTime();

export async function grantRight(tx: Tx, input: GrantRightInput): Promise<GrantRightResult> {
  const { userId, name, days, now } = input;
  const row = await lockRight(tx, userId, name, now);
  const [seen] = await tx
    .select({ expireAfter: rightGrants.expireAfter })
    .from(rightGrants)
    .where(eq(rightGrants.idempotencyKey, input.idempotencyKey));
  if (seen) return { expireAt: seen.expireAfter ?? row.expireTime, applied: false };

  const current = hasPeriod(row) ? row.expireTime : null;
  const expireAt = extendRight({ now, current, days });
  const inserted = await tx
    .insert(rightGrants)
    .values({
      userId,
      rightName: name,
      kind: 'grant',
      days: days === 'life' ? null : days,
      lifetime: days === 'life',
      source: input.source,
      idempotencyKey: input.idempotencyKey,
      expireBefore: current,
      expireAfter: expireAt,
      at: now,
    })
    // The row lock makes a repeat of this key impossible here; the unique key stays the last guard.
    .onConflictDoNothing({ target: rightGrants.idempotencyKey })
    .returning({ id: rightGrants.id });
  if (inserted.length === 0) return { expireAt: row.expireTime, applied: false };
  await tx
    .update(userRights)
    .set({
      expireTime: expireAt,
      createTime: rightStart({ now, current, start: row.createTime }),
      vipType: vipTypeOf(expireAt),
      source: input.source,
      updatedAt: now,
    })
    .where(eq(userRights.id, row.id));
  return { expireAt, applied: true };
}

export interface RevokeRightInput {
  userId: number;
  /** The source whose grants are taken back (the refunded order: 'order:12'). */
  source: string;
  idempotencyKey: string;
  now: Date;
}

export interface RevokeRightResult {
  /** Each right the source had granted, with its expiry now. */
  rights: Array<{ name: string; expireAt: Date }>;
  /** False when nothing stood to revoke (revoked before, or never granted). */
  applied: boolean;
}

/**
 * Takes back what a source granted: its grants are marked revoked and each right's expiry is the
 * replay of the grants that still stand, from what the right was before its first recorded grant
 * — so later purchases keep their days. A right left without time ends now.
 */
export async function revokeRight(tx: Tx, input: RevokeRightInput): Promise<RevokeRightResult> {
  const { userId, source, now } = input;
  const granted = await tx
    .select()
    .from(rightGrants)
    .where(
      and(
        eq(rightGrants.userId, userId),
        eq(rightGrants.source, source),
        eq(rightGrants.kind, 'grant'),
      ),
    )
    .orderBy(asc(rightGrants.id));
  const result: RevokeRightResult = { rights: [], applied: false };
  // Rights in name order, so two revocations of one user lock rows in the same order.
  for (const name of [...new Set(granted.map((g) => g.rightName))].sort()) {
    const row = await lockRight(tx, userId, name, now);
    const all = await tx
      .select()
      .from(rightGrants)
      .where(and(eq(rightGrants.userId, userId), eq(rightGrants.rightName, name)))
      .orderBy(asc(rightGrants.id));
    const revoked = new Set(all.filter((g) => g.kind === 'revoke').map((g) => g.revokesId));
    const targets = all.filter(
      (g) => g.kind === 'grant' && g.source === source && !revoked.has(g.id),
    );
    if (targets.length === 0) {
      result.rights.push({ name, expireAt: row.expireTime });
      continue;
    }
    const targetIds = new Set(targets.map((g) => g.id));
    const standing = all.filter(
      (g) => g.kind === 'grant' && !revoked.has(g.id) && !targetIds.has(g.id),
    );
    const first = all.find((g) => g.kind === 'grant');
    const replayed = replayGrants(
      first?.expireBefore ?? null,
      standing.map((g) => ({ at: g.at, days: g.lifetime ? 'life' : (g.days ?? 0) })),
    );
    // Nothing left standing: the right ends now.
    const expireAt = replayed ?? now;
    for (const target of targets) {
      await tx
        .insert(rightGrants)
        .values({
          userId,
          rightName: name,
          kind: 'revoke',
          source,
          idempotencyKey: `${input.idempotencyKey}:${name}:${target.id}`,
          revokesId: target.id,
          expireBefore: row.expireTime,
          expireAfter: expireAt,
          at: now,
        })
        .onConflictDoNothing({ target: rightGrants.idempotencyKey });
    }
    await tx
      .update(userRights)
      .set({ expireTime: expireAt, vipType: vipTypeOf(expireAt), source, updatedAt: now })
      .where(eq(userRights.id, row.id));
    result.rights.push({ name, expireAt });
    result.applied = true;
  }
  return result;
}

/** Account deletion keeps the record of grants, without the person. */
export async function anonymiseGrants(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx
    .update(rightGrants)
    .set({ userId: null, anonymisedAt: now })
    .where(and(eq(rightGrants.userId, userId), isNull(rightGrants.anonymisedAt)));
}
