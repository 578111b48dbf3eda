import type { TWorkUser } from '@picbook/contracts';
import { asc, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../platform/db/client';
import { children } from '../../platform/db/schema';
import { loadConfigs } from '../configs';

/**
 * How the makers of works appear to others: the account's first child (children[0]) with the
 * region's name from the configs. An account without a child shows empty names.
 */
export async function loadWorkUsers(
  db: DbOrTx,
  log: FastifyBaseLogger,
  userIds: readonly number[],
): Promise<Map<number, TWorkUser>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const [rows, configs] = await Promise.all([
    db.select().from(children).where(inArray(children.userId, ids)).orderBy(asc(children.id)),
    loadConfigs(db, log),
  ]);
  const regionName = new Map(configs.regions.map((r) => [r.id, r.name]));
  const users = new Map<number, TWorkUser>();
  for (const child of rows) {
    // children[0]: rows come by child id, so the first one seen is the account's first child.
    if (users.has(child.userId)) continue;
    users.set(child.userId, {
      id: child.userId,
      nickname: child.nickname,
      avatar: child.avatar,
      region: child.region,
      regionName: regionName.get(child.region) ?? '',
    });
  }
  return users;
}

/** The user of `id` from a map built by loadWorkUsers (empty names when it has no child). */
export const workUserOf = (users: Map<number, TWorkUser>, id: number): TWorkUser =>
  users.get(id) ?? { id, nickname: '', avatar: '', region: 0, regionName: '' };
