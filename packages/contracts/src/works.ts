import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { ZBookIdParams, ZImageSet } from './library';
import { ZWorkType } from './rewards';
import { routes } from './routes';
import { ZScoredWord } from './speech';
import {
  RANKS_PAGE_SIZE,
  RANKS_PAGE_SIZE_MAX,
  WORKS_PAGE_SIZE,
  WORKS_PAGE_SIZE_MAX,
} from './works-limits';

export * from './works-limits';

/**
 * Works shown to others (learning-content §2 works and PK screens, §3 "rank item" and "work", §4
 * "like and unlike", §7 user content and ranks). A work is one run through a book in repeat (1) or
 * speak (2) mode; its score is the mean of its items' best scores over the book's items. Other
 * people see a child's works only while a guardian has agreed to show them (public_works); the
 * owner always sees their own. Times are Unix seconds.
 */

const rowId = z.coerce.number().int().min(1).max(2_147_483_647);
/** `id` of a work (rank/{id}, DELETE user/works/{id}). */
export const ZWorkIdParams = z.object({ id: rowId });
/** `id` of a user (user/overview/{id}, user/works/{id}). */
export const ZUserIdParams = z.object({ id: rowId });

const page = z.coerce.number().int().min(1).max(100_000).default(1);

/** The guardian's choice to show the child's works to others (default: not shown). */
export const ZPublicWorks = z.object({
  consented: z.union([z.literal(0), z.literal(1)]),
  /** When the choice was last made; null when never. */
  updated_at: z.number().int().nullable(),
});
export type TPublicWorks = z.infer<typeof ZPublicWorks>;
export const ZPublicWorksBody = z.object({ consented: z.number().int().min(0).max(1) });

/** Who made a work, as others see them (the account's first child). */
export const ZWorkUser = z.object({
  /** The user id (GET user/overview/{id}). */
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  /** Region id of the configs' regions, and its name ('' when unknown). */
  region: z.number().int(),
  regionName: z.string(),
});
export type TWorkUser = z.infer<typeof ZWorkUser>;

/** Answer of POST rank/{id}/like and /unlike: the work's count and this user's like now. */
export const ZLikeResult = z.object({
  id: z.number().int(),
  like: z.number().int(),
  is_liked: z.boolean(),
});
export type TLikeResult = z.infer<typeof ZLikeResult>;

/** One scored item of a work: its best recording. */
export const ZWorkItem = z.object({
  /** p{page}s{n} (repeat) or p{page} (speak). */
  content_id: z.string(),
  /** The page. */
  secondary_id: z.number().int(),
  score: z.number().int(),
  /** The recording, served under /uploads/. */
  audio_url: z.string(),
  /** Seconds. */
  duration: z.number(),
  words: z.array(ZScoredWord),
});
export type TWorkItem = z.infer<typeof ZWorkItem>;

/** GET /api/v1/rank/{id}: one work with its items in reading order. */
export const ZRankDetail = z.object({
  id: z.number().int(),
  rank_id: z.number().int(),
  user: ZWorkUser,
  book_id: z.number().int(),
  type: z.number().int(),
  score: z.number().int(),
  like: z.number().int(),
  is_liked: z.boolean(),
  /** Whether the run was finished (its finishing reward claimed). */
  finished: z.boolean(),
  created_at: z.number().int(),
  items: z.array(ZWorkItem),
});
export type TRankDetail = z.infer<typeof ZRankDetail>;

/** 1 by likes, 2 by score (the spec's default). */
export const ZRankSort = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2)]));

export const ZRanksQuery = z.object({
  type: ZWorkType.default(1),
  sort: ZRankSort.default(2),
  page,
  page_size: z.coerce.number().int().min(1).max(RANKS_PAGE_SIZE_MAX).default(RANKS_PAGE_SIZE),
});

/** A child's best work of a book in one mode, as a line of the ranking (§3 "rank item"). */
export const ZRankItem = z.object({
  /** The work's id (GET rank/{id}, PK rank_id). */
  rank_id: z.number().int(),
  id: z.number().int(),
  /** Position in the ranking (1 = best); null where not ranked (not public, or PK sides). */
  rank: z.number().int().nullable(),
  user_id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  region: z.number().int(),
  regionName: z.string(),
  book_id: z.number().int(),
  type: z.number().int(),
  score: z.number().int(),
  like: z.number().int(),
  is_liked: z.boolean(),
  created_at: z.number().int(),
});
export type TRankItem = z.infer<typeof ZRankItem>;

export const ZRanks = z.object({
  list: z.array(ZRankItem),
  page: z.number().int(),
  page_size: z.number().int(),
  /** At least 1; loading more stops when page equals page_count. */
  page_count: z.number().int(),
  total: z.number().int(),
});
export type TRanks = z.infer<typeof ZRanks>;

