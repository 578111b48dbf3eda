/**
 * Rules of works shown to others (learning-content §3 "rank item", "work"; §4 "like and unlike";
 * §5 paging; §9 "like floor 0", page sizes): likes, paging, orderings and the PK verdict. The
 * server applies them in SQL; the web uses the same rules for optimistic updates.
 */

/** A like count never goes below this (§9). */
export const LIKE_FLOOR = 0;

export type LikeAction = 'like' | 'unlike';

export interface LikeState {
  /** The work's like count. */
  like: number;
  /** Whether this user likes it. */
  is_liked: boolean;
}

/**
 * The state after `action`: a user's like counts once (liking again changes nothing), an unlike
 * takes back only one's own like, and the count moves by one with a floor of 0.
 */
export function applyLike(state: LikeState, action: LikeAction): LikeState {
  const wantLiked = action === 'like';
  if (state.is_liked === wantLiked) return state;
  return {
    like: Math.max(LIKE_FLOOR, state.like + (wantLiked ? 1 : -1)),
    is_liked: wantLiked,
  };
}

/** The rows of page `page` (from 1), `pageSize` a page. */
export function pageWindow(page: number, pageSize: number): { offset: number; limit: number } {
  const size = Math.max(1, Math.floor(pageSize));
  return { offset: (Math.max(1, Math.floor(page)) - 1) * size, limit: size };
}

/** Pages of `total` rows; at least 1, so "stop when the page equals the page count" stops. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, Math.floor(pageSize))));
}

/** Whether loading more stops after `page` (§5: when the current page equals the page count). */
export const isLastPage = (page: number, pageCount: number): boolean => page >= pageCount;

/** What an entry is ordered by. */
export interface OrderedEntry {
  score: number;
  likes: number;
  /** Unix seconds (or any increasing time). */
  createdAt: number;
  id: number;
}

export type SortKey = { key: keyof OrderedEntry; dir: 'asc' | 'desc' };

/** Rank sorts of GET /api/v1.2/books/{id}/ranks: 1 by likes, 2 by score (the spec's default). */
export const RANK_SORT = { likes: 1, score: 2 } as const;
export type RankSort = (typeof RANK_SORT)[keyof typeof RANK_SORT];

/**
 * Rank order: by score (higher first, the earlier work first on a tie) or by likes (more first,
 * then as by score). The id settles works made in the same instant.
 */
export function rankOrder(sort: RankSort): SortKey[] {
  const byScore: SortKey[] = [
    { key: 'score', dir: 'desc' },
    { key: 'createdAt', dir: 'asc' },
    { key: 'id', dir: 'asc' },
  ];
  return sort === RANK_SORT.likes ? [{ key: 'likes', dir: 'desc' }, ...byScore] : byScore;
}

/** Sorts of a user's works list (§7: default time_desc). */
export const WORK_SORTS = ['time_desc', 'time_asc', 'score_desc', 'like_desc'] as const;
export type WorkSort = (typeof WORK_SORTS)[number];

export function workOrder(sort: WorkSort): SortKey[] {
  switch (sort) {
    case 'time_asc':
      return [
        { key: 'createdAt', dir: 'asc' },
        { key: 'id', dir: 'asc' },
      ];
    case 'score_desc':
      return rankOrder(RANK_SORT.score);
    case 'like_desc':
      return [
        { key: 'likes', dir: 'desc' },
        { key: 'createdAt', dir: 'desc' },
        { key: 'id', dir: 'desc' },
      ];
    default:
      return [
        { key: 'createdAt', dir: 'desc' },
        { key: 'id', dir: 'desc' },
      ];
  }
}

/** A comparator for `order` (Array.prototype.sort). */
export function compareBy(order: readonly SortKey[]) {
  return (a: OrderedEntry, b: OrderedEntry): number => {
    for (const { key, dir } of order) {
      const diff = a[key] - b[key];
      if (diff !== 0) return dir === 'asc' ? diff : -diff;
    }
    return 0;
  };
}

export type PkWinner = 'mine' | 'theirs' | 'draw';

/** Who wins a PK: the higher work score; no work of one's own counts 0. */
export function pkWinner(mine: number | null, theirs: number): PkWinner {
  const own = mine ?? 0;
  if (own === theirs) return 'draw';
  return own > theirs ? 'mine' : 'theirs';
}
