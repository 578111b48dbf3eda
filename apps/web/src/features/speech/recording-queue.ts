import type { TAudioAnswer, TSpeechAnswer, TSpeechResult } from '@picbook/contracts';
import { ErrorCode } from '@picbook/contracts/errors';
import { routes } from '@picbook/contracts/routes';
import { isOffline } from '../../shared/platform/network';
import { markRecordingsQueued } from '../../shared/recorder/queued-flag';
import { request } from '../../shared/request/request';
import { isRequestError } from '../../shared/request/request-error';
import { postAudio } from './post-audio';

/**
 * Recordings scored on the device, waiting to be filed (issue 37, decision 110). Each keeps its
 * WAV, the device's judgement and what to file it as (a book's item in a run, or a course's
 * speaking item); they survive a reload and a closed tab (IndexedDB) and are sent when the
 * network returns (the `online` event, or the next start): a book's to POST /api/v1/audio with
 * their `client_id`, a course's to POST /api/v1/speech under their session id, its judgement then
 * kept here until the course takes it (the course is handed in with the server's recording). The server files each id
 * once — a replay or a second tab sending the same recording gets the same answer — and its own
 * judgement is what counts (works, rankings, rewards); the device's number is never sent.
 */

/** What a recording is filed as: one item of a book in a run (POST /api/v1/audio's fields). */
export interface QueuedFiling {
  uuid: string;
  book_id: number;
  secondary_id: number;
  content_id: string;
  type: number;
}

/**
 * A course's speaking part (its item in one run of the course): judged by the server as a whole
 * WAV under the recording's session id (POST /api/v1/speech), then kept with the server's answer
 * until the course takes it as the item's answer ({@link RecordingQueue.takeCourseAnswers}).
 */
export interface QueuedCourseFiling {
  kind: 'course';
  processId: number;
  /** The run of the course (a restart is another run; its answers are not this one's). */
  run: string;
  /** The item's answer record, without what the server's judgement gives (course player's). */
  item: { examType: number; id: number | string; sentenceId?: number | string };
}

/** The server's judgement of a course recording, as the course hands it in. */
export interface CourseJudgement {
  audio_url: string;
  score: number;
  duration: number;
}

export const isCourseFiling = (
  filing: QueuedFiling | QueuedCourseFiling,
): filing is QueuedCourseFiling => 'kind' in filing && filing.kind === 'course';

export interface QueuedRecording {
  /** The device's id of the recording (the speech session id it was recorded under). */
  clientId: string;
  /** Whose recording (never filed for another account signed in later). */
  userId: number;
  wav: Blob;
  duration: number;
  refText: string;
  /** The device's judgement (shown at once; not sent). */
  device: TSpeechResult;
  filing: QueuedFiling | QueuedCourseFiling;
  queuedAt: number;
  /** A course recording the server has judged, waiting for its course to take it. */
  judged?: CourseJudgement;
}

/** Where queued recordings are kept: IndexedDB in the browser, a Map in tests. */
export interface QueueStore {
  put(entry: QueuedRecording): Promise<void>;
  all(): Promise<QueuedRecording[]>;
  delete(clientId: string): Promise<void>;
}

/** Files one queued recording; rejects with the request's error. */
export type FileQueued = (entry: QueuedRecording) => Promise<TAudioAnswer>;
/** Has a course recording judged by the server; rejects with the request's error. */
export type JudgeQueued = (entry: QueuedRecording) => Promise<TSpeechAnswer>;

/**
 * How a queued recording ended: filed (the server's answer), judged (a course's, kept for its
 * course) or refused for good (dropped).
 */
export type QueueEvent =
  | { kind: 'filed'; clientId: string; answer: TAudioAnswer }
  | { kind: 'judged'; clientId: string; processId: number; run: string }
  | { kind: 'refused'; clientId: string; code: number };

const DB_NAME = 'picbook-recordings';
const STORE = 'queue';

function promised<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'clientId' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function withStore<T>(
  mode: IDBTransactionMode,
  use: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDb();
  const tx = db.transaction(STORE, mode);
  const result = await promised(use(tx.objectStore(STORE)));
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
  return result;
}

/** The browser's queue (IndexedDB). */
export const indexedDbStore: QueueStore = {
  put: async (entry) => {
    await withStore('readwrite', (s) => s.put(entry));
  },
  all: () => withStore('readonly', (s) => s.getAll() as IDBRequest<QueuedRecording[]>),
  delete: async (clientId) => {
    await withStore('readwrite', (s) => s.delete(clientId));
  },
};

/** An in-memory queue (tests; a browser without IndexedDB keeps them for the page's life). */
export function memoryStore(): QueueStore & { entries: Map<string, QueuedRecording> } {
  const entries = new Map<string, QueuedRecording>();
  return {
    entries,
    put: async (entry) => {
      entries.set(entry.clientId, entry);
    },
    all: async () => [...entries.values()].sort((a, b) => a.queuedAt - b.queuedAt),
    delete: async (clientId) => {
      entries.delete(clientId);
    },
  };
}

