import {
  type TConfigs,
  type TPromotionItem,
  type TSmsAreas,
  ZConfigs,
  ZPromotionItem,
  ZSmsAreas,
} from '@picbook/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/client';
import { defaultConfigs, defaultPromotions, defaultSmsAreas } from './configs.defaults';
import { createConfigQueries } from './configs.queries';

const CONFIG_KEYS = Object.keys(ZConfigs.shape) as (keyof TConfigs)[];
const PROMOTION_KEY = 'promotion';
const SMS_AREAS_KEY = 'sms_areas';

/** Writes the first-start values for every key that is not in the store yet. */
export async function seedConfigs(db: DbOrTx): Promise<number> {
  return createConfigQueries(db).insertMissing({
    ...defaultConfigs,
    [PROMOTION_KEY]: defaultPromotions,
    [SMS_AREAS_KEY]: defaultSmsAreas,
  });
}

/**
 * Reads one stored value through its schema. A value an operator broke is logged and replaced
 * by the default, so a typo in one key never takes the app's start-up down.
 */
function readValue<T>(
  stored: Map<string, unknown>,
  key: string,
  schema: z.ZodType<T>,
  fallback: T,
  log: FastifyBaseLogger,
): T {
  if (!stored.has(key)) return fallback;
  const parsed = schema.safeParse(stored.get(key));
  if (parsed.success) return parsed.data;
  log.error(
    { key, issues: parsed.error.issues.slice(0, 5) },
    'invalid config value, using default',
  );
  return fallback;
}

export async function loadConfigs(db: DbOrTx, log: FastifyBaseLogger): Promise<TConfigs> {
  const stored = await createConfigQueries(db).findValues(CONFIG_KEYS);
  const entries = CONFIG_KEYS.map((key) => [
    key,
    readValue(stored, key, ZConfigs.shape[key] as z.ZodType<unknown>, defaultConfigs[key], log),
  ]);
  return Object.fromEntries(entries) as TConfigs;
}

export async function loadPromotions(
  db: DbOrTx,
  log: FastifyBaseLogger,
): Promise<TPromotionItem[]> {
  const stored = await createConfigQueries(db).findValues([PROMOTION_KEY]);
  return readValue(stored, PROMOTION_KEY, z.array(ZPromotionItem), defaultPromotions, log);
}

export async function loadSmsAreas(db: DbOrTx, log: FastifyBaseLogger): Promise<TSmsAreas> {
  const stored = await createConfigQueries(db).findValues([SMS_AREAS_KEY]);
  return readValue(stored, SMS_AREAS_KEY, ZSmsAreas, defaultSmsAreas, log);
}
