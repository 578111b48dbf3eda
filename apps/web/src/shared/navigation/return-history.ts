/**
 * Return-history slots (learning-content §2): where a screen goes back to when it was reached
 * by a jump, kept per slot for the page session (a reload keeps them; a new tab starts empty).
 */
export const RETURN_SLOTS = [
  'libraryRead',
  'libraryRepeat',
  'librarySpeak',
  'libraryExplain',
  'libraryRepeatPk',
  'librarySpeakPk',
  'libraryProduction',
  'libraryDetail',
  'wordsPreview',
  'wordsDetail',
  'wordsRecite',
  'learningBook',
  'learningCourse',
  'worksHome',
  'worksList',
  'giftCard',
  'giftList',
  'pointsHome',
  'storeHome',
  'lotteryWheel',
  'lotteryHome',
  'lotteryPrize',
  'tasteFinish',
] as const;
export type ReturnSlot = (typeof RETURN_SLOTS)[number];

const KEY = 'picbook.returnHistory';

function readAll(): Partial<Record<ReturnSlot, string>> {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<ReturnSlot, string>)
      : {};
  } catch {
    return {};
  }
}

function writeAll(all: Partial<Record<ReturnSlot, string>>): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage refused (private mode): back navigation falls back to the home path.
  }
}

export const returnHistory = {
  /** Records the in-app path to return to from the slot's screen. */
  set(slot: ReturnSlot, path: string): void {
    if (!path.startsWith('/')) return;
    writeAll({ ...readAll(), [slot]: path });
  },
  get(slot: ReturnSlot): string | null {
    return readAll()[slot] ?? null;
  },
  clear(slot: ReturnSlot): void {
    const all = readAll();
    delete all[slot];
    writeAll(all);
  },
};
