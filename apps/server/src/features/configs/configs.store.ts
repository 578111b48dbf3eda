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
import { type ChangeCache, createChangeCache } from '../../platform/cache/change-cache';
import { createVersionedCache, type VersionedCache } from '../../platform/cache/versioned-cache';
import { changeFeedOf } from '../../platform/db/change-feed';
import type { DbOrTx } from '../../platform/db/client';
import { defaultConfigs, defaultPromotions, defaultSmsAreas } from './configs.defaults';
import { createConfigQueries } from './configs.queries';

const CONFIG_KEYS = Object.keys(ZConfigs.shape) as (keyof TConfigs)[];

/**
 * Server-only settings in the same store, never sent to clients: review accounts (reserved CN
 * numbers 10x/11x/12x with fixed codes for app-store review) and the signup rule.
 */
const privateSchemas = {
  review_accounts: z.array(
    z.object({ nation_code: z.string(), mobile: z.string(), pin: z.string().regex(/^\d+$/) }),
  ),
  signup: z.object({ invite_required: z.number().int().min(0).max(1) }),
};
type PrivateConfigs = { [K in keyof typeof privateSchemas]: z.infer<(typeof privateSchemas)[K]> };
const privateDefaults: PrivateConfigs = {
  review_accounts: [],
  signup: { invite_required: 0 },
};
const PROMOTION_KEY = 'promotion';
const SMS_AREAS_KEY = 'sms_areas';

/** Writes the first-start values for every key that is not in the store yet. */
export async function seedConfigs(db: DbOrTx): Promise<number> {
  return createConfigQueries(db).insertMissing({
    ...defaultConfigs,
    [PROMOTION_KEY]: defaultPromotions,
    [SMS_AREAS_KEY]: defaultSmsAreas,
    ...privateDefaults,
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

/**
 * What the public config endpoints answer, parsed once per version of the store (decision 071):
 * each request reads only the store's version, so an operator's edit on any process is served by
 * every process on its next request. While the database's change feed is live (decision 078) not
 * even the version is read: a write to config_entries drops the parsed answers at once.
 */
const publicCaches = new WeakMap<object, VersionedCache<unknown>>();
const feedCaches = new WeakMap<object, ChangeCache<unknown>>();

function cachedPublic<T>(db: DbOrTx, name: string, load: () => Promise<T>): Promise<T> {
  let cache = publicCaches.get(db);
  if (!cache) {
    cache = createVersionedCache<unknown>(10);
    publicCaches.set(db, cache);
  }
  const store = cache;
  const versioned = () =>
    createConfigQueries(db)
      .version()
      .then((version) => store.get(name, version, load) as Promise<T>);
  const feed = changeFeedOf(db);
  if (!feed) return versioned();
  let fed = feedCaches.get(db);
  if (!fed) {
    fed = createChangeCache<unknown>(feed, ['config_entries'], 10);
    feedCaches.set(db, fed);
  }
  return fed.get(name, async () => ({
    value: await versioned(),
    owner: null,
    keep: true,
  })) as Promise<T>;
}

export function loadConfigs(db: DbOrTx, log: FastifyBaseLogger): Promise<TConfigs> {
  return cachedPublic(db, 'configs', () => readConfigs(db, log));
}

async function readConfigs(db: DbOrTx, log: FastifyBaseLogger): Promise<TConfigs> {
  const stored = await createConfigQueries(db).findValues(CONFIG_KEYS);
  const entries = CONFIG_KEYS.map((key) => [
    key,
    readValue(stored, key, ZConfigs.shape[key] as z.ZodType<unknown>, defaultConfigs[key], log),
  ]);
  return Object.fromEntries(entries) as TConfigs;
}

export function loadPromotions(db: DbOrTx, log: FastifyBaseLogger): Promise<TPromotionItem[]> {
  return cachedPublic(db, PROMOTION_KEY, async () => {
    const stored = await createConfigQueries(db).findValues([PROMOTION_KEY]);
    return readValue(stored, PROMOTION_KEY, z.array(ZPromotionItem), defaultPromotions, log);
  });
}

export function loadSmsAreas(db: DbOrTx, log: FastifyBaseLogger): Promise<TSmsAreas> {
  return cachedPublic(db, SMS_AREAS_KEY, async () => {
    const stored = await createConfigQueries(db).findValues([SMS_AREAS_KEY]);
    return readValue(stored, SMS_AREAS_KEY, ZSmsAreas, defaultSmsAreas, log);
  });
}

export async function loadPrivateConfig<K extends keyof PrivateConfigs>(
  db: DbOrTx,
  key: K,
  log?: FastifyBaseLogger,
): Promise<PrivateConfigs[K]> {
  const stored = await createConfigQueries(db).findValues([key]);
  const schema = privateSchemas[key] as unknown as z.ZodType<PrivateConfigs[K]>;
  const parsed = stored.has(key) ? schema.safeParse(stored.get(key)) : null;
  if (parsed?.success) return parsed.data;
  if (parsed) log?.error({ key }, 'invalid private config value, using default');
  return privateDefaults[key];
}

/** The schema every stored key must satisfy (public, promotion, SMS areas and private keys). */
export function configSchemaFor(key: string): z.ZodType<unknown> | null {
  if (key === PROMOTION_KEY) return z.array(ZPromotionItem);
  if (key === SMS_AREAS_KEY) return ZSmsAreas;
  if (key in privateSchemas) return privateSchemas[key as keyof PrivateConfigs];
  if ((CONFIG_KEYS as string[]).includes(key)) return ZConfigs.shape[key as keyof TConfigs];
  return null;
}
