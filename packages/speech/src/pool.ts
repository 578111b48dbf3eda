import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { AcousticModelName } from './acoustic-model';
import type { AnalyseOptions } from './engine';
import type { FeatureResult, ScoreOptions, ScoreResult, ScorerOptions } from './score-types';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

/**
 * A pool of scoring worker threads. Each worker loads the decoder and acoustic model once
 * (≈ 0.5 s) and then scores one recording at a time, so scoring never blocks the caller's
 * event loop. Jobs wait in a bounded FIFO queue; a full queue rejects at once
 * (`SpeechPoolError` code `QUEUE_FULL`) rather than letting latency grow without bound.
 *
 * Workers run the TypeScript sources: worker-entry.mjs registers tsx's loader in the
 * worker thread (worker threads do not inherit loader hooks) and imports worker.ts. This
 * works under `node --import tsx`, the `tsx` CLI and Vitest alike.
 */

export type SpeechPoolErrorCode = 'QUEUE_FULL' | 'TIMEOUT' | 'CLOSED' | 'WORKER_FAILED';

export class SpeechPoolError extends Error {
  readonly code: SpeechPoolErrorCode;
  constructor(code: SpeechPoolErrorCode, message: string) {
    super(message);
    this.name = 'SpeechPoolError';
    this.code = code;
  }
}

export interface ScoringPoolOptions extends ScorerOptions {
  /** Worker threads; default {@link defaultPoolSize}. */
  size?: number;
  /** Jobs that may wait for a worker; default 8 per worker. */
  maxQueue?: number;
  /** Longest a job may run in a worker before it is abandoned (ms); default 15 000. */
  timeoutMs?: number;
}

export interface PoolStats {
  workers: number;
  ready: number;
  busy: number;
  queued: number;
  completed: number;
  failed: number;
}

export interface ScoringPool {
  readonly size: number;
  /** Resolves with the acoustic model once every worker has loaded it. */
  ready(): Promise<AcousticModelName>;
  /**
   * Scores a recording (16 kHz mono floats). The pool takes ownership of `audio`: its
   * buffer is transferred to the worker (copy it first if you still need it).
   */
  score(audio: Float32Array, text: string, options?: ScoreOptions): Promise<ScoreResult>;
  /** Feature extraction for calibration (same transfer rule as {@link score}). */
  features(audio: Float32Array, text: string, options?: AnalyseOptions): Promise<FeatureResult>;
  stats(): PoolStats;
  /** Rejects queued jobs, lets running ones finish, then stops the workers. */
  close(): Promise<void>;
}

/**
 * One worker per core, at most 4. The API's own thread mostly waits on the database while
 * children are scored, so keeping a core free for it halves the throughput of a 2-core machine
 * for little gain: 4 concurrent sessions on 2 cores measured p50 907 ms with 1 worker and
 * 458 ms with 2 (`npm run bench -- --only speech`). The server's SPEECH_WORKERS overrides it.
 */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(availableParallelism(), 4));
}

type Job =
  | {
      kind: 'score';
      audio: Float32Array;
      text: string;
      options?: ScoreOptions;
      resolve: (result: ScoreResult) => void;
      reject: (error: Error) => void;
    }
  | {
      kind: 'features';
      audio: Float32Array;
      text: string;
      options?: AnalyseOptions;
      resolve: (result: FeatureResult) => void;
      reject: (error: Error) => void;
    };

interface Slot {
  worker: Worker;
  ready: boolean;
  job?: { id: number; job: Job; timer: NodeJS.Timeout };
}

const WORKER_ENTRY = new URL('./worker-entry.mjs', import.meta.url);

/** The buffer to transfer for `audio`, copying when it is a view or shared memory. */
function transferable(audio: Float32Array): Float32Array {
  const whole =
    audio.buffer instanceof ArrayBuffer &&
    audio.byteOffset === 0 &&
    audio.byteLength === audio.buffer.byteLength;
  return whole ? audio : audio.slice();
}

