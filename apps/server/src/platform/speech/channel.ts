import { type ChannelReading, combineChannelScores } from '@picbook/domain';

/**
 * The cloud scoring channels of learning-content §9 (a WeChat-style score and a third
 * vendor's) and how they are combined with the platform judge: asked in parallel with the
 * judge, each bounded by a timeout, the best reading wins (rounded up), a failing or late
 * channel is left out and never fails the score.
 */

export type ChannelName = 'wechat' | 'vendor';

export interface CloudScoreChannel {
  name: ChannelName;
  /** Which provider answers (logs): `tencent-soe`, `iflytek-ise`, or a test's name. */
  provider: string;
  /**
   * The channel's reading of a 16 kHz 16-bit mono WAV, or null when it could not score it
   * (e.g. no speech). Must give up when `signal` aborts.
   */
  score(wav: Buffer, refText: string, signal?: AbortSignal): Promise<ChannelReading | null>;
}

export type ChannelErrorKind = 'timeout' | 'http' | 'provider_error' | 'bad_response' | 'network';

export class ChannelError extends Error {
  constructor(
    readonly channel: ChannelName,
    readonly kind: ChannelErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ChannelError';
  }
}

/**
 * Runs `work` with an abort signal that fires after `timeoutMs` or when `outer` aborts; a
 * timeout rejects with a ChannelError of kind `timeout` even if `work` ignores the signal.
 */
export async function withTimeout<T>(
  channel: ChannelName,
  timeoutMs: number,
  outer: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const onOuter = (): void => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onOuter, { once: true });
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new Error('timeout'));
      reject(
        new ChannelError(channel, 'timeout', `${channel} channel: no answer in ${timeoutMs} ms`),
      );
    }, timeoutMs);
  });
  try {
    return await Promise.race([
      work(controller.signal).catch((error: unknown) => {
        if (error instanceof ChannelError) throw error;
        if (controller.signal.aborted) {
          throw new ChannelError(channel, 'timeout', `${channel} channel aborted`, {
            cause: error,
          });
        }
        throw new ChannelError(
          channel,
          'network',
          error instanceof Error ? error.message : String(error),
          { cause: error },
        );
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuter);
  }
}

/** §9: scoring that takes longer than this (ms, from the recording's end) is reported. */
export const SLOW_SCORING_MS = 20_000;

export interface ChannelTiming {
  name: string;
  provider: string;
  /** Percent of this channel alone (rounded up), or null when it gave no reading. */
  score: number | null;
  ms: number;
  /** Why it gave no reading: an error kind, `no_reading`, or `late` (after the grace). */
  outcome: 'ok' | 'no_reading' | 'late' | ChannelErrorKind;
}

export interface CombinedScore {
  /** Best channel, rounded-up percent. */
  score: number;
  /** Every channel that gave a reading, the judge first. */
  channels: Array<{ name: string; score: number }>;
  timings: ChannelTiming[];
  /** From start to combined answer (ms). */
  elapsedMs: number;
  /** elapsedMs ≥ {@link SLOW_SCORING_MS}. */
  slow: boolean;
}

export interface CombineOptions {
  /**
   * How long the combination waits for cloud channels after the judge has answered (ms): a
   * slow vendor never holds the child's result much past the offline one. Each channel's own
   * timeout bounds it as well.
   */
  graceMs: number;
  now?: () => number;
}

/**
 * Starts the cloud channels and the judge together and combines them by §9 once the judge has
 * answered and every channel has answered or the grace period after the judge is over.
 * The judge's failure propagates (the caller maps it); a channel's never does.
 */
export async function scoreWithChannels<J extends { score: number }>(
  judge: () => Promise<J>,
  cloud: readonly CloudScoreChannel[],
  wav: Buffer,
  refText: string,
  options: CombineOptions,
): Promise<{ judged: J; combined: CombinedScore }> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const abort = new AbortController();
  const timings: ChannelTiming[] = cloud.map((c) => ({
    name: c.name,
    provider: c.provider,
    score: null,
    ms: 0,
    outcome: 'late',
  }));
  const readings: Array<ChannelReading | null> = cloud.map(() => null);
  const asked = cloud.map(async (channel, i) => {
    const timing = timings[i] as ChannelTiming;
    try {
      const reading = await channel.score(wav, refText, abort.signal);
      timing.ms = now() - started;
      if (abort.signal.aborted) return;
      readings[i] = reading;
      timing.outcome = reading ? 'ok' : 'no_reading';
      timing.score = reading ? combineChannelScores([reading]) : null;
    } catch (error) {
      timing.ms = now() - started;
      if (abort.signal.aborted) return;
      timing.outcome = error instanceof ChannelError ? error.kind : 'network';
    }
  });
  let judged: J;
  try {
    judged = await judge();
  } catch (error) {
    abort.abort();
    throw error;
  }
  let grace: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(asked),
    new Promise<void>((resolve) => {
      grace = setTimeout(resolve, options.graceMs);
    }),
  ]);
  clearTimeout(grace);
  abort.abort();
  const answered: Array<{ name: string; reading: ChannelReading }> = [
    { name: 'judge', reading: { channel: 'judge', score: judged.score } },
  ];
  cloud.forEach((channel, i) => {
    const reading = readings[i];
    if (reading && timings[i]?.outcome === 'ok') answered.push({ name: channel.name, reading });
  });
  const elapsedMs = now() - started;
  return {
    judged,
    combined: {
      score: combineChannelScores(answered.map((a) => a.reading)),
      channels: answered.map((a) => ({ name: a.name, score: combineChannelScores([a.reading]) })),
      timings,
      elapsedMs,
      slow: elapsedMs >= SLOW_SCORING_MS,
    },
  };
}