/** POST /api/v1/audio with the WAV and the device's id (never the device's score). */
export const fileQueued: FileQueued = (entry) => {
  const { filing } = entry;
  if (isCourseFiling(filing)) return Promise.reject(new Error('a course recording is judged'));
  return postAudio(
    { ...filing, duration: entry.duration, client_id: entry.clientId, audio: entry.wav },
    { silent: true },
  );
};

/**
 * POST /api/v1/speech with the whole WAV under the recording's session id (the server answers a
 * repeated session with the same answer); the device's score is never sent. A session the
 * recorder opened online before the network dropped expires unfinished on the server (10024 an
 * hour after); the whole recording is then judged once more under a session id of its own, the
 * same in every tab, so the child's answer is not lost.
 */
export const judgeQueued: JudgeQueued = async (entry) => {
  try {
    return await judgeAs(entry, entry.clientId);
  } catch (error) {
    if (!isRequestError(error) || error.code !== ErrorCode.RecordNotFound) throw error;
    return judgeAs(entry, retrySessionId(entry.clientId));
  }
};

/** The session id a recording is judged under once its first session expired (8–64 chars). */
export function retrySessionId(clientId: string): string {
  return `${clientId.slice(0, 61)}-r2`;
}

function judgeAs(entry: QueuedRecording, sessionId: string): Promise<TSpeechAnswer> {
  const form = new FormData();
  form.append('session_id', sessionId);
  form.append('seq', '0');
  form.append('is_ended', '1');
  form.append('ref_text', entry.refText);
  form.append('audio_bin', entry.wav, 'take.wav');
  return request<TSpeechAnswer>({
    method: routes.speech.method,
    path: routes.speech.path,
    body: form,
    silent: true,
  });
}

/** A course's judged recording older than this is dropped (as the course's own history). */
const COURSE_KEEP_MS = 7 * 24 * 3600 * 1000;

/** A refusal that another try cannot change (a 4xx or a business code), not the network. */
function isRefusal(error: unknown): error is { code: number } {
  if (!isRequestError(error)) return false;
  if ([-1, 0, 408, 10429].includes(error.code)) return false;
  return error.status < 500;
}

export interface RecordingQueueOptions {
  store: QueueStore;
  file: FileQueued;
  /** Course recordings (POST /api/v1/speech); without it they wait. */
  judge?: JudgeQueued;
  offline(): boolean;
  /** The signed-in user (only their recordings are filed). */
  userId(): number | undefined;
  /** Runs `work` alone across the tabs of this browser when it can (Web Locks). */
  exclusive?<T>(work: () => Promise<T>): Promise<T>;
  /** Told how many recordings wait after each change (the app's start checks it). */
  onPending?(count: number): void;
}

export class RecordingQueue {
  private readonly listeners = new Set<(event: QueueEvent) => void>();
  private flushing: Promise<number> | null = null;
  private again = false;

  constructor(private readonly options: RecordingQueueOptions) {}

  /** Keeps a recording for filing, then tries to file what is waiting. */
  async add(entry: QueuedRecording): Promise<void> {
    await this.options.store.put(entry);
    this.options.onPending?.((await this.pending()).length);
    void this.flush().catch(() => undefined);
  }

  /** Recordings waiting to be filed (oldest first). */
  async pending(): Promise<QueuedRecording[]> {
    return (await this.options.store.all()).filter((e) => !e.judged);
  }

  /**
   * A course item answered again (a recording the server judged at once): what the queue holds
   * for it in this run is older and is dropped, filed or not (the newest answer is the item's).
   */
  async dropCourseItem(processId: number, run: string, itemId: number | string): Promise<void> {
    for (const entry of await this.options.store.all()) {
      const { filing } = entry;
      if (
        isCourseFiling(filing) &&
        filing.processId === processId &&
        filing.run === run &&
        String(filing.item.id) === String(itemId)
      ) {
        await this.options.store.delete(entry.clientId);
      }
    }
    this.options.onPending?.((await this.pending()).length);
  }

  /**
   * The server's judgements of a course run's recordings (oldest first), handed over once: they
   * leave the queue. Judged recordings of the course's other runs, and any older than a week,
   * are dropped (their run is over). Answers how many of this run still wait to be judged too.
   */
  async takeCourseAnswers(
    processId: number,
    run: string,
    now = Date.now(),
  ): Promise<{
    answers: Array<{ item: QueuedCourseFiling['item']; judged: CourseJudgement; at: number }>;
    waiting: number;
  }> {
    const answers: Array<{
      item: QueuedCourseFiling['item'];
      judged: CourseJudgement;
      at: number;
    }> = [];
    let waiting = 0;
    for (const entry of await this.options.store.all()) {
      const { filing } = entry;
      if (!isCourseFiling(filing)) continue;
      const ours = filing.processId === processId && filing.run === run;
      if (!entry.judged) {
        if (ours) waiting++;
        continue;
      }
      if (ours) answers.push({ item: filing.item, judged: entry.judged, at: entry.queuedAt });
      if (ours || filing.processId === processId || now - entry.queuedAt > COURSE_KEEP_MS) {
        await this.options.store.delete(entry.clientId);
      }
    }
    return { answers, waiting };
  }

