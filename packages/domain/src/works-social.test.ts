import { describe, expect, it } from 'vitest';
import {
  applyLike,
  compareBy,
  isLastPage,
  type LikeAction,
  type LikeState,
  type OrderedEntry,
  pageCount,
  pageWindow,
  pkWinner,
  RANK_SORT,
  rankOrder,
  WORK_SORTS,
  type WorkSort,
  workOrder,
} from './works-social';

describe('applyLike (spec §4: ±1, floor 0, once per user)', () => {
  it.each<[LikeState, LikeAction, LikeState]>([
    [{ like: 0, is_liked: false }, 'like', { like: 1, is_liked: true }],
    [{ like: 7, is_liked: false }, 'like', { like: 8, is_liked: true }],
    [{ like: 8, is_liked: true }, 'like', { like: 8, is_liked: true }],
    [{ like: 8, is_liked: true }, 'unlike', { like: 7, is_liked: false }],
    [{ like: 1, is_liked: true }, 'unlike', { like: 0, is_liked: false }],
    [{ like: 0, is_liked: true }, 'unlike', { like: 0, is_liked: false }],
    [{ like: 5, is_liked: false }, 'unlike', { like: 5, is_liked: false }],
    [{ like: 0, is_liked: false }, 'unlike', { like: 0, is_liked: false }],
  ])('%j %s → %j', (state, action, after) => {
    expect(applyLike(state, action)).toEqual(after);
  });
});

describe('paging (pages from 1; page_count at least 1)', () => {
  it.each([
    // total, page, size → offset, limit, page_count
    [0, 1, 10, 0, 10, 1],
    [5, 1, 2, 0, 2, 3],
    [5, 3, 2, 4, 2, 3],
    [10, 1, 10, 0, 10, 1],
    [11, 2, 10, 10, 10, 2],
    [120, 1, 50, 0, 50, 3],
    [3, 0, 10, 0, 10, 1],
  ])(
    'total %i, page %i, size %i → offset %i limit %i pages %i',
    (total, page, size, offset, limit, pages) => {
      expect(pageWindow(page, size)).toEqual({ offset, limit });
      expect(pageCount(total, size)).toBe(pages);
    },
  );

  it.each([
    [1, 1, true],
    [1, 3, false],
    [3, 3, true],
    [4, 3, true],
  ])('page %i of %i is the last: %s', (page, count, last) => {
    expect(isLastPage(page, count)).toBe(last);
  });
});

const entry = (id: number, score: number, likes: number, createdAt: number): OrderedEntry => ({
  id,
  score,
  likes,
  createdAt,
});
// id, score, likes, created
const entries = [
  entry(1, 80, 2, 100),
  entry(2, 95, 0, 300),
  entry(3, 80, 9, 50),
  entry(4, 95, 2, 200),
  entry(5, 80, 2, 100),
];
const sortedIds = (order: ReturnType<typeof rankOrder>) =>
  [...entries].sort(compareBy(order)).map((e) => e.id);

describe('rank orders', () => {
  it('sort 2: score desc, the earlier work first on a tie, then the id', () => {
    expect(sortedIds(rankOrder(RANK_SORT.score))).toEqual([4, 2, 3, 1, 5]);
  });
  it('sort 1: likes desc, then as by score', () => {
    expect(sortedIds(rankOrder(RANK_SORT.likes))).toEqual([3, 4, 1, 5, 2]);
  });
});

describe('work list orders (default time_desc)', () => {
  it.each<[WorkSort, number[]]>([
    ['time_desc', [2, 4, 5, 1, 3]],
    ['time_asc', [3, 1, 5, 4, 2]],
    ['score_desc', [4, 2, 3, 1, 5]],
    ['like_desc', [3, 4, 5, 1, 2]],
  ])('%s → %j', (sort, ids) => {
    expect(sortedIds(workOrder(sort))).toEqual(ids);
  });
  it('knows the four sorts of the spec', () => {
    expect(WORK_SORTS).toEqual(['time_desc', 'time_asc', 'score_desc', 'like_desc']);
  });
});

describe('pkWinner', () => {
  it.each([
    [90, 80, 'mine'],
    [70, 80, 'theirs'],
    [80, 80, 'draw'],
    [null, 60, 'theirs'],
    [null, 0, 'draw'],
  ] as const)('mine %s vs theirs %i → %s', (mine, theirs, winner) => {
    expect(pkWinner(mine, theirs)).toBe(winner);
  });
});
