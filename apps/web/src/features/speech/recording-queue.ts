import type { TAudioAnswer, TSpeechResult } from '@picbook/contracts';
import { isOffline } from '../../shared/platform/network';
import { markRecordingsQueued } from '../../shared/recorder/queued-flag';
import { isRequestError } from '../../shared/request/request-error';
import { postAudio } from './post-audio';

/**
 * Recordings scored on the device, waiting to be filed (issue 37, decision 110). Each keeps its
 * WAV, the device's judgement and what to file it as (a book's item in a run); they survive a
 * reload and a closed tab (IndexedDB) and are sent to POST /api/v1/audio with their `client_id`
 * when the network returns (the `online` event, or the next start). The server files each id
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
  filing: QueuedFiling;
  queuedAt: number;
}

/** Where queued recordings are kept: IndexedDB in the browser, a Map in tests. */
export interface QueueStore {
  put(entry: QueuedRecording): Promise<void>;
  all(): Promise<QueuedRecording[]>;
  delete(clientId: string): Promise<void>;
}

/** Files one queued recording; rejects with the request's error. */
export type FileQueued = (entry: QueuedRecording) => Promise<TAudioAnswer>;

/** How a queued recording ended: filed (the server's answer) or refused for good (dropped). */
export type QueueEvent =
  | { kind: 'filed'; clientId: string; answer: TAudioAnswer }
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
export const fileQueued: FileQueued = (entry) =>
  postAudio(
    { ...entry.filing, duration: entry.duration, client_id: entry.clientId, audio: entry.wav },
    { silent: true },
  );

/** A refusal that another try cannot change (a 4xx or a business code), not the network. */
function isRefusal(error: unknown): error is { code: number } {
  if (!isRequestError(error)) return false;
  if ([-1, 0, 408, 10429].includes(error.code)) return false;
  return error.status < 500;
}

export interface RecordingQueueOptions {
  store: QueueStore;
  file: FileQueued;
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
    this.options.onPending?.((await this.options.store.all()).length);
    void this.flush().catch(() => undefined);
  }

  /** Recordings waiting (oldest first). */
  pending(): Promise<QueuedRecording[]> {
    return this.options.store.all();
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
      do {
        this.again = false;
        filed += await this.runExclusive();
      } while (this.again);
      return filed;
    })().finally(() => {
      this.flushing = null;
    });
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
      this.options.onPending?.((await this.options.store.all()).length);
    }
  }

  private async fileAllOf(userId: number): Promise<number> {
    let filed = 0;
    for (const entry of await this.options.store.all()) {
      if (entry.userId !== userId) continue;
      let event: QueueEvent;
      try {
        const answer = await this.options.file(entry);
        event = { kind: 'filed', clientId: entry.clientId, answer };
        filed++;
      } catch (error) {
        if (!isRefusal(error)) break;
        event = { kind: 'refused', clientId: entry.clientId, code: error.code };
      }
      await this.options.store.delete(entry.clientId);
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
    offline: isOffline,
    userId: () => currentUser(),
    exclusive: acrossTabs,
    onPending: markRecordingsQueued,
  });
  return browserQueue;
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
