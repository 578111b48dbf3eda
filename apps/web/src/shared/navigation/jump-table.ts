import { matchPath } from 'react-router';
import { type ReturnSlot, returnHistory } from './return-history';

/** Parameters a jump may carry (shell-and-account §2 "Jump helper"). */
export interface JumpParams {
  bookId?: string | number;
  processId?: string | number;
  rankId?: string | number;
  level?: string | number;
  week?: string | number;
  day?: string | number;
  userId?: string | number;
  lotteryId?: string | number;
  uuid?: string;
  /** repeat or speak (PK, finished), or a bookshelf type. */
  type?: string;
}

export interface JumpDef {
  path: string;
  /** Read, video, repeat, explain, PK, production and course targets play the curtain first. */
  curtain?: boolean;
  slot?: ReturnSlot | ((params: JumpParams) => ReturnSlot);
}

export const JUMPS = {
  libraryRead: { path: '/library/read/:bookId/:processId', curtain: true, slot: 'libraryRead' },
  libraryCnRead: {
    path: '/library/cn_read/:bookId/:processId',
    curtain: true,
    slot: 'libraryRead',
  },
  libraryExplain: {
    path: '/library/explain/:bookId/:processId',
    curtain: true,
    slot: 'libraryExplain',
  },
  libraryRepeat: {
    path: '/library/repeat/:bookId/:processId',
    curtain: true,
    slot: 'libraryRepeat',
  },
  librarySpeak: { path: '/library/speak/:bookId', curtain: true, slot: 'librarySpeak' },
  libraryDetail: { path: '/library/detail/:bookId/:level/:week/:day', slot: 'libraryDetail' },
  libraryPk: {
    path: '/library/pk/:type/:bookId/:rankId',
    curtain: true,
    slot: (p) => (p.type === 'speak' ? 'librarySpeakPk' : 'libraryRepeatPk'),
  },
  libraryProduction: {
    path: '/library/production/:bookId/:rankId',
    curtain: true,
    slot: 'libraryProduction',
  },
  libraryProductionFinished: { path: '/library/productionFinished/:bookId/:rankId' },
  libraryFinished: { path: '/library/finished/:type/:bookId/:uuid?' },
  tasteTest: { path: '/library/tasteTest/:bookId', curtain: true, slot: 'tasteFinish' },
  bookshelf: { path: '/bookshelf/:type' },
  learningBook: { path: '/learning/book/:bookId', slot: 'learningBook' },
  learningVideo: { path: '/learning/video/:processId', curtain: true, slot: 'learningCourse' },
  learningPart: {
    path: '/learning/partContent/:processId',
    curtain: true,
    slot: 'learningCourse',
  },
  planning: { path: '/planning' },
  planningDaily: { path: '/planning/daily/:level/:week/:day' },
  wordsPreview: { path: '/words/preview/:bookId', slot: 'wordsPreview' },
  wordsDetail: { path: '/words/detail/:bookId', slot: 'wordsDetail' },
  wordsRecite: { path: '/words/recite/:bookId', curtain: true, slot: 'wordsRecite' },
  worksHome: { path: '/works/home/:userId?', slot: 'worksHome' },
  worksList: { path: '/works/list', slot: 'worksList' },
  giftCard: { path: '/parents/giftCard', slot: 'giftCard' },
  giftList: { path: '/parents/giftList', slot: 'giftList' },
  pointsHome: { path: '/parents/points', slot: 'pointsHome' },
  storeHome: { path: '/parents/store', slot: 'storeHome' },
  parentsCenter: { path: '/parents/center' },
  lotteryWheel: { path: '/act/lotteryWheel/:lotteryId', slot: 'lotteryWheel' },
  lotteryPrizes: { path: '/act/lotteryPrizes', slot: 'lotteryPrize' },
} as const satisfies Record<string, JumpDef>;
export type JumpType = keyof typeof JUMPS;

export interface JumpSearch {
  /** Extra query values, appended. */
  search?: Record<string, string | number | undefined>;
  /** Appended after a double hash sign (##), which the shell cleans on a back navigation. */
  hash?: string;
}

/** Fills `:name` segments and drops missing optional `:name?` segments. */
export function fillJumpPath(pattern: string, params: JumpParams): string {
  const values = params as Record<string, string | number | undefined>;
  return pattern
    .split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = values[name];
      if (value === undefined || value === '') {
        if (optional) return [];
        throw new Error(`jump to ${pattern} needs ${name}`);
      }
      return [encodeURIComponent(String(value))];
    })
    .join('/');
}

export function buildJumpPath(
  type: JumpType,
  params: JumpParams = {},
  options: JumpSearch = {},
): string {
  let path = fillJumpPath(JUMPS[type].path, params);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.search ?? {})) {
    if (value !== undefined) query.set(key, String(value));
  }
  if (query.size > 0) path += `?${query}`;
  if (options.hash) path += `##${options.hash}`;
  return path;
}

export function slotOf(def: JumpDef, params: JumpParams): ReturnSlot | null {
  if (!def.slot) return null;
  return typeof def.slot === 'function' ? def.slot(params) : def.slot;
}

/** The return-history slot of the screen at `pathname`, if it has one. */
export function slotForPath(pathname: string): ReturnSlot | null {
  for (const def of Object.values(JUMPS) as JumpDef[]) {
    const match = matchPath(def.path, pathname);
    if (match) return slotOf(def, match.params as JumpParams);
  }
  return null;
}

/** Where the back button of the current screen goes when there is no in-app entry behind it. */
export function returnPathFor(pathname: string): string | null {
  const slot = slotForPath(pathname);
  return slot ? returnHistory.get(slot) : null;
}
