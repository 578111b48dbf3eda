/**
 * Whose the offline copies are (decision 096): a logout or another account forgets every cache of
 * the family; another child of the same family reads its own list of saved books.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/session';
import { apiCacheKey, OFFLINE_CACHES, SAVED_INDEX_PATH, tokenDigest } from './cache-rules';
import { isBookSaved, loadSavedBooks, useOfflineBooks } from './offline-books';

/** A Cache Storage in memory: enough of it for the page's side. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    const key = (r: RequestInfo | URL) => (typeof r === 'string' ? r : String(r));
    return {
      match: async (r: RequestInfo | URL) => store.get(key(r))?.clone(),
      put: async (r: RequestInfo | URL, res: Response) => void store.set(key(r), res),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      delete: async (r: Request) => store.delete(r.url),
    };
  };
  const deleted: string[] = [];
  const api = {
    open: vi.fn(open),
    delete: vi.fn(async (name: string) => {
      deleted.push(name);
      return stores.delete(name);
    }),
    keys: async () => [...stores.keys()],
  };
  return { api, stores, deleted };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

let device: ReturnType<typeof fakeCaches>;
beforeEach(async () => {
  device = fakeCaches();
  vi.stubGlobal('caches', device.api);
  useSession.setState({ token: 'family-a', childId: '7' });
  await settle();
  device.deleted.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

async function saveIndexFor(token: string, childId: string, ids: number[]) {
  const cache = await device.api.open(OFFLINE_CACHES.saved);
  const key = apiCacheKey(
    new URL(SAVED_INDEX_PATH, window.location.origin),
    await tokenDigest(token),
    childId,
  );
  await cache.put(
    key,
    new Response(
      JSON.stringify(ids.map((id) => ({ id, saved_at: id, card: { book_info: { id } } }))),
    ),
  );
}

describe('offline copies belong to one family and child', () => {
  it('reads the signed-in child’s list of saved books', async () => {
    await saveIndexFor('family-a', '7', [1101]);
    await saveIndexFor('family-a', '8', [1102]);
    await loadSavedBooks();
    expect(isBookSaved(1101)).toBe(true);
    expect(isBookSaved(1102)).toBe(false);
    // The other child of the family: its own list; nothing is deleted.
    useSession.getState().setChildId(8);
    await settle();
    expect(isBookSaved(1101)).toBe(false);
    expect(isBookSaved(1102)).toBe(true);
    expect(device.deleted).toEqual([]);
  });

  it('another account (a login over this session) forgets every offline cache', async () => {
    await saveIndexFor('family-a', '7', [1101]);
    await loadSavedBooks();
    expect(isBookSaved(1101)).toBe(true);
    useSession.getState().setLogin('family-b', 9);
    await settle();
    expect(device.deleted.sort()).toEqual(Object.values(OFFLINE_CACHES).sort());
    expect(isBookSaved(1101)).toBe(false);
    expect(useOfflineBooks.getState().saved).toEqual({});
  });

  it('logout forgets every offline cache', async () => {
    useSession.getState().logout();
    await settle();
    expect(device.deleted.sort()).toEqual(Object.values(OFFLINE_CACHES).sort());
  });
});
