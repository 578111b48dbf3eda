import { z } from 'zod';
import {
  ZBindResult,
  ZBindThirdParty,
  ZCancelAccount,
  ZCancelResult,
  ZLoginOptions,
  ZLoginRequest,
  ZLoginResult,
  ZLogoutResult,
  ZPasswordLogin,
  ZRegister,
  ZSmsQuery,
  ZSmsResult,
} from './auth';
import {
  ZBook,
  ZBookIdParams,
  ZBookSummary,
  ZFavoriteBody,
  ZFavoriteResult,
  ZInteractiveAreas,
  ZLevelData,
  ZLevelParams,
  ZSaveProcess,
  ZSaveProcessResult,
  ZShelf,
  ZShelfParams,
  ZShelfQuery,
  ZUnlockResult,
} from './books';
import { ZConfigs, ZPromotion, ZPromotionQuery, ZSmsAreas } from './configs';
import {
  ZBookIdOnlyParams,
  ZFinishQuery,
  ZFinishReward,
  ZLibraryReward,
  ZRewardQuery,
  ZShareReward,
  ZShareRewardBody,
} from './rewards';
import { type RouteDef, type RouteName, routes } from './routes';
import { ZAudioAnswer, ZAudioFields, ZSpeechAnswer, ZSpeechFields } from './speech';
import { ZPingbackRequest, ZPingbackResponse, ZServerInfo, ZUuid } from './system';
import {
  ZAvatarRequest,
  ZChild,
  ZGuestLoginRequest,
  ZNotificationsRequest,
  ZSaveChild,
  ZStorages,
  ZStoragesQuery,
  ZStoragesSave,
  ZUserCode,
  ZUserInfo,
  ZUserInfoQuery,
} from './user';
import {
  ZDeleteWorkResult,
  ZLikeResult,
  ZMyRank,
  ZMyRankQuery,
  ZPk,
  ZPkQuery,
  ZPublicWorks,
  ZPublicWorksBody,
  ZRankDetail,
  ZRanks,
  ZRanksQuery,
  ZUserIdParams,
  ZUserOverview,
  ZUserWorks,
  ZUserWorksQuery,
  ZWorkIdParams,
} from './works';

export interface EndpointDef extends RouteDef {
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A multipart/form-data request instead of JSON: its text fields and its one file part. */
  multipart?: { fields: z.ZodType; file: string };
  /** Schema of `data` in the success envelope. */
  response: z.ZodType;
}

/**
 * The endpoint table shared by the server (routing, validation, OpenAPI) and the web client
 * (typed calls). Later features add their own entries here.
 */