export const ZMyRankQuery = z.object({ type: ZWorkType.default(1), sort: ZRankSort.default(2) });
export const ZMyRank = z.object({
  /** The caller's position; null when they have no work or their works are not public. */
  rank: z.number().int().nullable(),
  /** Children in the ranking. */
  total: z.number().int(),
  /** The caller's best work (shown to them even when not public); null when none. */
  item: ZRankItem.nullable(),
});
export type TMyRank = z.infer<typeof ZMyRank>;

export const ZPkQuery = z.object({ type: ZWorkType.default(1), rank_id: rowId });
const ZPkSide = z.object({ score: z.number().int(), audio_url: z.string() }).nullable();
export const ZPkItem = z.object({
  content_id: z.string(),
  secondary_id: z.number().int(),
  /** The sentence (repeat) or the page's sentences (speak). */
  text: z.string(),
  /** Each side's best recording of the item; null when not recorded. */
  mine: ZPkSide,
  theirs: ZPkSide,
});
export const ZPk = z.object({
  book_id: z.number().int(),
  type: z.number().int(),
  /** The caller's best work of the book in this mode; null when none yet. */
  mine: ZRankItem.nullable(),
  theirs: ZRankItem,
  /** Every item of the book in reading order. */
  list: z.array(ZPkItem),
  /** The works' scores (mean over the book's items; no work counts 0). */
  totals: z.object({ mine: z.number().int(), theirs: z.number().int() }),
  winner: z.enum(['mine', 'theirs', 'draw']),
});
export type TPk = z.infer<typeof ZPk>;

export const ZWorkSort = z.enum(['time_desc', 'time_asc', 'score_desc', 'like_desc']);
export const ZUserWorksQuery = z.object({
  /** -1 any mode, 1 repeat, 2 speak. */
  type: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(-1), z.literal(1), z.literal(2)]))
    .default(-1),
  /** The book level; all levels when absent. */
  level: z.coerce.number().int().min(1).max(6).optional(),
  sort: ZWorkSort.default('time_desc'),
  page,
  page_size: z.coerce.number().int().min(1).max(WORKS_PAGE_SIZE_MAX).default(WORKS_PAGE_SIZE),
});

export const ZWorkInfo = z.object({
  id: z.number().int(),
  like: z.number().int(),
  book_id: z.number().int(),
  title_en: z.string(),
  title_cn: z.string(),
  cover: ZImageSet,
  /** The book's level. */
  level: z.number().int(),
  type: z.number().int(),
  score: z.number().int(),
  created_at: z.number().int(),
});
/** A line of a works list (§3 "work"). */
export const ZWorkEntry = z.object({
  work_info: ZWorkInfo,
  is_liked: z.boolean(),
  nickname: z.string(),
});
export type TWorkEntry = z.infer<typeof ZWorkEntry>;

export const ZUserWorks = z.object({
  list: z.array(ZWorkEntry),
  page: z.number().int(),
  page_size: z.number().int(),
  page_count: z.number().int(),
  total: z.number().int(),
});
export type TUserWorks = z.infer<typeof ZUserWorks>;

export const ZUserOverview = z.object({
  user: ZWorkUser.extend({ level: z.number().int() }),
  /** The caller is this user. */
  is_self: z.boolean(),
  /** Whether others can see this user's works (the guardian's choice). */
  is_public: z.boolean(),
  works_count: z.number().int(),
  /** Likes over all the user's works. */
  likes_total: z.number().int(),
  /** Up to 10 best works of any mode, best score first. */
  best: z.array(ZWorkEntry),
});
export type TUserOverview = z.infer<typeof ZUserOverview>;

export const ZDeleteWorkResult = z.object({ id: z.number().int() });

/**
 * Sharing one work with the family (issue 40 item 2, decision 092). The share address is
 * /s/{token}: the token names the work and carries the server's signature (it cannot be guessed
 * or enumerated); it opens the work without an account while the guardian's consent to show the
 * child's works (public_works) holds and the work exists.
 */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{27}$/;
export const ZShareTokenParams = z.object({
  token: z.string().regex(SHARE_TOKEN_PATTERN, '分享链接不正确'),
});

/** GET /api/v1/rank/{id}/share_link (the owner only): the work's share address. */
export const ZWorkShareLink = z.object({
  token: z.string(),
  /** The address to put in a QR code or a message, without the origin: /s/{token}. */
  path: z.string(),
  /** 1 while the guardian lets others see the child's works (the address opens); else 0. */
  shared: z.union([z.literal(0), z.literal(1)]),
});
export type TWorkShareLink = z.infer<typeof ZWorkShareLink>;

