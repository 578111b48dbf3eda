import { storage } from '../../shared/platform/storage';
import { api } from '../../shared/request/api';
import { LEARNING_LEVEL_KEY } from '../../shared/settings/learning-level';
import { LEVEL_KEY } from '../../shared/settings/levels';
import { refreshProgress } from '../study-plan';

/**
 * The library and the learning tab open at the level last chosen on this device, else the child's
 * level. When a parent sets the child's level (the placement test's confirm, the learn setting),
 * both follow it, so they show the same level (decision 095). The other levels' plans and their
 * progress stay as they were: a level tab opens them again.
 */
export function followLevel(level: number): void {
  storage.set(LEARNING_LEVEL_KEY, String(level));
  storage.set(LEVEL_KEY, String(level));
}

/** The parent confirmed: the child follows `level` from now on (POST /api/v1/user/level/{id}). */
export async function switchLevel(level: number): Promise<void> {
  await api('setUserLevel', { params: { id: level }, body: { type: 20 } });
  followLevel(level);
  await refreshProgress();
}
