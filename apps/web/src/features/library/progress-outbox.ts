import type { TReadingState, TReadMode } from '@picbook/contracts';
import { create } from 'zustand';
import { api } from '../../shared/request/api';
import { queryClient } from '../../shared/request/query-client';
import { isNetworkFailure } from '../../shared/request/request-error';
import { useStartup } from '../../shared/startup/startup-store';

/**
 * Reading progress made without a network (a page turned in the car, a book finished on the
 * train) waits on the device and is sent when the connection returns, so nothing read is lost.
 * Saving is idempotent on the server (it keeps the furthest page; a finish counts once), so a
 * step sent twice does no harm. One entry per user, book and mode: the furthest page, finished
 * once finished.
 */
export interface ProgressStep {
  userId: number;
  bookId: number;
  type: TReadMode;
  process: string;
  finished: boolean;
}

const STORAGE_KEY = 'picbook_progress_outbox';

function read(): ProgressStep[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as ProgressStep[]) : [];
  } catch {
    return [];
  }
}

function write(steps: readonly ProgressStep[]): void {
  try {
    if (steps.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(steps));
  } catch {
    // Storage full or refused: the step stays in memory for this visit.
  }
  useProgressOutbox.setState({ pending: steps.length });
}

/** How many steps wait to be sent (the end-of-book screen says so while any do). */
export const useProgressOutbox = create<{ pending: number }>(() => ({ pending: read().length }));

const sameSlot = (a: ProgressStep, b: ProgressStep) =>
  a.userId === b.userId && a.bookId === b.bookId && a.type === b.type;

/** Keeps a step that could not be sent, merged with what already waits for that book. */
export function queueProgress(step: ProgressStep): void {
  const steps = read();
  const old = steps.find((s) => sameSlot(s, step));
  const merged: ProgressStep = old
    ? {
        ...step,
        process: old.process > step.process ? old.process : step.process,
        finished: old.finished || step.finished,
      }
    : step;
  write([...steps.filter((s) => !sameSlot(s, step)), merged]);
}

let flushing: Promise<void> | null = null;

/**
 * Sends what waits for the signed-in user. A step the network refuses again stays; one the
 * server refuses (e.g. the book was withdrawn) is dropped, as sending it again would not help.
 * One flush at a time.
 */
export function flushProgress(): Promise<void> {
  flushing ??= sendWaiting().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** The save call itself (the server keeps the furthest page and counts a finish once). */
const postStep = (step: Omit<ProgressStep, 'userId'>) =>
  api(
    'saveProcess',
    {
      params: { id: step.bookId },
      body: { process: step.process, type: step.type, finished: step.finished ? 1 : 0 },
    },
    { silent: true },
  );

async function sendWaiting(): Promise<void> {
  const userId = useStartup.getState().user?.id;
  if (userId === undefined) return;
  for (const step of read().filter((s) => s.userId === userId)) {
    try {
      await postStep(step);
    } catch (error) {
      if (isNetworkFailure(error)) return;
    }
    write(read().filter((s) => !(sameSlot(s, step) && s.process === step.process)));
    void queryClient.invalidateQueries({ queryKey: ['books'] });
  }
}

/** Saves a step now, or keeps it for later when the network is down. */
export async function sendProgress(step: Omit<ProgressStep, 'userId'>): Promise<TReadingState> {
  const userId = useStartup.getState().user?.id;
  try {
    const reading = await postStep(step);
    if (useProgressOutbox.getState().pending > 0) void flushProgress();
    return reading;
  } catch (error) {
    if (isNetworkFailure(error) && userId !== undefined) queueProgress({ ...step, userId });
    throw error;
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void flushProgress());
  // And at start, once the user is known (a reload after reading offline).
  useStartup.subscribe((state, previous) => {
    if (state.user && state.user.id !== previous.user?.id) void flushProgress();
  });
}
