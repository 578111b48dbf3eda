import type { TSpeechAnswer } from '@picbook/contracts';
import { waitForNetwork } from '../platform/network';
import { isRequestError } from '../request/request-error';
import { SPEECH_MAX_CHUNK_BYTES, SPEECH_MIN_SECONDS, SPEECH_SAMPLE_RATE } from './limits';
import type { PostSpeechChunk, SpeechChunkFields } from './speech-api';

/**
 * Streams a recording to POST /api/v1/speech while it is being made: every `chunkSamples` of
 * 16 kHz PCM becomes a numbered chunk, sent without waiting for earlier answers (at most
 * `maxInFlight` at a time, failed ones retried); `finish` sends the rest with `is_ended` and
 * resolves with the scored answer. Nothing is sent before `holdSamples` exist, so a recording
 * too short to score never reaches the server.
 */

export interface UploaderOptions {
  sessionId: string;
  refText?: string | undefined;
  asrId?: string | undefined;
  components?: string | undefined;
  post: PostSpeechChunk;
  /** Samples per chunk; default 0.5 s. */
  chunkSamples?: number;
  /** Samples to collect before the first chunk goes; default the speech minimum (1 s). */
  holdSamples?: number;
  maxInFlight?: number;
  /** Extra attempts for a chunk that failed in transit (not for a refused one). */
  retries?: number;
  retryDelayMs?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * Null while online; offline, resolves when the network is back. A send that failed in transit
   * while offline waits for it and goes again without using up an attempt, so a recording made
   * offline is scored when the connection returns (issue 22). Default: the browser's online state.
   */
  waitForNetwork?: () => Promise<void> | null;
  /** A chunk failed for good: the recording cannot be scored any more. */
  onError?: (error: SpeechUploadError) => void;
}

export const UPLOAD_DEFAULTS = {
  chunkSamples: SPEECH_SAMPLE_RATE / 2,
  holdSamples: SPEECH_SAMPLE_RATE * SPEECH_MIN_SECONDS,
  maxInFlight: 3,
  retries: 2,
} as const;

