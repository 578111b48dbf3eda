import { createHmac } from 'node:crypto';
import type { ChannelReading } from '@picbook/domain';
import { ChannelError, type CloudScoreChannel, withTimeout } from './channel';

/**
 * iFlytek speech evaluation (ISE, streaming WebSocket API v2): the §9 "third vendor". The
 * socket URL carries HMAC-SHA256 authentication (host, date and request line signed with the
 * API secret); the first frame (`cmd: ssb`) carries the text, audio follows in `auw` frames
 * of 1,280 bytes (40 ms of 16 kHz 16-bit PCM), the last with `aus: 4`, `status: 2`. The
 * answer's `data.data` is a base64 XML whose sentence `total_score` is on iFlytek's 0–5
 * scale for English; as a vendor reading (0–10,000, §9 divides by 100) it is × 2,000.
 */

export const ISE_URL = 'wss://ise-api.xfyun.cn/v2/open-ise';
/** Bytes of PCM per audio frame (iFlytek's recommendation: 1,280 bytes every 40 ms). */
export const ISE_FRAME_BYTES = 1280;
/** English total_score is 0–5; the vendor channel reads 0–10,000. */
const ISE_SCORE_TO_VENDOR = 10_000 / 5;

/** The minimal WebSocket the adapter needs (the `ws` package's client satisfies it). */
export interface IseSocket {
  send(data: string): void;
  close(): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer | string) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'close', listener: () => void): void;
}

export interface IflytekIseOptions {
  appId: string;
  apiKey: string;
  apiSecret: string;
  /** `wss://ise-api.xfyun.cn/v2/open-ise` unless a development adapter stands in. */
  url?: string;
  timeoutMs: number;
  /** Opens a socket (default: the `ws` package). */
  connect?: (url: string) => IseSocket;
  now?: () => Date;
}

/**
 * The authenticated socket URL: signature = base64(HMAC-SHA256(apiSecret, "host: …\ndate:
 * …\nGET /path HTTP/1.1")), authorization = base64 of the api_key/algorithm/headers/signature
 * line; all three go in the query string.
 */
export function iseAuthUrl(base: string, apiKey: string, apiSecret: string, date: Date): string {
  const url = new URL(base);
  const rfc1123 = date.toUTCString();
  const origin = `host: ${url.host}\ndate: ${rfc1123}\nGET ${url.pathname} HTTP/1.1`;
  const signature = createHmac('sha256', apiSecret).update(origin).digest('base64');
  const authorization = Buffer.from(
    `api_key="${apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`,
  ).toString('base64');
  url.search = new URLSearchParams({ authorization, date: rfc1123, host: url.host }).toString();
  return url.toString();
}

/** PCM samples of a 16-bit WAV (the data chunk), or the bytes themselves when not a WAV. */
export function pcmOfWav(wav: Buffer): Buffer {
  if (wav.length < 12 || wav.toString('ascii', 0, 4) !== 'RIFF') return wav;
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'data') return wav.subarray(offset + 8, Math.min(wav.length, offset + 8 + size));
    offset += 8 + size + (size % 2);
  }
  return Buffer.alloc(0);
}

/** Every frame the adapter sends for one recording, in order (JSON strings). */
export function iseFrames(appId: string, pcm: Buffer, refText: string): string[] {
  const frames: string[] = [
    JSON.stringify({
      common: { app_id: appId },
      business: {
        sub: 'ise',
        ent: 'en_vip',
        category: 'read_sentence',
        cmd: 'ssb',
        // iFlytek asks for a BOM before the text.
        text: `\uFEFF${refText}`,
        tte: 'utf-8',
        ttp_skip: true,
        aue: 'raw',
        auf: 'audio/L16;rate=16000',
        rstcd: 'utf8',
      },
      data: { status: 0 },
    }),
  ];
  const chunks = Math.max(1, Math.ceil(pcm.length / ISE_FRAME_BYTES));
  for (let i = 0; i < chunks; i++) {
    const chunk = pcm.subarray(i * ISE_FRAME_BYTES, (i + 1) * ISE_FRAME_BYTES);
    const last = i === chunks - 1;
    frames.push(
      JSON.stringify({
        business: { cmd: 'auw', aus: last ? 4 : i === 0 ? 1 : 2, aue: 'raw' },
        data: { status: last ? 2 : 1, data: chunk.toString('base64') },
      }),
    );
  }
  return frames;
}

