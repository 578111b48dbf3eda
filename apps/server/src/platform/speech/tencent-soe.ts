import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { ChannelReading } from '@picbook/domain';
import { ChannelError, type CloudScoreChannel, withTimeout } from './channel';

/**
 * Tencent Cloud oral evaluation (SOE, the service behind WeChat's pronunciation scores):
 * one `TransmitOralProcessWithInit` call per recording (non-streaming, sentence mode), signed
 * with TC3-HMAC-SHA256. Its answer is the §9 "WeChat" reading: PronAccuracy (0–100) ×
 * completion (PronCompletion 0–1, as a percent) / 100.
 */

export const SOE_HOST = 'soe.tencentcloudapi.com';
const SOE_SERVICE = 'soe';
const SOE_VERSION = '2018-07-24';
const SOE_ACTION = 'TransmitOralProcessWithInit';

export interface TencentSoeOptions {
  secretId: string;
  secretKey: string;
  /** Evaluation strictness 1.0 (young children) – 4.0 (adults); default 1.0. */
  scoreCoeff?: number;
  /** Business app id from the SOE console (optional). */
  soeAppId?: string;
  /** `https://soe.tencentcloudapi.com` unless a development adapter stands in. */
  endpoint?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Seconds since the epoch (tests fix it). */
  now?: () => number;
  sessionId?: () => string;
}

export interface Tc3Request {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  action: string;
  version: string;
  /** The JSON body, exactly as sent. */
  payload: string;
  /** Seconds since the epoch. */
  timestamp: number;
  region?: string;
}

const sha256Hex = (data: string): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac('sha256', key).update(data).digest();

/**
 * The headers of a TC3-HMAC-SHA256 signed POST (Tencent Cloud API 3.0): canonical request
 * over content-type and host, credential scope date/service/tc3_request, key derived from
 * "TC3" + secret key through date, service and "tc3_request".
 */
export function tc3Headers(request: Tc3Request): Record<string, string> {
  const date = new Date(request.timestamp * 1000).toISOString().slice(0, 10);
  const contentType = 'application/json; charset=utf-8';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${contentType}\nhost:${request.host}\n`,
    'content-type;host',
    sha256Hex(request.payload),
  ].join('\n');
  const scope = `${date}/${request.service}/tc3_request`;
  const stringToSign = [
    'TC3-HMAC-SHA256',
    String(request.timestamp),
    scope,
    sha256Hex(canonicalRequest),
  ].join('\n');
  const secretDate = hmac(`TC3${request.secretKey}`, date);
  const secretService = hmac(secretDate, request.service);
  const secretSigning = hmac(secretService, 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign).digest('hex');
  return {
    Authorization: `TC3-HMAC-SHA256 Credential=${request.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`,
    'Content-Type': contentType,
    Host: request.host,
    'X-TC-Action': request.action,
    'X-TC-Version': request.version,
    'X-TC-Timestamp': String(request.timestamp),
    ...(request.region ? { 'X-TC-Region': request.region } : {}),
  };
}

/** The request body of one non-streaming sentence evaluation of a 16 kHz 16-bit mono WAV. */
export function soeRequestBody(
  wav: Buffer,
  refText: string,
  sessionId: string,
  options: Pick<TencentSoeOptions, 'scoreCoeff' | 'soeAppId'> = {},
): Record<string, unknown> {
  return {
    SeqId: 1,
    IsEnd: 1,
    // 2 = wav, 1 = pcm encoding; one call carries the whole recording (WorkMode 1).
    VoiceFileType: 2,
    VoiceEncodeType: 1,
    UserVoiceData: wav.toString('base64'),
    SessionId: sessionId,
    RefText: refText,
    WorkMode: 1,
    EvalMode: 1,
    ScoreCoeff: options.scoreCoeff ?? 1,
    ServerType: 0,
    ...(options.soeAppId ? { SoeAppId: options.soeAppId } : {}),
  };
}

/**
 * The §9 reading of an SOE answer: `{ Response: { PronAccuracy, PronCompletion, … } }`, or an
 * error `{ Response: { Error: { Code, Message } } }`. PronAccuracy −1 means nothing was
 * evaluated (no speech): no reading.
 */
export function parseSoeResponse(body: unknown): ChannelReading | null {
  const response = (body as { Response?: Record<string, unknown> } | null)?.Response;
  if (!response || typeof response !== 'object') {
    throw new ChannelError('wechat', 'bad_response', 'SOE answer without Response');
  }
  const error = response.Error as { Code?: unknown; Message?: unknown } | undefined;
  if (error) {
    throw new ChannelError(
      'wechat',
      'provider_error',
      `SOE ${String(error.Code)}: ${String(error.Message)}`,
    );
  }
  const accuracy = response.PronAccuracy;
  const completion = response.PronCompletion;
  if (typeof accuracy !== 'number' || typeof completion !== 'number') {
    throw new ChannelError(
      'wechat',
      'bad_response',
      'SOE answer without PronAccuracy/PronCompletion',
    );
  }
  if (accuracy < 0 || completion < 0) return null;
  return { channel: 'wechat', accuracy, completion: completion * 100 };
}

export function createTencentSoeChannel(options: TencentSoeOptions): CloudScoreChannel {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const endpoint = options.endpoint ?? `https://${SOE_HOST}`;
  return {
    name: 'wechat',
    provider: 'tencent-soe',
    async score(wav, refText, signal) {
      const payload = JSON.stringify(
        soeRequestBody(wav, refText, options.sessionId?.() ?? randomUUID(), options),
      );
      const headers = tc3Headers({
        secretId: options.secretId,
        secretKey: options.secretKey,
        service: SOE_SERVICE,
        host: SOE_HOST,
        action: SOE_ACTION,
        version: SOE_VERSION,
        payload,
        timestamp: now(),
      });
      return withTimeout('wechat', options.timeoutMs, signal, async (abort) => {
        const res = await doFetch(endpoint, {
          method: 'POST',
          headers,
          body: payload,
          signal: abort,
        });
        if (!res.ok) throw new ChannelError('wechat', 'http', `SOE HTTP ${res.status}`);
        return parseSoeResponse(await res.json());
      });
    },
  };
}
