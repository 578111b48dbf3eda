import { applyLike, type LikeAction, type LikeState } from '@picbook/domain';
import { create } from 'zustand';
import { api } from '../../shared/request/api';
import { queryClient } from '../../shared/request/query-client';
import { useSession } from '../../shared/session/session';

/**
 * Likes of works (learning-content §4 "like and unlike"): shown at once (optimistic); a second tap
 * is ignored while a request for that work is pending; the count moves by one with a floor of 0
 * for that work only; when the server answers, its count wins and every cached list showing the
 * work is updated; on failure the optimistic change is undone (the request layer shows 10400 /
 * 10024 as an info toast).
 */
interface LikeEntry extends LikeState {
  pending: boolean;
}

interface LikeStore {
  byId: Record<number, LikeEntry>;
  /** Likes or unlikes work `id`; resolves false when ignored (pending) or failed. */
  toggle(id: number, current: LikeState): Promise<boolean>;
}

/** Cached API answers that list works: rank lists, my rank, rank detail, works lists, overview. */
function patchCaches(id: number, state: LikeState): void {
  const patch = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(patch);
    if (!value || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    // A rank item or a rank detail.
    if ((record.rank_id === id || record.id === id) && 'is_liked' in record && 'like' in record) {
      return { ...record, like: state.like, is_liked: state.is_liked };
    }
    // A works-list entry: { work_info: { id, like }, is_liked }.
    const info = record.work_info as Record<string, unknown> | undefined;
    if (info && info.id === id) {
      return { ...record, is_liked: state.is_liked, work_info: { ...info, like: state.like } };
    }
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(record)) {
      const patched = patch(inner);
      if (patched !== inner) changed = true;
      next[key] = patched;
    }
    return changed ? next : value;
  };
  queryClient.setQueriesData({ queryKey: ['works'] }, patch);
}

export const useLikes = create<LikeStore>((set, get) => ({
  byId: {},
  async toggle(id, current) {
    const known = get().byId[id];
    if (known?.pending) return false;
    const before: LikeState = known ? { like: known.like, is_liked: known.is_liked } : current;
    const action: LikeAction = before.is_liked ? 'unlike' : 'like';
    const optimistic = applyLike(before, action);
    set((s) => ({ byId: { ...s.byId, [id]: { ...optimistic, pending: true } } }));
    try {
      const answer = await api(action === 'like' ? 'likeWork' : 'unlikeWork', { params: { id } });
      const confirmed = { like: answer.like, is_liked: answer.is_liked };
      // The cached lists now hold the server's answer: they are what is shown from here on.
      patchCaches(id, confirmed);
      set((s) => {
        const { [id]: _done, ...rest } = s.byId;
        return { byId: rest };
      });
      // A works home's total likes is a sum the client cannot patch: ask again when shown.
      void queryClient.invalidateQueries({ queryKey: ['works', 'home'] });
      return true;
    } catch {
      set((s) => ({ byId: { ...s.byId, [id]: { ...before, pending: false } } }));
      return false;
    }
  },
}));

// Another user's likes are not ours: forget them when the account changes.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token) useLikes.setState({ byId: {} });
});

/** The like state to show for a work: the store's when it has one, else the server's. */
export function useLikeState(id: number, fromServer: LikeState): LikeEntry {
  const entry = useLikes((s) => s.byId[id]);
  return entry ?? { ...fromServer, pending: false };
}
