import {
  createScoringPool,
  type ReaderHistory,
  type ScoreResult,
  type ScoringPool,
  SpeechPoolError,
} from '@picbook/speech';
import type { SpeechChannelsConfig } from '../config';
import type { CloudScoreChannel } from './channel';
import {
  createDevIseConnect,
  createDevSoeFetch,
  DEV_IFLYTEK,
  DEV_TENCENT,
  type DevFigures,
  type DevScore,
} from './dev-channels';
import { createIflytekIseChannel, ISE_URL, iseAuthUrl } from './iflytek-ise';
import { createTencentSoeChannel } from './tencent-soe';

/** The platform judge: the offline engine of @picbook/speech, run in a pool of worker threads. */
export interface SpeechJudge {
  /**
   * `history`: the reader's earlier recordings (a steadier estimate of how well they read);
   * `competitors`: the book's other lines, one of which the reader may have read instead.
   */
  score(
    audio16k: Float32Array,
    refText: string,
    options?: { history?: ReaderHistory; competitors?: readonly string[] },
  ): Promise<ScoreResult>;
  close(): Promise<void>;
}

export type { CloudScoreChannel } from './channel';

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
    async score(audio16k, refText, scoreOptions) {
      pool ??= createScoringPool(options);
      try {
        return await pool.score(audio16k, refText, scoreOptions);
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

/**
 * The cloud channels a deployment has configured (real adapters), or their development
 * stand-ins where SPEECH_DEV_CHANNELS allows them; the stand-ins score with `judge`.
 */
export function createSpeechChannels(
  config: SpeechChannelsConfig,
  judge: SpeechJudge,
  wavToSamples: (wav: Buffer) => Float32Array,
): CloudScoreChannel[] {
  const channels: CloudScoreChannel[] = [];
  // Both stand-ins score the same recording: one judge run per WAV.
  const memo = new WeakMap<Buffer, Promise<DevFigures | null>>();
  const devScore: DevScore = (wav, refText) => {
    let figures = memo.get(wav);
    if (!figures) {
      figures = judge
        .score(wavToSamples(wav), refText)
        .then((r) => (r.verdict === 'ok' ? r : null));
      memo.set(wav, figures);
    }
    return figures;
  };
  const base = { timeoutMs: config.timeoutMs };
  if (config.tencent) {
    channels.push(createTencentSoeChannel({ ...base, ...config.tencent }));
  } else if (config.dev) {
    channels.push(
      createTencentSoeChannel({ ...base, ...DEV_TENCENT, fetch: createDevSoeFetch(devScore) }),
    );
  }
  if (config.iflytek) {
    channels.push(createIflytekIseChannel({ ...base, ...config.iflytek }));
  } else if (config.dev) {
    const verify = (url: string): boolean => {
      const date = new URL(url).searchParams.get('date');
      return (
        date !== null &&
        iseAuthUrl(ISE_URL, DEV_IFLYTEK.apiKey, DEV_IFLYTEK.apiSecret, new Date(date)) === url
      );
    };
    channels.push(
      createIflytekIseChannel({
        ...base,
        ...DEV_IFLYTEK,
        connect: createDevIseConnect(devScore, verify),
      }),
    );
  }
  return channels;
}
