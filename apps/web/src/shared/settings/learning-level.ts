/**
 * The level the learning and words tabs open at, remembered on the device (the parents' level
 * switch sets it with the library's, decision 095).
 */

/** The level the learning tab shows: the child's chosen one, remembered on the device. */
export const LEARNING_LEVEL_KEY = 'learning_level';

/** The level a tab opens at: the one chosen last on this device, else the child's, else 1. */
export function initialLevel(userLevel: number | undefined, saved: string | null): number {
  const chosen = Number(saved);
  if (Number.isInteger(chosen) && chosen >= 1 && chosen <= 6) return chosen;
  return userLevel && userLevel >= 1 && userLevel <= 6 ? userLevel : 1;
}