export function createScoringPool(options: ScoringPoolOptions = {}): ScoringPool {
  const { size: requestedSize, maxQueue: requestedQueue, timeoutMs = 15_000, ...scorer } = options;
  const size = Math.max(1, Math.floor(requestedSize ?? defaultPoolSize()));
  const maxQueue = requestedQueue ?? 8 * size;
  const queue: Job[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;
  let completed = 0;
  let failed = 0;
  let fatal: Error | undefined;
  let model: AcousticModelName | undefined;
  const readyWaiters: { resolve: (m: AcousticModelName) => void; reject: (e: Error) => void }[] =
    [];

  const settleReady = (): void => {
    if (fatal) {
      for (const w of readyWaiters.splice(0)) w.reject(fatal);
    } else if (model && slots.every((s) => s.ready)) {
      for (const w of readyWaiters.splice(0)) w.resolve(model);
    }
  };

  const fail = (job: Job, error: Error): void => {
    failed++;
    job.reject(error);
  };

  const spawn = (): Slot => {
    const worker = new Worker(WORKER_ENTRY, { workerData: scorer });
    const slot: Slot = { worker, ready: false };
    worker.on('message', (reply: WorkerReply) => onReply(slot, reply));
    worker.on('error', (error) => onExit(slot, error));
    worker.on('exit', (code) => onExit(slot, new Error(`worker exited with code ${code}`)));
    return slot;
  };

  const onReply = (slot: Slot, reply: WorkerReply): void => {
    if (reply.type === 'ready') {
      slot.ready = true;
      model = reply.model;
      settleReady();
      dispatch();
      return;
    }
    if (reply.type === 'init-error') {
      fatal = new SpeechPoolError(
        'WORKER_FAILED',
        `Scoring worker failed to load: ${reply.message}`,
      );
      for (const job of queue.splice(0)) fail(job, fatal);
      settleReady();
      return;
    }
    const running = slot.job;
    if (!running || running.id !== reply.id) return;
    clearTimeout(running.timer);
    slot.job = undefined;
    if (reply.type === 'error') {
      fail(running.job, new Error(reply.message));
    } else {
      completed++;
      const { job } = running;
      if (reply.kind === 'score' && job.kind === 'score') job.resolve(reply.result);
      else if (reply.kind === 'features' && job.kind === 'features') job.resolve(reply.result);
    }
    dispatch();
  };

  const replace = (slot: Slot): void => {
    const index = slots.indexOf(slot);
    if (index < 0) return;
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    if (closed) {
      slots.splice(index, 1);
      return;
    }
    slots[index] = spawn();
  };

  const onExit = (slot: Slot, error: Error): void => {
    if (!slots.includes(slot)) return;
    const running = slot.job;
    slot.job = undefined;
    if (running) {
      clearTimeout(running.timer);
      fail(
        running.job,
        new SpeechPoolError('WORKER_FAILED', `Scoring worker failed: ${error.message}`),
      );
    }
    if (!slot.ready && !fatal && !closed) {
      // Died while loading: do not respawn in a loop.
      fatal = new SpeechPoolError(
        'WORKER_FAILED',
        `Scoring worker failed to start: ${error.message}`,
      );
      for (const job of queue.splice(0)) fail(job, fatal);
      settleReady();
    }
    replace(slot);
    dispatch();
  };

  const dispatch = (): void => {
    for (const slot of slots) {
      if (!slot.ready || slot.job) {
        if (slot.ready && !slot.job) slot.worker.unref();
        continue;
      }
      const job = queue.shift();
      if (!job) {
        slot.worker.unref();
        continue;
      }
      const id = nextId++;
      const timer = setTimeout(() => {
        if (slot.job?.id !== id) return;
        slot.job = undefined;
        fail(
          job,
          new SpeechPoolError(
            'TIMEOUT',
            `Scoring took longer than ${timeoutMs} ms and was abandoned`,
          ),
        );
        replace(slot);
        dispatch();
      }, timeoutMs);
      slot.job = { id, job, timer };
      slot.worker.ref();
      const request: WorkerRequest =
        job.kind === 'score'
          ? {
              type: 'job',
              id,
              kind: 'score',
              audio: job.audio,
              text: job.text,
              options: job.options,
            }
          : {
              type: 'job',
              id,
              kind: 'features',
              audio: job.audio,
              text: job.text,
              options: job.options,
            };
      const buffer = job.audio.buffer;
      slot.worker.postMessage(request, buffer instanceof ArrayBuffer ? [buffer] : []);
    }
  };

  const submit = (job: Job): void => {
    if (closed) {
      job.reject(new SpeechPoolError('CLOSED', 'The scoring pool is closed'));
      return;
    }
    if (fatal) {
      job.reject(fatal);
      return;
    }
    if (!(job.audio instanceof Float32Array)) {
      job.reject(new TypeError('audio must be a Float32Array'));
      return;
    }
    if (queue.length >= maxQueue) {
      job.reject(
        new SpeechPoolError(
          'QUEUE_FULL',
          `The scoring queue is full (${maxQueue} waiting); try again in a moment`,
        ),
      );
      return;
    }
    queue.push({ ...job, audio: transferable(job.audio) });
    dispatch();
  };

  for (let i = 0; i < size; i++) slots.push(spawn());

  return {
    size,
    ready() {
      return new Promise((resolve, reject) => {
        readyWaiters.push({ resolve, reject });
        settleReady();
      });
    },
    score(audio, text, scoreOptions) {
      return new Promise((resolve, reject) =>
        submit({ kind: 'score', audio, text, options: scoreOptions, resolve, reject }),
      );
    },
    features(audio, text, analyseOptions) {
      return new Promise((resolve, reject) =>
        submit({ kind: 'features', audio, text, options: analyseOptions, resolve, reject }),
      );
    },
    stats() {
      return {
        workers: slots.length,
        ready: slots.filter((s) => s.ready).length,
        busy: slots.filter((s) => s.job).length,
        queued: queue.length,
        completed,
        failed,
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const job of queue.splice(0)) {
        fail(job, new SpeechPoolError('CLOSED', 'The scoring pool was closed'));
      }
      const closedError = new SpeechPoolError('CLOSED', 'The scoring pool was closed');
      for (const w of readyWaiters.splice(0)) w.reject(closedError);
      // Let running jobs finish (each is bounded by its timeout), then stop the workers.
      while (slots.some((s) => s.job)) await new Promise((r) => setTimeout(r, 10));
      await Promise.all(
        slots.splice(0).map((slot) => {
          slot.worker.removeAllListeners();
          return slot.worker.terminate();
        }),
      );
    },
  };
}

// --- Shared pool -----------------------------------------------------------------------------

let sharedPool: ScoringPool | undefined;

/**
 * Scores a recording of `refText` (16 kHz mono float samples) in a process-wide pool of
 * worker threads (created on first use, {@link defaultPoolSize} workers), so the caller's
 * event loop is never blocked. `audio` is copied; the caller keeps it.
 * @throws SpeechPoolError with code QUEUE_FULL when too many recordings are waiting.
 */
export function scoreUtterance(
  audio16k: Float32Array,
  refText: string,
  options: ScoreOptions = {},
): Promise<ScoreResult> {
  if (!(audio16k instanceof Float32Array)) {
    return Promise.reject(new TypeError('audio must be a Float32Array'));
  }
  sharedPool ??= createScoringPool();
  return sharedPool.score(audio16k.slice(), refText, options);
}

/** Stops the pool used by {@link scoreUtterance} (e.g. at shutdown). */
export async function closeSharedScoringPool(): Promise<void> {
  const pool = sharedPool;
  sharedPool = undefined;
  await pool?.close();
}
