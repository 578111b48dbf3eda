import { randomUUID } from 'node:crypto';
import { sign, stringToSign } from './aliyun-signature';
import { type SmsMessage, type SmsProvider, SmsSendError } from './types';

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** Approved signature shown in the message, e.g. 绘本岛. */
  signName: string;
  /** Approved template; it must contain the ${code} variable. */
  templateCode: string;
  /** Injected so tests never reach the network. */
  fetch?: typeof fetch;
  /** Injected so tests get a fixed Timestamp and therefore a fixed signature. */
  now?: () => Date;
  /** Injected for the same reason; the server rejects a repeated nonce as a replay. */
  nonce?: () => string;
  /** Whole request budget; a login screen should fail fast rather than spin. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Alibaba Cloud SMS (Dysmsapi SendSms, 2017-05-25), signed with RPC signature 1.0. */
export function createAliyunSmsProvider(options: AliyunSmsOptions): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const nonce = options.nonce ?? randomUUID;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    name: 'aliyun',
    async send(message: SmsMessage): Promise<void> {
      const params: Record<string, string> = {
        Action: 'SendSms',
        Version: '2017-05-25',
        Format: 'JSON',
        AccessKeyId: options.accessKeyId,
        SignatureMethod: 'HMAC-SHA1',
        SignatureVersion: '1.0',
        SignatureNonce: nonce(),
        Timestamp: aliyunTimestamp(now()),
        RegionId: 'cn-hangzhou',
        PhoneNumbers: aliyunPhoneNumber(message),
        SignName: options.signName,
        TemplateCode: options.templateCode,
        TemplateParam: JSON.stringify({ code: message.pin }),
      };
      const signature = sign(options.accessKeySecret, stringToSign('POST', params));
      const body = new URLSearchParams({ ...params, Signature: signature });

      let status: number;
      let text: string;
      try {
        const res = await doFetch(ALIYUN_SMS_ENDPOINT, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: body.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = res.status;
        // Read inside the try: the timeout also covers a body that stalls mid-stream.
        text = await res.text();
      } catch (err) {
        throw new SmsSendError(`Aliyun SMS request failed: ${describeError(err)}`);
      }

      // Errors (bad signature, throttling, unapproved template) come back as JSON with a
      // Code, often with a 4xx status, so the body is read before the status is judged.
      const reply = parseReply(text);
      if (reply === undefined) {
        throw new SmsSendError(`Aliyun SMS returned HTTP ${status} without a JSON reply`);
      }
      if (reply.Code !== 'OK') {
        throw new SmsSendError(reply.Message ?? `Aliyun SMS refused: ${reply.Code}`, reply.Code);
      }
    },
  };
}

/** Mainland numbers go bare; others as country code + number with no + or 00. */
export function aliyunPhoneNumber(message: Pick<SmsMessage, 'nationCode' | 'mobile'>): string {
  return message.nationCode === '86' ? message.mobile : `${message.nationCode}${message.mobile}`;
}

/** ISO 8601 UTC to the second; Alibaba's documented format has no milliseconds. */
export function aliyunTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

interface AliyunReply {
  Code: string;
  Message?: string;
}

function parseReply(text: string): AliyunReply | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (!('Code' in value) || typeof value.Code !== 'string') return undefined;
  const Code = value.Code;
  return 'Message' in value && typeof value.Message === 'string'
    ? { Code, Message: value.Message }
    : { Code };
}

function describeError(err: unknown): string {
  if (err instanceof Error && err.name === 'TimeoutError') return 'timed out';
  return err instanceof Error ? err.message : String(err);
}