/**
 * One message of the socket: `{ code, message, sid, data: { status, data } }`; code ≠ 0 is an
 * error; status 2 is the final result. Returns undefined for an intermediate message, the
 * reading (null when the XML says the recording was rejected) for the final one.
 */
export function parseIseMessage(raw: string): ChannelReading | null | undefined {
  let message: { code?: unknown; message?: unknown; data?: { status?: unknown; data?: unknown } };
  try {
    message = JSON.parse(raw);
  } catch {
    throw new ChannelError('vendor', 'bad_response', 'ISE answer is not JSON');
  }
  if (message.code !== 0) {
    throw new ChannelError(
      'vendor',
      'provider_error',
      `ISE ${String(message.code)}: ${String(message.message)}`,
    );
  }
  if (message.data?.status !== 2) return undefined;
  if (typeof message.data.data !== 'string') {
    throw new ChannelError('vendor', 'bad_response', 'ISE final answer without data');
  }
  const xml = Buffer.from(message.data.data, 'base64').toString('utf8');
  // The sentence's own element (read_chapter for read_sentence) carries total_score and, when
  // the engine rejected the audio (silence, wrong language), is_rejected="true".
  const chapter =
    /<read_chapter\b[^>]*>/.exec(xml)?.[0] ??
    /<read_sentence\b[^>]*total_score[^>]*>/.exec(xml)?.[0];
  if (!chapter) throw new ChannelError('vendor', 'bad_response', 'ISE result without a sentence');
  if (/\bis_rejected="true"/.test(chapter)) return null;
  const total = /\btotal_score="([\d.]+)"/.exec(chapter)?.[1];
  if (total === undefined)
    throw new ChannelError('vendor', 'bad_response', 'ISE result without total_score');
  return { channel: 'vendor', score: Number(total) * ISE_SCORE_TO_VENDOR };
}

async function defaultConnect(url: string): Promise<IseSocket> {
  const { default: WebSocket } = await import('ws');
  return new WebSocket(url) as unknown as IseSocket;
}

export function createIflytekIseChannel(options: IflytekIseOptions): CloudScoreChannel {
  const now = options.now ?? (() => new Date());
  return {
    name: 'vendor',
    provider: 'iflytek-ise',
    score(wav, refText, signal) {
      const url = iseAuthUrl(options.url ?? ISE_URL, options.apiKey, options.apiSecret, now());
      const frames = iseFrames(options.appId, pcmOfWav(wav), refText);
      return withTimeout('vendor', options.timeoutMs, signal, async (abort) => {
        const socket = options.connect ? options.connect(url) : await defaultConnect(url);
        return new Promise<ChannelReading | null>((resolve, reject) => {
          let settled = false;
          const finish = (error: Error | null, reading?: ChannelReading | null): void => {
            if (settled) return;
            settled = true;
            abort.removeEventListener('abort', onAbort);
            socket.close();
            if (error) reject(error);
            else resolve(reading ?? null);
          };
          const onAbort = (): void =>
            finish(new ChannelError('vendor', 'timeout', 'ISE request aborted'));
          abort.addEventListener('abort', onAbort, { once: true });
          socket.on('open', () => {
            for (const frame of frames) socket.send(frame);
          });
          socket.on('message', (data) => {
            try {
              const reading = parseIseMessage(
                typeof data === 'string' ? data : data.toString('utf8'),
              );
              if (reading !== undefined) finish(null, reading);
            } catch (error) {
              finish(error as Error);
            }
          });
          socket.on('error', (error) =>
            finish(new ChannelError('vendor', 'network', error.message)),
          );
          socket.on('close', () =>
            finish(new ChannelError('vendor', 'network', 'ISE socket closed before the result')),
          );
        });
      });
    },
  };
}
