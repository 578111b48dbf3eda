import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashToken } from '../auth/tokens';
import type { DbOrTx } from '../db/client';
import { operatorSessions, operators } from '../db/schema';
import { OPERATOR_ROLES, type Operator, type OperatorRole } from './operator-action';

/** Known roles only, in their canonical order (a stored typo grants nothing). */
export const asRoles = (roles: readonly string[]): OperatorRole[] =>
  OPERATOR_ROLES.filter((r) => roles.includes(r));

/** The operator behind an `ops_token`, or null. */
export async function resolveOperator(
  db: DbOrTx,
  token: string | undefined,
  now: Date,
): Promise<Operator | null> {
  if (!token || token.length < 16 || token.length > 256) return null;
  const [row] = await db
    .select({ username: operators.username, roles: operators.roles })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, hashToken(token)),
        gt(operatorSessions.expiresAt, now),
        isNull(operators.disabledAt),
      ),
    )
    .limit(1);
  return row ? { name: `op:${row.username}`, roles: asRoles(row.roles) } : null;
}
