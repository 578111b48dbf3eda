import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import {
  children,
  thirdPartyBindings,
  userBalances,
  userRights,
  userSettings,
  users,
} from '../../platform/db/schema';

export type UserRow = typeof users.$inferSelect;
export type ChildRow = typeof children.$inferSelect;

export function createUserQueries(db: DbOrTx) {
  return {
    async findById(id: number): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async findByPhone(nationCode: string, mobile: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.phoneNationCode, nationCode), eq(users.phoneMobile, mobile)))
        .limit(1);
      return rows[0] ?? null;
    },

    async findByAccount(account: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(eq(users.account, account.toLowerCase()))
        .limit(1);
      return rows[0] ?? null;
    },

    async findByInviteCode(code: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.inviteCode, code)).limit(1);
      return rows[0] ?? null;
    },

    async insertUser(values: typeof users.$inferInsert): Promise<UserRow> {
      const rows = await db.insert(users).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert users returned nothing');
      return row;
    },

    async updateUser(
      id: number,
      values: Partial<typeof users.$inferInsert>,
    ): Promise<UserRow | null> {
      const rows = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return rows[0] ?? null;
    },

    async listChildren(userId: number): Promise<ChildRow[]> {
      return db
        .select()
        .from(children)
        .where(eq(children.userId, userId))
        .orderBy(asc(children.id));
    },

    async insertChild(values: typeof children.$inferInsert): Promise<ChildRow> {
      const rows = await db.insert(children).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert children returned nothing');
      return row;
    },

    async updateChild(
      id: number,
      values: Partial<typeof children.$inferInsert>,
    ): Promise<ChildRow | null> {
      const rows = await db
        .update(children)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(children.id, id))
        .returning();
      return rows[0] ?? null;
    },

    listRights(userId: number) {
      return db
        .select()
        .from(userRights)
        .where(eq(userRights.userId, userId))
        .orderBy(asc(userRights.id));
    },

    async findBalances(userId: number) {
      const rows = await db
        .select()
        .from(userBalances)
        .where(eq(userBalances.userId, userId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A family's stored settings, by key. */
    listSettings(userId: number) {
      return db
        .select()
        .from(userSettings)
        .where(eq(userSettings.userId, userId))
        .orderBy(asc(userSettings.key));
    },

    /** Stores settings of one group (a key saved again takes the new value). */
    async saveSettings(userId: number, group: string, values: Map<string, string>): Promise<void> {
      await db
        .insert(userSettings)
        .values([...values].map(([key, value]) => ({ userId, group, key, value })))
        .onConflictDoUpdate({
          target: [userSettings.userId, userSettings.group, userSettings.key],
          set: { value: sql`excluded.value`, updatedAt: sql`now()` },
        });
    },

    listBindings(userId: number) {
      return db
        .select({ family: thirdPartyBindings.family })
        .from(thirdPartyBindings)
        .where(eq(thirdPartyBindings.userId, userId))
        .orderBy(asc(thirdPartyBindings.family));
    },
  };
}
