import { endpoints } from '@picbook/contracts';
import { hashPassword } from '../src/platform/auth/passwords';
import { operators } from '../src/platform/db/schema';
import type { OperatorRole } from '../src/platform/ops/operator-action';
import { expectOk } from './envelope';
import type { TestApp } from './test-app';

let seq = 0;

/**
 * An operator with these roles (no second factor), logged in: the ops_token to send. Every
 * area's operator actions are tested through the API with it. The row is written as the
 * console's operators.create writes it (the console's own tests cover that action).
 */
export async function operatorToken(t: TestApp, roles: OperatorRole[]): Promise<string> {
  const username = `op${process.pid}x${++seq}`;
  const password = 'correct horse battery';
  await t.database.db.insert(operators).values({
    username,
    passwordHash: await hashPassword(password),
    roles: [...roles],
    totpSecret: null,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ops/login',
    payload: { username, password },
    remoteAddress: `10.9.${seq % 250}.1`,
  });
  return expectOk(res, endpoints.opsLogin).token;
}

/** POST /api/ops/actions/{name} as that operator; the raw response. */
export function runAction(
  t: TestApp,
  token: string,
  name: string,
  input: Record<string, unknown>,
  reason?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/ops/actions/${name}`,
    headers: { ops_token: token },
    payload: { input, ...(reason ? { reason } : {}) },
  });
}
