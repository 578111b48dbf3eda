import { ErrorCode, type TStorages } from '@picbook/contracts';
import { isUserSettingKey, SETTINGS_GROUP, USER_SETTING_DEFAULTS } from '@picbook/domain';
import { perUserCache } from '../../platform/cache/change-cache';
import type { DbOrTx } from '../../platform/db/client';
import { AppError, invalidParams } from '../../platform/errors';
import { createUserQueries } from './user.queries';

/** Groups the server stores; the spec names one. */
const GROUPS = new Set([SETTINGS_GROUP]);

function assertGroup(group: string): void {
  if (!GROUPS.has(group)) throw invalidParams('group', `不支持的分组 ${group}`);
}

/** A family's settings, kept per process until a change of user_settings (issue 41, 0020). */
const cachedSettings = perUserCache<TStorages['list']>(['user_settings'], 20_000);

async function querySettings(db: DbOrTx, userId: number): Promise<TStorages['list']> {
  const rows = await createUserQueries(db).listSettings(userId);
  return rows.map((r) => ({ key: r.key, value: r.value, group: r.group }));
}

const inGroup = (all: TStorages['list'] | null, group: string): TStorages => ({
  list: (all ?? []).filter((item) => item.group === group),
});

/** GET user/storages: asked for at every start of the app. */
export async function listStorages(db: DbOrTx, userId: number, group: string): Promise<TStorages> {
  assertGroup(group);
  return inGroup(await cachedSettings(db, userId, () => querySettings(db, userId)), group);
}

/**
 * Saves settings items; the last item for a key wins. Known numeric settings must be integers
 * (or empty, meaning "use the default"); unknown keys are refused so typos do not pile up.
 */
export async function saveStorages(
  db: DbOrTx,
  userId: number,
  group: string,
  list: Array<{ key: string; value: string; group?: string | undefined }>,
): Promise<TStorages> {
  assertGroup(group);
  const byKey = new Map<string, string>();
  for (const item of list) {
    if (item.group && item.group !== group) throw invalidParams('list.group', `与 group 不一致`);
    if (!isUserSettingKey(item.key)) throw invalidParams(`list.${item.key}`, '不是可保存的设置');
    const isNumber = typeof USER_SETTING_DEFAULTS[item.key] === 'number';
    if (isNumber && item.value !== '' && !/^-?\d+$/.test(item.value)) {
      throw new AppError(ErrorCode.InvalidParams, `参数错误：${item.key} 应为整数`, {
        field: item.key,
      });
    }
    byKey.set(item.key, item.value);
  }
  if (byKey.size > 0) await createUserQueries(db).saveSettings(userId, group, byKey);
  // Read fresh: the change feed may not have heard this write yet.
  return inGroup(await querySettings(db, userId), group);
}
