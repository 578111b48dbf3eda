import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { operatorAudit } from '../../platform/db/schema';

export type AuditRow = typeof operatorAudit.$inferSelect;

export function createOpsQueries(db: DbOrTx) {
  return {
    /** The audit log, newest first, filtered by action, target and operator (each optional). */
    async pageAudit(
      filter: { action?: string; target?: string; operator?: string },
      page: number,
      pageSize: number,
    ): Promise<{ rows: AuditRow[]; total: number }> {
      const filters: SQL[] = [];
      if (filter.action) filters.push(eq(operatorAudit.action, filter.action));
      if (filter.target) filters.push(eq(operatorAudit.target, filter.target));
      if (filter.operator) filters.push(eq(operatorAudit.operator, filter.operator));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(operatorAudit)
          .where(where)
          .orderBy(desc(operatorAudit.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(operatorAudit).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },
  };
}
