import type { TLikeResult } from '@picbook/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/request/query-client';
import { type ApiError, apiError, stubApi } from '../../test/api-stub';
import { useLikes } from './like-store';

/** Likes (learning-content §4): optimistic, one request at a time per work, floor 0, caches patched. */

/** Answers the request in flight (set when fetch is called). */
const gate: { release: (() => void) | null } = { release: null };
const releaseNow = () => gate.release?.();
let answers: Array<() => TLikeResult | ApiError> = [];
const gated = () =>
  new Promise<TLikeResult | ApiError>((resolve) => {
    const next = answers.shift() ?? (() => apiError(10400, '操作太快了', {}));
    gate.release = () => resolve(next());
  });
let fetchMock: ReturnType<typeof stubApi>['fetchMock'];

beforeEach(() => {
  fetchMock = stubApi({ likeWork: gated, unlikeWork: gated }).fetchMock;
  useLikes.setState({ byId: {} });
  queryClient.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('like store', () => {
  it('shows the like at once, ignores a second tap while pending, then takes the server count', async () => {
    answers = [() => ({ id: 7, like: 5, is_liked: true })];
    const first = useLikes.getState().toggle(7, { like: 3, is_liked: false });
    expect(useLikes.getState().byId[7]).toEqual({ like: 4, is_liked: true, pending: true });
    expect(await useLikes.getState().toggle(7, { like: 3, is_liked: false })).toBe(false);
    await vi.waitFor(() => expect(gate.release).not.toBeNull());
    releaseNow();
    expect(await first).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/v1/rank/7/like');
    // Confirmed: the entry gives way to the patched caches.
    expect(useLikes.getState().byId[7]).toBeUndefined();
  });

  it('an unlike never shows a count below 0, and a failure puts the old state back', async () => {
    gate.release = null;
    answers = [() => apiError(10024, '记录不存在或已删除')];
    const done = useLikes.getState().toggle(9, { like: 0, is_liked: true });
    expect(useLikes.getState().byId[9]).toEqual({ like: 0, is_liked: false, pending: true });
    await vi.waitFor(() => expect(gate.release).not.toBeNull());
    releaseNow();
    expect(await done).toBe(false);
    expect(useLikes.getState().byId[9]).toEqual({ like: 0, is_liked: true, pending: false });
  });

  it('patches the cached lists showing that work, and only that work', async () => {
    gate.release = null;
    queryClient.setQueryData(['works', 'ranks', 1101, 1], {
      pages: [
        {
          list: [
            { rank_id: 7, id: 7, like: 3, is_liked: false },
            { rank_id: 8, id: 8, like: 3, is_liked: false },
          ],
        },
      ],
    });
    queryClient.setQueryData(['works', 'list', 1], {
      pages: [{ list: [{ work_info: { id: 7, like: 3 }, is_liked: false }] }],
    });
    answers = [() => ({ id: 7, like: 4, is_liked: true })];
    const done = useLikes.getState().toggle(7, { like: 3, is_liked: false });
    await vi.waitFor(() => expect(gate.release).not.toBeNull());
    releaseNow();
    await done;
    const ranks = queryClient.getQueryData<{ pages: Array<{ list: unknown[] }> }>([
      'works',
      'ranks',
      1101,
      1,
    ]);
    expect(ranks?.pages[0]?.list).toEqual([
      { rank_id: 7, id: 7, like: 4, is_liked: true },
      { rank_id: 8, id: 8, like: 3, is_liked: false },
    ]);
    const list = queryClient.getQueryData<{ pages: Array<{ list: unknown[] }> }>([
      'works',
      'list',
      1,
    ]);
    expect(list?.pages[0]?.list).toEqual([{ work_info: { id: 7, like: 4 }, is_liked: true }]);
  });
});
