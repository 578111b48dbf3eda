import type { WorkType } from '@picbook/domain';
import { storage } from '../../shared/platform/storage';
import { uuidV4 } from '../../shared/platform/uuid';

/**
 * Archive history of a repeat or speak run (shell-and-account §3: keys library-{bookId}-1 for
 * repeat, library-{bookId}-2 for speak), kept on the device per user: the run's uuid and the
 * step the child reached, so leaving and coming back can continue the same run.
 */
export interface PracticeHistory {
  uuid: string;
  /** Index of the step to continue at. */
  index: number;
  /** Unix ms of the last save. */
  at: number;
}

/** A run older than this starts afresh without asking. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

export const historyKey = (bookId: number, type: WorkType) => `library-${bookId}-${type}`;
const storageKey = (userId: number | undefined, key: string) =>
  `picbook.archive.${userId ?? 'anon'}.${key}`;

export function readHistory(
  userId: number | undefined,
  bookId: number,
  type: WorkType,
  now = Date.now(),
): PracticeHistory | null {
  try {
    const raw = storage.get(storageKey(userId, historyKey(bookId, type)));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PracticeHistory>;
    if (
      typeof value.uuid !== 'string' ||
      !/^[A-Za-z0-9_-]{8,64}$/.test(value.uuid) ||
      !Number.isInteger(value.index) ||
      (value.index ?? -1) < 0 ||
      typeof value.at !== 'number' ||
      now - value.at > MAX_AGE_MS
    ) {
      return null;
    }
    return { uuid: value.uuid, index: value.index ?? 0, at: value.at };
  } catch {
    return null;
  }
}

/**
 * The history worth offering to continue: only real progress past the first item (a run is saved
 * as soon as it opens, so index 0 means the child has not moved on yet — asking "上次读到第 1 个"
 * on every entry was noise, issue 39) and still inside the book's items.
 */
export function continuableHistory(
  history: PracticeHistory | null,
  itemCount: number,
): PracticeHistory | null {
  return history && history.index > 0 && history.index < itemCount ? history : null;
}

export function saveHistory(
  userId: number | undefined,
  bookId: number,
  type: WorkType,
  history: Omit<PracticeHistory, 'at'>,
  now = Date.now(),
): void {
  storage.set(
    storageKey(userId, historyKey(bookId, type)),
    JSON.stringify({ ...history, at: now }),
  );
}

export function clearHistory(userId: number | undefined, bookId: number, type: WorkType): void {
  storage.remove(storageKey(userId, historyKey(bookId, type)));
}

/** A fresh run id (the works' uuid). */
export const newRunId = (): string => uuidV4().replace(/-/g, '');