  /** Told of each recording filed or refused (the screens update quietly). */
  subscribe(listener: (event: QueueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Files what is waiting, oldest first, one at a time; stops at the first network failure (the
   * rest waits for the next try). Answers how many were filed. A call while a round runs shares
   * it, and another round follows (what was added meanwhile may not have been read).
   */
  flush(): Promise<number> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      let filed = 0;
      try {
        do {
          this.again = false;
          filed += await this.runExclusive();
        } while (this.again);
      } finally {
        // At once with the last look at `again` (a `.finally()` callback would run a turn later,
        // and a flush asked for in between would share a round that is over).
        this.flushing = null;
      }
      return filed;
    })();
    return this.flushing;
  }

  private runExclusive(): Promise<number> {
    const { exclusive } = this.options;
    return exclusive ? exclusive(() => this.fileAll()) : this.fileAll();
  }

  private async fileAll(): Promise<number> {
    const userId = this.options.userId();
    if (userId === undefined || this.options.offline()) return 0;
    try {
      return await this.fileAllOf(userId);
    } finally {
      this.options.onPending?.((await this.pending()).length);
    }
  }

  private async fileAllOf(userId: number): Promise<number> {
    let filed = 0;
    for (const entry of await this.pending()) {
      if (entry.userId !== userId) continue;
      const { filing } = entry;
      const { judge } = this.options;
      if (isCourseFiling(filing) && !judge) continue;
      let event: QueueEvent;
      try {
        if (isCourseFiling(filing) && judge) {
          const answer = await judge(entry);
          // Kept, with the server's judgement, for its course to take (after a reload too).
          await this.options.store.put({
            ...entry,
            judged: {
              audio_url: answer.audio_url ?? '',
              score: answer.result?.score ?? 0,
              duration: answer.duration,
            },
          });
          event = {
            kind: 'judged',
            clientId: entry.clientId,
            processId: filing.processId,
            run: filing.run,
          };
        } else {
          const answer = await this.options.file(entry);
          await this.options.store.delete(entry.clientId);
          event = { kind: 'filed', clientId: entry.clientId, answer };
        }
        filed++;
      } catch (error) {
        if (!isRefusal(error)) break;
        await this.options.store.delete(entry.clientId);
        event = { kind: 'refused', clientId: entry.clientId, code: error.code };
      }
      for (const listener of this.listeners) listener(event);
    }
    return filed;
  }
}

/** Web Locks across tabs when the browser has them; else the work runs as it is. */
function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks ? (locks.request('picbook-recording-queue', work) as Promise<T>) : work();
}

let browserQueue: RecordingQueue | null = null;
let currentUser: () => number | undefined = () => undefined;

/** The page's queue (IndexedDB, filed across tabs under one lock). */
export function recordingQueue(): RecordingQueue {
  browserQueue ??= new RecordingQueue({
    store: typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore,
    file: fileQueued,
    judge: judgeQueued,
    offline: isOffline,
    userId: () => currentUser(),
    exclusive: acrossTabs,
    onPending: markRecordingsQueued,
  });
  return browserQueue;
}

/**
 * Queues a recording scored on the device (its answer in the API's shape and its WAV) to be
 * filed as `filing`; resolves once it is kept.
 */
export function queueDeviceRecording(input: {
  answer: TSpeechAnswer & { result: TSpeechResult };
  wav: Blob;
  userId: number;
  refText: string;
  filing: QueuedFiling | QueuedCourseFiling;
}): Promise<void> {
  const { answer, wav, userId, refText, filing } = input;
  return recordingQueue().add({
    clientId: answer.session_id,
    userId,
    wav,
    duration: answer.duration,
    refText,
    device: answer.result,
    filing,
    queuedAt: Date.now(),
  });
}

let started = false;

/**
 * Files what is waiting now, each time the network returns and when a user signs in. `userId`
 * reads the signed-in user, `onUser` tells of a change of user; once per page.
 */
export function startRecordingQueue(
  userId: () => number | undefined,
  onUser?: (changed: () => void) => void,
): void {
  currentUser = userId;
  if (started || typeof window === 'undefined') return;
  started = true;
  const queue = recordingQueue();
  const flush = () => void queue.flush().catch(() => undefined);
  window.addEventListener('online', flush);
  onUser?.(flush);
  flush();
}
