import { endpoints } from '@picbook/contracts';
import { expectOk } from '../../../test/envelope';
import type { TestApp } from '../../../test/test-app';
import type { OperatorRole } from '../../platform/ops/operator-action';
import { createOperator } from './operator-accounts';

let seq = 0;

/**
 * An operator with these roles (no second factor), logged in: the ops_token to send. Every
 * area's operator actions are tested through the API with it.
 */
export async function operatorToken(t: TestApp, roles: OperatorRole[]): Promise<string> {
  const username = `op${process.pid}x${++seq}`;
  const password = 'correct horse battery';
  await createOperator(t.database.db, { username, password, roles, totp: false });
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