/** One recording of a shared work: the child's voice for a sentence (repeat) or a page (speak). */
export const ZSharedRecording = z.object({
  content_id: z.string(),
  /** The sentence of the page (1-based); null for a whole page. */
  sentence: z.number().int().nullable(),
  /** Signed for others: it plays only while consent holds. */
  audio_url: z.string(),
  duration: z.number(),
  score: z.number().int(),
});

/** A page of the book the child read, with its picture, its text and the child's recordings. */
export const ZSharedPage = ZImageSet.extend({
  page: z.number().int(),
  sentences: z.array(z.object({ en: z.string(), zh: z.string() })),
  recordings: z.array(ZSharedRecording),
});
export type TSharedPage = z.infer<typeof ZSharedPage>;

/** What a shared work shows: the child's nickname and nothing else personal. */
export const ZSharedWorkBody = z.object({
  nickname: z.string(),
  /** 1 repeat (跟读), 2 speak. */
  type: z.number().int(),
  score: z.number().int(),
  book: z.object({
    title_en: z.string(),
    title_cn: z.string(),
    /** Covers are public files. */
    cover: ZImageSet,
  }),
  pages: z.array(ZSharedPage),
});
export type TSharedWorkBody = z.infer<typeof ZSharedWorkBody>;

/**
 * GET /api/v1/shared/{token}: `shared` 1 with the work, or 0 (work null) when it is no longer
 * shared — consent withdrawn, the work or the account deleted — one answer for all of them.
 */
export const ZSharedWork = z.object({
  shared: z.union([z.literal(0), z.literal(1)]),
  work: ZSharedWorkBody.nullable(),
});
export type TSharedWork = z.infer<typeof ZSharedWork>;

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const worksEndpoints = {
  getPublicWorks: {
    ...routes.getPublicWorks,
    summary: "Whether a guardian lets others see the child's works (default 0: only the family)",
    tags: ['works'],
    response: ZPublicWorks,
  },
  setPublicWorks: {
    ...routes.setPublicWorks,
    summary: "A guardian's choice to show the child's works in rankings, PK and works pages",
    tags: ['works'],
    body: ZPublicWorksBody,
    response: ZPublicWorks,
  },
  likeWork: {
    ...routes.likeWork,
    summary: 'Like a work (once per user; 10024 when it is gone or not public)',
    tags: ['works'],
    params: ZWorkIdParams,
    response: ZLikeResult,
  },
  unlikeWork: {
    ...routes.unlikeWork,
    summary: "Take back one's like of a work (nothing changes without one; floor 0)",
    tags: ['works'],
    params: ZWorkIdParams,
    response: ZLikeResult,
  },
  rankDetail: {
    ...routes.rankDetail,
    summary: 'One work with its recorded items (10024 when gone or not public)',
    tags: ['works'],
    params: ZWorkIdParams,
    response: ZRankDetail,
  },
  workShareLink: {
    ...routes.workShareLink,
    summary:
      "The share address of one's own work (/s/{token}) and whether it opens now (10024 for another's)",
    tags: ['works'],
    params: ZWorkIdParams,
    response: ZWorkShareLink,
  },
  sharedWork: {
    ...routes.sharedWork,
    summary:
      'A shared work without an account: nickname, the pages read and the recordings, while consent holds',
    tags: ['works'],
    params: ZShareTokenParams,
    response: ZSharedWork,
  },
  bookRanks: {
    ...routes.bookRanks,
    summary: "A book's ranking: each public child's best work in a mode, by score (2) or likes (1)",
    tags: ['works'],
    params: ZBookIdParams,
    query: ZRanksQuery,
    response: ZRanks,
  },
  myRank: {
    ...routes.myRank,
    summary: "The caller's best work of a book in a mode and its position in the ranking",
    tags: ['works'],
    params: ZBookIdParams,
    query: ZMyRankQuery,
    response: ZMyRank,
  },
  bookPk: {
    ...routes.bookPk,
    summary: 'My best work against another (rank_id), item by item (10024 when it is not public)',
    tags: ['works'],
    params: ZBookIdParams,
    query: ZPkQuery,
    response: ZPk,
  },
  userOverview: {
    ...routes.userOverview,
    summary: "A child's works home: profile, counts and best works (own, or a public child's)",
    tags: ['works'],
    params: ZUserIdParams,
    response: ZUserOverview,
  },
  userWorks: {
    ...routes.userWorks,
    summary: "A child's works by mode, level and order, a page at a time",
    tags: ['works'],
    params: ZUserIdParams,
    query: ZUserWorksQuery,
    response: ZUserWorks,
  },
  deleteWork: {
    ...routes.deleteWork,
    summary: 'Delete one of my works with its recordings (10024 when not mine or gone)',
    tags: ['works'],
    params: ZWorkIdParams,
    response: ZDeleteWorkResult,
  },
} as const satisfies AreaEndpoints;