/** Where a streamed recording failed: sending its audio (#4) or getting the score (#5). */
export class SpeechUploadError extends Error {
  constructor(
    readonly stage: 'upload' | 'score',
    readonly reason: unknown,
  ) {
    super(`speech ${stage} failed: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'SpeechUploadError';
  }

  /** The server's business code or HTTP status when there was one. */
  get code(): number | undefined {
    return isRequestError(this.reason) ? this.reason.code : undefined;
  }
}

/** Network trouble, a time-out or a server fault: worth another try. A refusal (4xx, codes) is not. */
export function isTransient(error: unknown): boolean {
  if (!isRequestError(error)) return true;
  return [-1, 0, 408].includes(error.code) || error.status >= 500;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Chunks never exceed the server's limit, even when the queue backs up. */
const MAX_CHUNK_SAMPLES = SPEECH_MAX_CHUNK_BYTES / 2;

interface QueuedChunk {
  seq: number;
  pcm: Int16Array;
}

export class SpeechUploader {
  private readonly options: Required<
    Pick<UploaderOptions, 'chunkSamples' | 'holdSamples' | 'maxInFlight' | 'retries'>
  > &
    UploaderOptions;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly networkBack: () => Promise<void> | null;
  private pending: Int16Array[] = [];
  private pendingLength = 0;
  private readonly queue: QueuedChunk[] = [];
  private inFlightCount = 0;
  private nextSeq = 0;
  private totalSamples = 0;
  private failure: SpeechUploadError | null = null;
  private aborted = false;
  private finishing = false;
  private idleWaiters: Array<() => void> = [];
  /** Highest number of chunks in flight at once (for tests and the bench). */
  peakInFlight = 0;

  constructor(options: UploaderOptions) {
    this.options = {
      ...UPLOAD_DEFAULTS,
      ...options,
      chunkSamples: Math.min(
        options.chunkSamples ?? UPLOAD_DEFAULTS.chunkSamples,
        MAX_CHUNK_SAMPLES,
      ),
    };
    this.sleep = options.sleep ?? defaultSleep;
    this.networkBack = options.waitForNetwork ?? waitForNetwork;
  }

  /** Offline and failed in transit: waits for the network and says so (true), else false. */
  private async waitedForNetwork(error: unknown): Promise<boolean> {
    if (!isTransient(error)) return false;
    const back = this.networkBack();
    if (!back) return false;
    await back;
    return !this.aborted;
  }

  /** Samples pushed so far. */
  get samples(): number {
    return this.totalSamples;
  }

  /** Chunks numbered so far (sent, in flight or queued). */
  get chunkCount(): number {
    return this.nextSeq;
  }

  get error(): SpeechUploadError | null {
    return this.failure;
  }

  /** Adds recorded PCM; full chunks go out as soon as the in-flight limit allows. */
  push(pcm: Int16Array): void {
    if (this.aborted || this.finishing || this.failure || pcm.length === 0) return;
    this.pending.push(pcm);
    this.pendingLength += pcm.length;
    this.totalSamples += pcm.length;
    if (this.totalSamples < this.options.holdSamples) return;
    while (this.pendingLength >= this.options.chunkSamples) {
      this.queue.push({ seq: this.nextSeq++, pcm: this.take(this.options.chunkSamples) });
    }
    this.pump();
  }

  /**
   * Waits for the chunks, then sends the rest of the audio with `is_ended: 1` (its `seq` is the
   * number of chunks before it) and resolves with the answer. Rejects with SpeechUploadError.
   */
  async finish(): Promise<TSpeechAnswer> {
    if (this.aborted) throw new SpeechUploadError('upload', new Error('aborted'));
    this.finishing = true;
    // Whatever was held back goes now, in chunks of the usual size.
    while (this.pendingLength > this.options.chunkSamples) {
      this.queue.push({ seq: this.nextSeq++, pcm: this.take(this.options.chunkSamples) });
    }
    this.pump();
    await this.idle();
    if (this.failure) throw this.failure;
    if (this.aborted) throw new SpeechUploadError('upload', new Error('aborted'));
    const rest = this.pendingLength > 0 ? this.take(this.pendingLength) : null;
    const fields = this.fields(this.nextSeq++, 1);
    let attempt = 0;
    for (;;) {
      try {
        return await this.options.post(fields, rest, { silent: true });
      } catch (error) {
        // The final request is retried only when it surely never got an answer (not on a
        // time-out: the server may still be scoring it).
        const unanswered = isRequestError(error) && (error.code === -1 || error.code === 0);
        if (unanswered && (await this.waitedForNetwork(error))) continue;
        if (attempt >= 1 || !unanswered || this.aborted) {
          // Never answered: the last audio did not arrive (#4); otherwise scoring failed (#5).
          throw new SpeechUploadError(unanswered ? 'upload' : 'score', error);
        }
        attempt++;
        await this.sleep(this.retryDelay(attempt));
      }
    }
  }

  /** Drops everything not yet sent; answers still arriving are ignored. */
  abort(): void {
    this.aborted = true;
    this.queue.length = 0;
    this.pending = [];
    this.pendingLength = 0;
    this.settleIdle();
  }

  private fields(seq: number, isEnded: 0 | 1): SpeechChunkFields {
    const { sessionId, refText, asrId, components } = this.options;
    return {
      session_id: sessionId,
      seq,
      is_ended: isEnded,
      ...(refText !== undefined ? { ref_text: refText } : {}),
      ...(asrId !== undefined ? { asr_id: asrId } : {}),
      ...(components !== undefined ? { components } : {}),
    };
  }

  /** The first `count` pending samples as one array. */
  private take(count: number): Int16Array {
    const out = new Int16Array(count);
    let filled = 0;
    while (filled < count) {
      const head = this.pending[0];
      if (!head) break;
      const used = Math.min(head.length, count - filled);
      out.set(head.subarray(0, used), filled);
      filled += used;
      if (used === head.length) this.pending.shift();
      else this.pending[0] = head.subarray(used);
    }
    this.pendingLength -= filled;
    return out;
  }

  private pump(): void {
    while (!this.aborted && !this.failure && this.inFlightCount < this.options.maxInFlight) {
      const chunk = this.queue.shift();
      if (!chunk) break;
      void this.send(chunk);
    }
  }

  private async send(chunk: QueuedChunk): Promise<void> {
    this.inFlightCount++;
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlightCount);
    const fields = this.fields(chunk.seq, 0);
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          await this.options.post(fields, chunk.pcm, { silent: true });
          break;
        } catch (error) {
          if (this.aborted) break;
          if (await this.waitedForNetwork(error)) {
            attempt--;
            continue;
          }
          if (attempt >= this.options.retries || !isTransient(error)) {
            this.fail(new SpeechUploadError('upload', error));
            break;
          }
          await this.sleep(this.retryDelay(attempt + 1));
        }
      }
    } finally {
      this.inFlightCount--;
      this.pump();
      if (this.inFlightCount === 0 && this.queue.length === 0) this.settleIdle();
    }
  }

  private retryDelay(attempt: number): number {
    return this.options.retryDelayMs?.(attempt) ?? 300 * 2 ** (attempt - 1);
  }

  private fail(error: SpeechUploadError): void {
    if (this.failure || this.aborted) return;
    this.failure = error;
    this.queue.length = 0;
    this.settleIdle();
    this.options.onError?.(error);
  }

  private idle(): Promise<void> {
    if (this.aborted || this.failure || (this.inFlightCount === 0 && this.queue.length === 0)) {
      return Promise.resolve();
    }
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private settleIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
