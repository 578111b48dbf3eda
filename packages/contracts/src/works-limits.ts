/** Works, rankings and likes: sizes and texts, zod-free so that the web bundle can import them. */

/** Ranks of a book: a page holds 10 by default (learning-content §9), at most this many. */
export const RANKS_PAGE_SIZE = 10;
export const RANKS_PAGE_SIZE_MAX = 50;
/** A user's works list: 50 a page by default (§9), at most this many. */
export const WORKS_PAGE_SIZE = 50;
export const WORKS_PAGE_SIZE_MAX = 100;
/** "Best works" on a works home page (§9: best works 10). */
export const BEST_WORKS_COUNT = 10;

/** The success toast after DELETE /api/v1/user/works/{id} (§8 "work deleted successfully"). */
export const WORK_DELETED_MESSAGE = {
  'zh-CN': '作品删除成功',
  en: 'Work deleted successfully',
} as const;