export const endpoints = {
  serverInfo: {
    ...routes.serverInfo,
    summary: 'Server time (data.t, Unix seconds)',
    tags: ['system'],
    response: ZServerInfo,
  },
  uuid: {
    ...routes.uuid,
    summary: 'A fresh random v4 uuid',
    tags: ['system'],
    response: ZUuid,
  },
  pingback: {
    ...routes.pingback,
    summary: 'Tracking events (pv, update, timeout_error, offline_error, loading_error ...)',
    tags: ['system'],
    body: ZPingbackRequest,
    response: ZPingbackResponse,
  },
  configs: {
    ...routes.configs,
    summary: 'Product configuration: levels, regions, categories, avatars, music, gray options',
    tags: ['configs'],
    response: ZConfigs,
  },
  promotion: {
    ...routes.promotion,
    summary: 'Promotions active for this web version, edition and device',
    tags: ['configs'],
    query: ZPromotionQuery,
    response: ZPromotion,
  },
  smsAreas: {
    ...routes.smsAreas,
    summary: 'Country calling codes for phone login (default CN 86)',
    tags: ['configs'],
    response: ZSmsAreas,
  },
  guestLogin: {
    ...routes.guestLogin,
    summary: 'Create or resume the guest account of a device',
    tags: ['auth'],
    body: ZGuestLoginRequest,
    response: ZLoginResult,
  },
  loginOptions: {
    ...routes.loginOptions,
    summary: 'How the login screen offers each method here (invite rule, QR page, legal pages)',
    tags: ['auth'],
    response: ZLoginOptions,
  },
  sms: {
    ...routes.sms,
    summary: 'Send a 4-digit code (same answer whether or not the phone is registered)',
    tags: ['auth'],
    query: ZSmsQuery,
    response: ZSmsResult,
  },
  login: {
    ...routes.login,
    summary:
      'Phone, third-party and bind_phone login (12000 bind phone, 12001 confirm switch, 12003/12004 invite)',
    tags: ['auth'],
    body: ZLoginRequest,
    response: ZLoginResult,
  },
  passwordLogin: {
    ...routes.passwordLogin,
    summary: 'Account and password login',
    tags: ['auth'],
    body: ZPasswordLogin,
    response: ZLoginResult,
  },
  register: {
    ...routes.register,
    summary: 'Register with account and password (a guest caller is upgraded in place)',
    tags: ['auth'],
    body: ZRegister,
    response: ZLoginResult,
  },
  bindThirdParty: {
    ...routes.bindThirdParty,
    summary: 'Bind a third-party account to the logged-in user (12001 asks to confirm a switch)',
    tags: ['auth'],
    body: ZBindThirdParty,
    response: ZBindResult,
  },
  logout: {
    ...routes.logout,
    summary: 'Revoke the token of this request',
    tags: ['auth'],
    response: ZLogoutResult,
  },
  userInfo: {
    ...routes.userInfo,
    summary: 'The logged-in user (type 20, or 21 for the special variant)',
    tags: ['user'],
    query: ZUserInfoQuery,
    response: ZUserInfo,
  },
  saveChild: {
    ...routes.saveChild,
    summary: 'Create or update the current child profile (guardian consent needed the first time)',
    tags: ['user'],
    body: ZSaveChild,
    response: ZChild,
  },
  userAvatar: {
    ...routes.userAvatar,
    summary: "Set the current child's avatar (one of the configured avatars)",
    tags: ['user'],
    body: ZAvatarRequest,
    response: ZChild,
  },
  userNotifications: {
    ...routes.userNotifications,
    summary: 'Notification preferences as a bit mask',
    tags: ['user'],
    body: ZNotificationsRequest,
    response: z.object({ mask: z.number().int() }),
  },
  userCode: {
    ...routes.userCode,
    summary: "The user's own invite code",
    tags: ['user'],
    response: ZUserCode,
  },
  getStorages: {
    ...routes.getStorages,
    summary: 'Server-stored settings of a group (group setting)',
    tags: ['user'],
    query: ZStoragesQuery,
    response: ZStorages,
  },
  saveStorages: {
    ...routes.saveStorages,
    summary: 'Save settings items (key, value, group); returns the whole group',
    tags: ['user'],
    body: ZStoragesSave,
    response: ZStorages,
  },
  cancelAccount: {
    ...routes.cancelAccount,
    summary: 'Delete the account: children, recordings, settings, sessions; ledger anonymised',
    tags: ['user'],
    body: ZCancelAccount,
    response: ZCancelResult,
  },
  levelBooks: {
    ...routes.levelBooks,
    summary: "A level's books with this user's access codes and reading state (trial_lesson, list)",
    tags: ['books'],
    params: ZLevelParams,
    response: ZLevelData,
  },
  book: {
    ...routes.book,
    summary: 'A book with pages and timelines; pages stay empty while the book is locked',
    tags: ['books'],
    params: ZBookIdParams,
    response: ZBook,
  },
  bookSummary: {
    ...routes.bookSummary,
    summary: 'Book detail: summary, vocabulary preview, reading state, favourite',
    tags: ['books'],
    params: ZBookIdParams,
    response: ZBookSummary,
  },
  unlockBook: {
    ...routes.unlockBook,
    summary: 'Unlock a book with a right (10400 with the reason when the user has none)',
    tags: ['books'],
    params: ZBookIdParams,
    response: ZUnlockResult,
  },
  interactiveAreas: {
    ...routes.interactiveAreas,
    summary: 'Hotspots of the page pictures that say a word when tapped',
    tags: ['books'],
    params: ZBookIdParams,
    response: ZInteractiveAreas,
  },
  saveProcess: {
    ...routes.saveProcess,
    summary: 'Save reading progress (only moves forward); finished 1 at the end of the book',
    tags: ['books'],
    params: ZBookIdParams,
    body: ZSaveProcess,
    response: ZSaveProcessResult,
  },
  bookshelf: {
    ...routes.bookshelf,
    summary: "The child's shelves: recent, reading, finished, favorites",
    tags: ['books'],
    params: ZShelfParams,
    query: ZShelfQuery,
    response: ZShelf,
  },
  favoriteBook: {
    ...routes.favoriteBook,
    summary: 'Add a book to (favorite 1) or remove it from (0) the favourites shelf',
    tags: ['books'],
    params: ZBookIdParams,
    body: ZFavoriteBody,
    response: ZFavoriteResult,
  },
  speech: {
    ...routes.speech,
    summary:
      'Stream a recording (multipart: session_id, seq, is_ended, ref_text, audio_bin …) and get its score on is_ended',
    tags: ['speech'],
    multipart: { fields: ZSpeechFields, file: 'audio_bin' },
    response: ZSpeechAnswer,
  },
  audio: {
    ...routes.audio,
    summary:
      "File a recording of part of a book as the child's work (multipart: uuid, book_id, secondary_id, content_id, type, audio …)",
    tags: ['speech'],
    multipart: { fields: ZAudioFields, file: 'audio' },
    response: ZAudioAnswer,
  },
  libraryReward: {
    ...routes.libraryReward,
    summary: 'What each sentence (repeat) or page (speak) of a book can pay, and has paid',
    tags: ['rewards'],
    params: ZBookIdOnlyParams,
    query: ZRewardQuery,
    response: ZLibraryReward,
  },
  finishBook: {
    ...routes.finishBook,
    summary:
      'Finish a run (uuid): pays fixed and score rewards once per run; a repeat answers the same',
    tags: ['rewards'],
    params: ZBookIdParams,
    query: ZFinishQuery,
    response: ZFinishReward,
  },
  shareReward: {
    ...routes.shareReward,
    summary:
      'Coins for sharing a finished book, once per book and mode (10104 after that; 10400 before a finish)',
    tags: ['rewards'],
    params: ZBookIdParams,
    body: ZShareRewardBody,
    response: ZShareReward,
  },
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
} as const satisfies Record<RouteName, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type InferOr<T, Fallback> = T extends z.ZodType ? z.infer<T> : Fallback;
type InputOr<T, Fallback> = T extends z.ZodType ? z.input<T> : Fallback;

/** What a caller sends (schema input types, before coercion/defaults). */
export type EndpointInput<E extends EndpointDef> = {
  params: InputOr<E['params'], undefined>;
  query: InputOr<E['query'], undefined>;
  body: InputOr<E['body'], undefined>;
};
/** What a handler receives (parsed). */
export type EndpointParsed<E extends EndpointDef> = {
  params: InferOr<E['params'], undefined>;
  query: InferOr<E['query'], undefined>;
  body: InferOr<E['body'], undefined>;
};
export type EndpointData<E extends EndpointDef> = z.infer<E['response']>;
