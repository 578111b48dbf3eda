import { and, asc, count, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
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

    /** Product ids and times of this user's fulfilled orders (user info paid and buy_info). */
    fulfilledOf: (userId: number) =>
      db
        .select({
          productId: orders.productId,
          rightName: orders.rightName,
          days: orders.days,
          paidAt: orders.paidAt,
        })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, 'fulfilled')))
        .orderBy(asc(orders.paidAt)),

    recordNotification: (row: typeof paymentNotifications.$inferInsert) =>
      db.insert(paymentNotifications).values({ ...row, body: row.body?.slice(0, 4096) ?? null }),
  };
}
