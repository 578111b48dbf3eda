import type { LocalAnswerRecord } from '@picbook/domain';
import { storage } from '../../shared/platform/storage';

/**
 * Archive history of a course (shell-and-account §3: key learning-{level} with the processId),
 * kept on the device per user: which course, the part reached and the answers so far, so leaving
 * and coming back can continue the same course (§4 jump flow: continue or restart).
 */
export interface LearningHistory {
  processId: number;
  /** Index of the part to continue at. */
  part: number;
  answers: LocalAnswerRecord[];
  /** Seconds spent so far. */
  seconds: number;
  /** The run (queued device answers belong to one run of the course; issue 37). */
  run?: string;
  at: number;
}

const MAX_AGE_MS = 7 * 24 * 3600 * 1000;
export const learningKey = (level: number) => `learning-${level}`;
const storageKey = (userId: number | undefined, level: number) =>
  `picbook.archive.${userId ?? 'anon'}.${learningKey(level)}`;

export function readLearningHistory(
  userId: number | undefined,
  level: number,
  processId: number,
  now = Date.now(),
): LearningHistory | null {
  try {
    const raw = storage.get(storageKey(userId, level));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<LearningHistory>;
    if (
      v.processId !== processId ||
      !Number.isInteger(v.part) ||
      (v.part ?? 0) < 1 ||
      !Array.isArray(v.answers) ||
      typeof v.at !== 'number' ||
      now - v.at > MAX_AGE_MS
    ) {
      return null;
    }
    return {
      processId,
      part: v.part ?? 0,
      answers: v.answers,
      seconds: Number(v.seconds) || 0,
      ...(typeof v.run === 'string' ? { run: v.run } : {}),
      at: v.at,
    };
  } catch {
    return null;
  }
}

export function saveLearningHistory(
  userId: number | undefined,
  level: number,
  history: Omit<LearningHistory, 'at'>,
  now = Date.now(),
): void {
  storage.set(storageKey(userId, level), JSON.stringify({ ...history, at: now }));
}

export function clearLearningHistory(userId: number | undefined, level: number): void {
  storage.remove(storageKey(userId, level));
}
