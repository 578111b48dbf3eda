import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { addresses } from '../../platform/db/schema';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Pick<
  AddressRow,
  'name' | 'phone' | 'provinceCode' | 'cityCode' | 'countyCode' | 'street' | 'isDefault'
>;

export function createAddressQueries(db: DbOrTx) {
  const mine = (userId: number, id: number) =>
    and(eq(addresses.userId, userId), eq(addresses.id, id));
  return {
    /** The default first, then the newest. */
    list(userId: number): Promise<AddressRow[]> {
      return db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), desc(addresses.updatedAt), asc(addresses.id));
    },

    async find(userId: number, id: number): Promise<AddressRow | null> {
      const rows = await db.select().from(addresses).where(mine(userId, id)).limit(1);
      return rows[0] ?? null;
    },

    async count(userId: number): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(addresses)
        .where(eq(addresses.userId, userId));
      return rows[0]?.n ?? 0;
    },

    async insert(userId: number, values: AddressValues, now: Date): Promise<AddressRow> {
      const [row] = await db
        .insert(addresses)
        .values({ userId, ...values, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('address not inserted');
      return row;
    },

    async update(
      userId: number,
      id: number,
      values: AddressValues,
      now: Date,
    ): Promise<AddressRow | null> {
      const [row] = await db
        .update(addresses)
        .set({ ...values, updatedAt: now })
        .where(mine(userId, id))
        .returning();
      return row ?? null;
    },

    /** Only one default address: the others lose the flag. */
    async clearOtherDefaults(userId: number, keepId: number): Promise<void> {
      await db
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), ne(addresses.id, keepId)));
    },

    async setDefault(userId: number, id: number): Promise<void> {
      await db.update(addresses).set({ isDefault: true }).where(mine(userId, id));
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(addresses)
        .where(mine(userId, id))
        .returning({ id: addresses.id });
      return rows.length > 0;
    },
  };
}
