import type { TStudyKind, TStudyTimeRequest } from '@picbook/contracts';
import { STUDY_TIME } from '@picbook/domain';

/** A learning screen: the book it is about (0: none) and what the child does there. */
export interface StudyScreen {
  bookId: number;
  kind: TStudyKind;
}

/**
 * The learning screens whose time counts (decision 091): reading in every mode (the narration
 * is the listening), repeating, speaking and its PK and production, word practice. Courses are
 * not here: a course reports its own study time when it is submitted.
 */
const SCREENS: Array<[RegExp, TStudyKind]> = [
  [/^\/library\/(?:read|cn_read|explain)\/(\d+)(?:\/|$)/, 'read'],
  [/^\/library\/repeat\/(\d+)(?:\/|$)/, 'repeat'],
  [/^\/library\/(?:speak|production|pk\/[^/]+)\/(\d+)(?:\/|$)/, 'speak'],
  [/^\/words\/(?:preview|detail|recite)\/(\d+)(?:\/|$)/, 'words'],
];

/** The learning screen at `pathname`, or null when time there does not count. */
export function studyScreen(pathname: string): StudyScreen | null {
  for (const [pattern, kind] of SCREENS) {
    const bookId = Number(pattern.exec(pathname)?.[1]);
    if (Number.isSafeInteger(bookId) && bookId > 0) return { bookId, kind };
  }
  return null;
}

export interface StudyTimer {
  /** The screen changed (null: not a learning screen); what the last one counted is sent. */
  setScreen(screen: StudyScreen | null): void;
  /** The page was shown or hidden; hidden time does not count and what was counted is sent. */
  setVisible(visible: boolean): void;
  /** The child touched or typed: the screen is in use. */
  touch(): void;
  /** Sends what was counted (every 30 s while a learning screen is open). */
  flush(): void;
}

/**
 * Counts the seconds a learning screen is open, visible and in use (an input within the last 30
 * minutes), and sends them with `send`. Pure over `now` (milliseconds) so tests drive it.
 */
export function createStudyTimer(
  send: (report: TStudyTimeRequest) => void,
  now: () => number,
): StudyTimer {
  let screen: StudyScreen | null = null;
  let visible = true;
  let lastInput = now();
  /** Counting since (ms), or null while not counting. */
  let since: number | null = null;
  let counted = 0;

  const isCounting = () => screen !== null && visible;
  const accumulate = () => {
    const at = now();
    if (since !== null) {
      // Time after the idle limit does not count.
      const until = Math.min(at, lastInput + STUDY_TIME.idleAfterSeconds * 1000);
      counted += Math.max(0, until - since) / 1000;
    }
    since = isCounting() ? at : null;
  };
  const flush = () => {
    accumulate();
    const seconds = Math.round(counted);
    if (screen && seconds >= 1) {
      send({ book_id: screen.bookId, kind: screen.kind, seconds: Math.min(seconds, 3600) });
    }
    counted = 0;
  };
  return {
    setScreen(next) {
      const same = next && screen && next.bookId === screen.bookId && next.kind === screen.kind;
      if (same) return;
      flush();
      screen = next;
      lastInput = now();
      since = isCounting() ? now() : null;
    },
    setVisible(next) {
      if (next === visible) return;
      if (next) {
        visible = true;
        lastInput = now();
        since = isCounting() ? now() : null;
      } else {
        flush();
        visible = false;
        since = null;
      }
    },
    touch() {
      if (since !== null && now() > lastInput + STUDY_TIME.idleAfterSeconds * 1000) {
        // Back after an idle spell: count from now.
        accumulate();
        since = now();
      }
      lastInput = now();
    },
    flush,
  };
}
