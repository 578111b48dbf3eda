import { ErrorCode } from '@picbook/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db/client';
import { operatorSessions, operators } from '../../platform/db/schema';
import { AppError, invalidParams } from '../../platform/errors';
import { defineOperatorAction, OPERATOR_ROLES } from '../../platform/ops/operator-action';
import { createOperator, newTotp } from './operator-accounts';

/** Operator accounts: only admins make them. */
export const createOperatorAction = defineOperatorAction({
  name: 'operators.create',
  summary: 'Create an operator account with roles (and a TOTP secret for the authenticator app)',
  roles: ['admin'],
  input: z.object({
    username: z
      .string()
      .regex(/^[a-z][a-z0-9_.-]{2,31}$/, 'username: 3–32 lower-case letters, digits, _ . -'),
    password: z.string().min(12, 'password needs at least 12 characters').max(256),
    roles: z.array(z.enum(OPERATOR_ROLES)).min(1),
    totp: z.boolean().default(true),
  }),
  // The audit log never keeps the new operator's password (it is stored only as a hash).
  auditInput: ({ password: _password, ...rest }) => rest,
  async run({ deps, tx, input }) {
    if (!input.totp && !deps.config.allowDevAdapters) {
      throw invalidParams('totp', '生产环境的运营账号必须使用动态验证码');
    }
    const created = await createOperator(tx, input);
    return {
      result: { id: created.id, totp_uri: created.totpUri },
      target: `operator:${input.username}`,
      after: { username: input.username, roles: input.roles, totp: input.totp },
    };
  },
});

const ZUsername = z.object({ username: z.string().min(1).max(64) });

async function operatorRow(tx: Tx, username: string) {
  const [row] = await tx
    .select()
    .from(operators)
    .where(eq(operators.username, username))
    .for('update');
  if (!row) throw new AppError(ErrorCode.RecordNotFound, '没有这个运营账号');
  return row;
}

/**
 * Enrolment of the second factor (a new operator made without one, a lost phone): a fresh TOTP
 * secret whose otpauth:// URI is answered once; the operator's sessions end.
 */
export const resetTotpAction = defineOperatorAction({
  name: 'operators.resetTotp',
  summary:
    'Give an operator a new TOTP secret (answers its otpauth:// URI once); ends their sessions',
  roles: ['admin'],
  needsReason: true,
  input: ZUsername,
  async run({ tx, input }) {
    const row = await operatorRow(tx, input.username);
    const totp = newTotp(row.username);
    await tx.update(operators).set({ totpSecret: totp.secret }).where(eq(operators.id, row.id));
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, row.id));
    return {
      result: { username: row.username, totp_uri: totp.uri },
      target: `operator:${row.username}`,
      before: { totp: row.totpSecret !== null },
      after: { totp: true },
    };
  },
});

/** An operator who left: no more logins, their sessions end at once. Audit rows stay. */
export const disableOperatorAction = defineOperatorAction({
  name: 'operators.disable',
  summary: 'Disable an operator account and end its sessions',
  roles: ['admin'],
  needsReason: true,
  input: ZUsername,
  async run({ tx, input, now }) {
    const row = await operatorRow(tx, input.username);
    await tx
      .update(operators)
      .set({ disabledAt: row.disabledAt ?? now })
      .where(eq(operators.id, row.id));
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, row.id));
    return {
      result: { username: row.username, disabled: true },
      target: `operator:${row.username}`,
      before: { disabled: row.disabledAt !== null },
      after: { disabled: true },
    };
  },
});
