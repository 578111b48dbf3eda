import { type ChannelReading, combineChannelScores } from '@picbook/domain';
import {
  createScoringPool,
  type ScoreResult,
  type ScoringPool,
  SpeechPoolError,
} from '@picbook/speech';

/** The platform judge: the offline engine of @picbook/speech, run in a pool of worker threads. */
export interface SpeechJudge {
  score(audio16k: Float32Array, refText: string): Promise<ScoreResult>;
  close(): Promise<void>;
}

/**
 * A cloud scoring channel (spec §9: a WeChat-style score and a third vendor's). None is built
 * in; a deployment adds one by implementing this and listing it in Services.speechChannels.
 */
export interface CloudScoreChannel {
  name: 'wechat' | 'vendor';
  /** The channel's reading of a 16 kHz WAV, or null when it could not score it. */
  score(wav: Buffer, refText: string): Promise<ChannelReading | null>;
}

export class JudgeBusyError extends Error {
  constructor(
    readonly reason: 'busy' | 'timeout' | 'failed',
    cause: unknown,
  ) {
    super(`speech judge ${reason}`, { cause });
    this.name = 'JudgeBusyError';
  }
}

/** The engine pool is created on first use: a server that never scores loads no model. */
export function createPoolJudge(options: { size?: number; timeoutMs?: number } = {}): SpeechJudge {
  let pool: ScoringPool | null = null;
  return {
    async score(audio16k, refText) {
      pool ??= createScoringPool(options);
      try {
        return await pool.score(audio16k, refText);
      } catch (error) {
        if (error instanceof SpeechPoolError) {
          const reason =
            error.code === 'QUEUE_FULL' ? 'busy' : error.code === 'TIMEOUT' ? 'timeout' : 'failed';
          throw new JudgeBusyError(reason, error);
        }
        throw error;
      }
    },
    async close() {
      const current = pool;
      pool = null;
      await current?.close();
    },
  };
}

export interface CombinedScore {
  /** Best channel, rounded-up percent. */
  score: number;
  channels: Array<{ name: string; score: number }>;
}

/**
 * Asks the cloud channels (when enabled) next to the platform judge's result and combines them
 * by the spec's rule. A failing cloud channel is left out, never fails the score.
 */
export async function combineWithChannels(
  judge: ScoreResult,
  cloud: readonly CloudScoreChannel[],
  wav: Buffer,
  refText: string,
  onChannelError: (name: string, error: unknown) => void,
): Promise<CombinedScore> {
  const readings: Array<{ name: string; reading: ChannelReading }> = [
    { name: 'judge', reading: { channel: 'judge', score: judge.score } },
  ];
  const answers = await Promise.all(
    cloud.map(async (channel) => {
      try {
        const reading = await channel.score(wav, refText);
        return reading ? { name: channel.name, reading } : null;
      } catch (error) {
        onChannelError(channel.name, error);
        return null;
      }
    }),
  );
  for (const answer of answers) if (answer) readings.push(answer);
  return {
    score: combineChannelScores(readings.map((r) => r.reading)),
    channels: readings.map((r) => ({ name: r.name, score: combineChannelScores([r.reading]) })),
  };
}
