import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { admit, type Operator, type OperatorRole, writeAudit } from './operator-action';

/**
 * Something an operator may look at (the books, the orders, a family's rights and ledger …): the
 * read side of the console (decision 066). Role-checked and validated like an action, but a look
 * changes nothing, so it writes no audit row — except a view marked `needsReason` (a family's
 * recordings, say), whose every look is recorded with its reason.
 */
export interface OperatorView<I = unknown, R = unknown> {
  /** `<area>.<noun>`, e.g. `support.family`. */
  name: string;
  summary: string;
  /** Roles that may look; admin may look at everything. */
  roles: readonly OperatorRole[];
  needsReason?: boolean;
  input: z.ZodType<I>;
  read(ctx: {
    deps: AppDeps;
    operator: Operator;
    input: I;
    now: Date;
  }): Promise<{ result: R; target?: string | null }>;
}

export function defineOperatorView<I, R>(view: OperatorView<I, R>): OperatorView<I, R> {
  return view;
}

/** Role, reason and input checked as for actions; a reasoned look leaves its audit row. */
export async function readOperatorView<I, R>(
  deps: AppDeps,
  operator: Operator,
  view: OperatorView<I, R>,
  rawInput: unknown,
  reason: string | null = null,
): Promise<{ result: R; auditId: number | null }> {
  const input = admit(operator, view, rawInput, reason);
  const now = deps.clock.now();
  const seen = await view.read({ deps, operator, input, now });
  if (!view.needsReason) return { result: seen.result, auditId: null };
  const auditId = await writeAudit(deps.db, {
    operator,
    action: view.name,
    reason,
    input,
    outcome: { target: seen.target ?? null },
    now,
  });
  return { result: seen.result, auditId };
}
