import { ErrorCode } from '@picbook/contracts';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../db/client';
import { operatorAudit } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError, invalidParams } from '../errors';

export const OPERATOR_ROLES = ['content', 'commerce', 'support', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Who runs an action: `op:<username>` from the API, `cli:<os user>` from `npm run ops`. */
export interface Operator {
  name: string;
  roles: readonly OperatorRole[];
}

/** What an action did: its answer, and for the audit log what it changed, before and after. */
export interface ActionOutcome<R> {
  result: R;
  /** e.g. `order:42`; null when the action changes nothing in particular. */
  target: string | null;
  before?: unknown;
  after?: unknown;
}

export interface ActionContext<I, P = undefined> {
  deps: AppDeps;
  /** The transaction the audit row is written in: the change and its record commit together. */
  tx: Tx;
  operator: Operator;
  input: I;
  now: Date;
  /** What the action's `prepare` made before the transaction (undefined without one). */
  prepared: P;
}

/** What `prepare` sees: everything but the transaction. */
export type PrepareContext<I> = Omit<ActionContext<I>, 'tx' | 'prepared'>;

/**
 * One thing an operator may do (create a gift-card batch, refund an order, set stock …). Every
 * area declares its actions with {@link defineOperatorAction}; the one registry
 * (features/ops/action-registry.ts) serves them to the API, the CLI and the console alike, so
 * there is exactly one audited way to make each change.
 */
export interface OperatorAction<I = unknown, R = unknown, P = undefined> {
  /** `<area>.<verb>`, e.g. `giftcards.createBatch`. */
  name: string;
  summary: string;
  /** Roles that may run it; admin may run everything. */
  roles: readonly OperatorRole[];
  /** Actions on a family's data (refunds, looking at recordings …) must say why. */
  needsReason?: boolean;
  input: z.ZodType<I>;
  /**
   * Slow work the change needs that must not hold a transaction open (building an uploaded book's
   * pictures and narration): runs after the role and input checks, before the transaction. It
   * changes nothing the audit log is about; what it makes is handed to `run` as `prepared`.
   */
  prepare?(ctx: PrepareContext<I>): Promise<P>;
  run(ctx: ActionContext<I, P>): Promise<ActionOutcome<R>>;
  /**
   * What the audit log keeps of the input, when not all of it: an uploaded recording is kept as
   * its size and hash (the file itself is named in the outcome), not megabytes of base64.
   */
  auditInput?(input: I): unknown;
}

export function defineOperatorAction<I, R, P = undefined>(
  action: OperatorAction<I, R, P>,
): OperatorAction<I, R, P> {
  return action;
}

export function mayRun(operator: Operator, action: Pick<OperatorAction, 'roles'>): boolean {
  return operator.roles.some((role) => role === 'admin' || action.roles.includes(role));
}

const inputSchemas = new WeakMap<object, Record<string, unknown>>();

/**
 * The input an action (or view) accepts as JSON Schema, made by zod from the very schema
 * {@link admit} parses with (the input side: defaults optional, transforms before they run), so
 * the console's form for it can never drift from what the server checks (decision 097).
 */
export function inputJsonSchema(entry: Pick<OperatorAction, 'input'>): Record<string, unknown> {
  const known = inputSchemas.get(entry.input);
  if (known) return known;
  const { $schema: _, ...schema } = z.toJSONSchema(entry.input, {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  inputSchemas.set(entry.input, schema);
  return schema;
}

export interface RunResult<R> {
  result: R;
  auditId: number;
}

/**
 * Checks the operator's role, validates the input (400 / 10001 naming the field), runs the action
 * in a transaction and writes its audit row in the same transaction.
 */
export async function runOperatorAction<I, R, P>(
  deps: AppDeps,
  operator: Operator,
  action: OperatorAction<I, R, P>,
  rawInput: unknown,
  reason: string | null = null,
): Promise<RunResult<R>> {
  const input = admit(operator, action, rawInput, reason);
  const prepared = action.prepare
    ? await action.prepare({ deps, operator, input, now: deps.clock.now() })
    : (undefined as P);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const outcome = await action.run({ deps, tx, operator, input, now, prepared });
    const auditId = await writeAudit(tx, {
      operator,
      action: action.name,
      reason,
      input: action.auditInput ? action.auditInput(input) : input,
      outcome,
      now,
    });
    return { result: outcome.result, auditId };
  });
}

/**
 * The gate every operator request passes (actions and views alike): the role (403 / 10403), the
 * reason when one is needed and the input (400 / 10001 naming the field). Answers the parsed input.
 */
export function admit<I>(
  operator: Operator,
  entry: Pick<OperatorAction<I>, 'name' | 'roles' | 'needsReason' | 'input'>,
  rawInput: unknown,
  reason: string | null,
): I {
  if (!mayRun(operator, entry)) {
    throw new AppError(ErrorCode.Forbidden, `没有权限执行该操作：${entry.name}`);
  }
  if (entry.needsReason && !reason?.trim()) throw invalidParams('reason', '请填写操作原因');
  const parsed = entry.input.safeParse(rawInput ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join('.') : 'input';
    throw invalidParams(field, issue?.message ?? '格式不正确');
  }
  return parsed.data;
}

/** One row of the append-only audit log; answers its id. */
export async function writeAudit(
  tx: DbOrTx,
  entry: {
    operator: Operator;
    action: string;
    reason: string | null;
    input: unknown;
    outcome: Pick<ActionOutcome<unknown>, 'target' | 'before' | 'after'>;
    now: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(operatorAudit)
    .values({
      operator: entry.operator.name,
      action: entry.action,
      target: entry.outcome.target,
      reason: entry.reason,
      input: entry.input,
      before: entry.outcome.before ?? null,
      after: entry.outcome.after ?? null,
      createdAt: entry.now,
    })
    .returning({ id: operatorAudit.id });
  if (!row) throw new Error('audit row not written');
  return row.id;
}
