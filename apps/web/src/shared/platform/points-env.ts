import type { AppEnv } from './env';

/**
 * Shell §6: points are off on Xiaodu; §5: links to the points mall (and the gift list) need the
 * points capability.
 */
export const canUsePoints = (env: AppEnv): boolean => !env.isXiaodu;
