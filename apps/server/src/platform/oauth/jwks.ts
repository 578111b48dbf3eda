import { createPublicKey, type KeyObject } from 'node:crypto';
import { fetchJson, isRecord, requireOk, stringField } from './http';
import { type HttpFetch, OAuthExchangeError } from './types';

export interface JwksCacheOptions {
  url: string;
  fetch: HttpFetch;
  now: () => Date;
  /** How long a fetched key set is used before it is fetched again. */
  ttlMs: number;
  /**
   * An unknown kid refetches the set (key rotation), but not more often than this: anyone can
   * send tokens with made-up kids, and each must not become a request to the provider.
   */
  refetchCooldownMs: number;
}

export interface JwksCache {
  /** The RSA signing key with this kid, or undefined when the provider does not publish it. */
  getKey(kid: string): Promise<KeyObject | undefined>;
}

interface KeySet {
  keys: Map<string, KeyObject>;
  fetchedAt: number;
}

export function createJwksCache(options: JwksCacheOptions): JwksCache {
  const { url, now, ttlMs, refetchCooldownMs } = options;
  let current: KeySet | undefined;
  // Concurrent logins share one fetch instead of each starting its own.
  let inflight: Promise<KeySet> | undefined;

  const refresh = (): Promise<KeySet> => {
    inflight ??= load().finally(() => {
      inflight = undefined;
    });
    return inflight;
  };

  const load = async (): Promise<KeySet> => {
    const what = 'JWKS fetch';
    const body = requireOk(await fetchJson(options.fetch, url, { method: 'GET' }, what), what);
    const keys = parseKeys(body.keys);
    if (keys.size === 0)
      throw new OAuthExchangeError(`${what}: no usable RSA keys`, 'provider_error');
    current = { keys, fetchedAt: now().getTime() };
    return current;
  };

  const ageOf = (set: KeySet): number => now().getTime() - set.fetchedAt;

  return {
    async getKey(kid) {
      let set = current;
      // A clock that went backwards also counts as stale.
      if (!set || ageOf(set) >= ttlMs || ageOf(set) < 0) set = await refresh();
      const key = set.keys.get(kid);
      if (key || ageOf(set) < refetchCooldownMs) return key;
      set = await refresh();
      return set.keys.get(kid);
    },
  };
}

function parseKeys(list: unknown): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  if (!Array.isArray(list)) return keys;
  for (const entry of list) {
    if (!isRecord(entry) || entry.kty !== 'RSA') continue;
    // Only signing keys for RS256 (both fields are optional in JWKs).
    if (entry.use !== undefined && entry.use !== 'sig') continue;
    if (entry.alg !== undefined && entry.alg !== 'RS256') continue;
    const kid = stringField(entry, 'kid');
    const n = stringField(entry, 'n');
    const e = stringField(entry, 'e');
    if (!kid || !n || !e) continue;
    try {
      keys.set(kid, createPublicKey({ key: { kty: 'RSA', n, e }, format: 'jwk' }));
    } catch {
      // One malformed key must not take the others down with it.
    }
  }
  return keys;
}
