import { and, asc, count, desc, eq, inArray, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { orders, paymentNotifications, payments } from '../../platform/db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export function createOrderQueries(db: DbOrTx) {
  return {
    async findByNo(orderNo: string, lock = false): Promise<OrderRow | undefined> {
      const query = db.select().from(orders).where(eq(orders.orderNo, orderNo));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async findById(id: number, lock = false): Promise<OrderRow | undefined> {
      const query = db.select().from(orders).where(eq(orders.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async findByUuid(uuid: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.uuid, uuid));
      return row;
    },

    async findAttempt(userId: number, idempotencyKey: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
      return row;
    },

    async pageOf(userId: number, page: number, pageSize: number) {
      const [list, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(eq(orders.userId, userId))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
      ]);
      return { list, total: total?.n ?? 0 };
    },

    /** Unpaid orders whose payment window has passed (the sweeper closes them). */
    expired: (now: Date, limit: number) =>
      db
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'created'), lte(orders.expireAt, now)))
        .orderBy(asc(orders.expireAt))
        .limit(limit),

    /** Paid orders whose right was not granted yet (a crash between the two steps). */
    paidNotFulfilled: (limit: number) =>
      db
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'paid'), isNotNull(orders.userId)))
        .limit(limit),

    /** Orders newest first, by family, order number or status (each optional): the console's list. */
    listForOps(
      filter: { userId?: number; orderNo?: string; status?: string },
      window: { limit: number; offset: number },
    ) {
      const filters: SQL[] = [];
      if (filter.userId) filters.push(eq(orders.userId, filter.userId));
      if (filter.orderNo) filters.push(eq(orders.orderNo, filter.orderNo));
      if (filter.status) filters.push(eq(orders.status, filter.status));
      return db
        .select()
        .from(orders)
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(desc(orders.id))
        .limit(window.limit)
        .offset(window.offset);
    },

    paymentsOf: (orderIds: number[]) =>
      orderIds.length === 0
        ? Promise.resolve([] as PaymentRow[])
        : db
            .select()
            .from(payments)
            .where(inArray(payments.orderId, orderIds))
            .orderBy(asc(payments.id)),

    async findPayment(method: string, providerTxnId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.method, method),
            eq(payments.kind, 'payment'),
            eq(payments.providerTxnId, providerTxnId),
          ),
        );
      return row;
    },

    /** A deleted account's orders stay for the books, without the person. */
    async anonymise(userId: number, now: Date): Promise<void> {
      await db
        .update(orders)
        .set({ userId: null, anonymisedAt: now })
        .where(eq(orders.userId, userId));
    },

    recordNotification: (row: typeof paymentNotifications.$inferInsert) =>
      db.insert(paymentNotifications).values({ ...row, body: row.body?.slice(0, 4096) ?? null }),
  };
}
