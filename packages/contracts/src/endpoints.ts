import { z } from 'zod';
import {
  ZAddress,
  ZAddressDelete,
  ZAddressDeleted,
  ZAddressList,
  ZAddressSave,
  ZAreaList,
} from './addresses';
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
  ZApplyChanceBody,
  ZApplyChanceResult,
  ZLotteryDraw,
  ZLotteryDrawBody,
  ZLotteryIdBody,
  ZLotteryInfo,
  ZLotteryQuery,
  ZLotteryReward,
  ZMyAwards,
  ZMyAwardsQuery,
} from './lottery';
import {
  ZOpsActionParams,
  ZOpsActionResult,
  ZOpsAudit,
  ZOpsAuditQuery,
  ZOpsLogin,
  ZOpsLogoutResult,
  ZOpsMe,
  ZOpsRunAction,
  ZOpsSession,
} from './ops';
import {
  ZDailySign,
  ZExchange,
  ZGoodsDetail,
  ZGoodsDetailQuery,
  ZGoodsList,
  ZInvitees,
  ZInviteRanks,
  ZInviteRanksQuery,
  ZOrderList,
  ZOrderListQuery,
  ZOrderQuery,
  ZOrderResult,
  ZPointsDetail,
  ZPointsMissions,
  ZPointsRecordQuery,
  ZPointsRecords,
  ZReceivePoints,
  ZReceiveResult,
} from './points';
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
import { ZAudioAnswer, ZSpeechAnswer } from './speech';
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
    response: ZSpeechAnswer,
  },
  audio: {
    ...routes.audio,
    summary:
      "File a recording of part of a book as the child's work (multipart: uuid, book_id, secondary_id, content_id, type, audio …)",
    tags: ['speech'],
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
  pointsDetail: {
    ...routes.pointsDetail,
    summary: "Points balance, earned and spent, today's sign-in, waiting tasks, the running wheel",
    tags: ['points'],
    response: ZPointsDetail,
  },
  dailySign: {
    ...routes.dailySign,
    summary: "Sign in for today: pays the streak day's points once per China day (10104 after)",
    tags: ['points'],
    response: ZDailySign,
  },
  dailySignDetail: {
    ...routes.dailySignDetail,
    summary: "The sign-in week: streak, today's points, which days are signed",
    tags: ['points'],
    response: ZDailySign,
  },
  pointsMissions: {
    ...routes.pointsMissions,
    summary: 'Tasks earned from learning events (reading, practice, invites) and their state',
    tags: ['points'],
    response: ZPointsMissions,
  },
  receivePoints: {
    ...routes.receivePoints,
    summary: "Collect a finished task's points, exactly once (10400 not finished, 10104 collected)",
    tags: ['points'],
    body: ZReceivePoints,
    response: ZReceiveResult,
  },
  pointsRecord: {
    ...routes.pointsRecord,
    summary: 'Points transactions, newest first (transaction_type 0 all, 1 income, 2 expense)',
    tags: ['points'],
    query: ZPointsRecordQuery,
    response: ZPointsRecords,
  },
  goodsList: {
    ...routes.goodsList,
    summary: 'Goods on the shelf with their lowest price and real stock',
    tags: ['points'],
    response: ZGoodsList,
  },
  goodsDetail: {
    ...routes.goodsDetail,
    summary: 'One goods with its SKUs (10024 when it is not on the shelf)',
    tags: ['points'],
    query: ZGoodsDetailQuery,
    response: ZGoodsDetail,
  },
  exchangeGoods: {
    ...routes.exchangeGoods,
    summary:
      'Exchange points for a SKU: points and stock in one transaction (10019 not enough points, 10025 out of stock)',
    tags: ['points'],
    body: ZExchange,
    response: ZOrderResult,
  },
  orderDetail: {
    ...routes.orderDetail,
    summary: 'One of my exchanges',
    tags: ['points'],
    query: ZOrderQuery,
    response: ZOrderResult,
  },
  orderList: {
    ...routes.orderList,
    summary: 'My exchanges, newest first',
    tags: ['points'],
    query: ZOrderListQuery,
    response: ZOrderList,
  },
  cancelOrder: {
    ...routes.cancelOrder,
    summary: 'Cancel an exchange not shipped yet: points and stock come back once',
    tags: ['points'],
    body: ZOrderQuery,
    response: ZOrderResult,
  },
  areaList: {
    ...routes.areaList,
    summary: 'Province → city → county tree (GB/T 2260; 710000, 810000, 820000 excluded)',
    tags: ['addresses'],
    response: ZAreaList,
  },
  addressList: {
    ...routes.addressList,
    summary: 'My delivery addresses, the default first',
    tags: ['addresses'],
    response: ZAddressList,
  },
  saveAddress: {
    ...routes.saveAddress,
    summary: 'Add (no address_id) or change a delivery address; 400/10001 names the bad field',
    tags: ['addresses'],
    body: ZAddressSave,
    response: ZAddress,
  },
  deleteAddress: {
    ...routes.deleteAddress,
    summary: 'Delete one of my delivery addresses',
    tags: ['addresses'],
    body: ZAddressDelete,
    response: ZAddressDeleted,
  },
  invitees: {
    ...routes.invitees,
    summary: 'Friends who registered with my invite code',
    tags: ['points'],
    response: ZInvitees,
  },
  inviteRanks: {
    ...routes.inviteRanks,
    summary: 'Who invited most friends (rank_len, default 20) and my place',
    tags: ['points'],
    query: ZInviteRanksQuery,
    response: ZInviteRanks,
  },
  lotteryInfo: {
    ...routes.lotteryInfo,
    summary: 'A wheel: awards with published odds, my chances, ways to earn more, daily benefit',
    tags: ['lottery'],
    query: ZLotteryQuery,
    response: ZLotteryInfo,
  },
  lotteryDraw: {
    ...routes.lotteryDraw,
    summary: 'Spin: spends one chance and grants the prize the server drew, exactly once',
    tags: ['lottery'],
    body: ZLotteryDrawBody,
    response: ZLotteryDraw,
  },
  lotteryGetReward: {
    ...routes.lotteryGetReward,
    summary: "Collect today's free chances (daily benefit; 10104 when collected)",
    tags: ['lottery'],
    body: ZLotteryIdBody,
    response: ZLotteryReward,
  },
  lotteryApplyChance: {
    ...routes.lotteryApplyChance,
    summary: 'Earn an extra chance (method share, read or points; daily limits)',
    tags: ['lottery'],
    body: ZApplyChanceBody,
    response: ZApplyChanceResult,
  },
  lotteryAwards: {
    ...routes.lotteryAwards,
    summary: 'My prizes, newest first',
    tags: ['lottery'],
    query: ZMyAwardsQuery,
    response: ZMyAwards,
  },
  opsLogin: {
    ...routes.opsLogin,
    summary: 'Operator login: password, then the TOTP code when the operator has one',
    tags: ['ops'],
    body: ZOpsLogin,
    response: ZOpsSession,
  },
  opsLogout: {
    ...routes.opsLogout,
    summary: 'End this operator session',
    tags: ['ops'],
    response: ZOpsLogoutResult,
  },
  opsMe: {
    ...routes.opsMe,
    summary: 'The operator, their roles and the actions they may run',
    tags: ['ops'],
    response: ZOpsMe,
  },
  opsRunAction: {
    ...routes.opsRunAction,
    summary: 'Run one operator action (role-checked, validated, audited in the same transaction)',
    tags: ['ops'],
    params: ZOpsActionParams,
    body: ZOpsRunAction,
    response: ZOpsActionResult,
  },
  opsAudit: {
    ...routes.opsAudit,
    summary: 'Search the audit log (by action, target, operator), newest first',
    tags: ['ops'],
    query: ZOpsAuditQuery,
    response: ZOpsAudit,
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
