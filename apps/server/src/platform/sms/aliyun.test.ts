import { describe, expect, it } from 'vitest';
import { ALIYUN_SMS_ENDPOINT, type AliyunSmsOptions, createAliyunSmsProvider } from './aliyun';
import { sign, stringToSign } from './aliyun-signature';
import { type SmsMessage, SmsSendError } from './types';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch that records each call and answers with whatever `respond` returns or throws. */
function fakeFetch(respond: (init: RequestInit) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn: typeof fetch = async (input, init = {}) => {
    calls.push({ url: String(input), init });
    return respond(init);
  };
  return { fn, calls };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const ok = () =>
  json({ Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'F655A8D5-B967' });

function formOf(call: Call | undefined): Record<string, string> {
  if (typeof call?.init.body !== 'string') throw new Error('expected a string body');
  return Object.fromEntries(new URLSearchParams(call.init.body));
}

const SECRET = 'testsecret';
const login: SmsMessage = { nationCode: '86', mobile: '13800138000', pin: '1234', action: 'login' };

function provider(fetchFn: typeof fetch, extra: Partial<AliyunSmsOptions> = {}) {
  return createAliyunSmsProvider({
    accessKeyId: 'testid',
    accessKeySecret: SECRET,
    signName: '绘本岛',
    templateCode: 'SMS_123456789',
    fetch: fetchFn,
    now: () => new Date('2026-11-21T10:00:00.123Z'),
    nonce: () => '00000000-0000-4000-8000-000000000001',
    ...extra,
  });
}

/** Whatever `promise` rejects with, or a marker that fails the following assertions. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'resolved instead of rejecting',
    (err: unknown) => err,
  );
}

describe('createAliyunSmsProvider', () => {
  it('is named aliyun', () => {
    expect(provider(fakeFetch(ok).fn).name).toBe('aliyun');
  });

  it('POSTs a signed form with every SendSms parameter to the Dysmsapi endpoint', async () => {
    const { fn, calls } = fakeFetch(ok);
    await expect(provider(fn).send(login)).resolves.toBeUndefined();

    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call?.url).toBe('https://dysmsapi.aliyuncs.com/');
    expect(ALIYUN_SMS_ENDPOINT).toBe('https://dysmsapi.aliyuncs.com/');
    expect(call?.init.method).toBe('POST');
    expect(new Headers(call?.init.headers).get('content-type')).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(call?.init.signal).toBeInstanceOf(AbortSignal);

    const { Signature, ...params } = formOf(call);
    expect(params).toEqual({
      Action: 'SendSms',
      Version: '2017-05-25',
      Format: 'JSON',
      AccessKeyId: 'testid',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      SignatureNonce: '00000000-0000-4000-8000-000000000001',
      Timestamp: '2026-11-21T10:00:00Z',
      RegionId: 'cn-hangzhou',
      PhoneNumbers: '13800138000',
      SignName: '绘本岛',
      TemplateCode: 'SMS_123456789',
      TemplateParam: '{"code":"1234"}',
    });
    // The server recomputes the HMAC over what it decoded from the body, so that must verify.
    expect(Signature).toBe(sign(SECRET, stringToSign('POST', params)));
    // Independent literal: python3 quote(safe='~') string-to-sign for exactly these parameters,
    // then printf '%s' "$S" | openssl dgst -sha1 -hmac 'testsecret&' -binary | base64.
    expect(Signature).toBe('w35AgzELXEH6ZMqVE/veZE6zlJA=');
  });

  it('never puts the secret on the wire', async () => {
    const { fn, calls } = fakeFetch(ok);
    await provider(fn, { accessKeySecret: 'sekrit-XYZ' }).send(login);
    expect(calls[0]?.init.body).not.toContain('sekrit-XYZ');
    expect(calls[0]?.url).not.toContain('sekrit-XYZ');
  });

  it.each([
    ['86', '13800138000', '13800138000'],
    ['852', '91234567', '85291234567'],
  ])('sends nation code %s, mobile %s as PhoneNumbers %s', async (nationCode, mobile, expected) => {
    const { fn, calls } = fakeFetch(ok);
    await provider(fn).send({ ...login, nationCode, mobile });
    const { Signature, ...params } = formOf(calls[0]);
    expect(params.PhoneNumbers).toBe(expected);
    expect(Signature).toBe(sign(SECRET, stringToSign('POST', params)));
  });

  it('puts the pin in TemplateParam as {"code": pin}', async () => {
    const { fn, calls } = fakeFetch(ok);
    await provider(fn).send({ ...login, pin: '0907' });
    expect(JSON.parse(formOf(calls[0]).TemplateParam ?? '')).toEqual({ code: '0907' });
  });

  it('uses a fresh uuid nonce and the current second when none are injected', async () => {
    const { fn, calls } = fakeFetch(ok);
    const sms = createAliyunSmsProvider({
      accessKeyId: 'testid',
      accessKeySecret: SECRET,
      signName: '绘本岛',
      templateCode: 'SMS_123456789',
      fetch: fn,
    });
    const before = Math.floor(Date.now() / 1000) * 1000;
    await sms.send(login);
    await sms.send(login);
    const after = Date.now();

    const [first, second] = calls.map(formOf);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(first?.SignatureNonce).toMatch(uuid);
    expect(second?.SignatureNonce).toMatch(uuid);
    expect(first?.SignatureNonce).not.toBe(second?.SignatureNonce);

    const stamp = first?.Timestamp ?? '';
    expect(stamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(stamp)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(stamp)).toBeLessThanOrEqual(after);
  });

  it('turns a refusal Code into SmsSendError carrying the provider code and message', async () => {
    const { fn } = fakeFetch(() =>
      json({
        Code: 'isv.BUSINESS_LIMIT_CONTROL',
        Message: '触发小时级流控Permits:5',
        RequestId: 'A1B2C3',
      }),
    );
    const err = await rejection(provider(fn).send(login));
    expect(err).toBeInstanceOf(SmsSendError);
    expect(err).toMatchObject({
      providerCode: 'isv.BUSINESS_LIMIT_CONTROL',
      message: '触发小时级流控Permits:5',
    });
  });

  it('reads the Code from a 4xx reply too', async () => {
    const { fn } = fakeFetch(() =>
      json({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched' }, 400),
    );
    const err = await rejection(provider(fn).send(login));
    expect(err).toBeInstanceOf(SmsSendError);
    expect(err).toMatchObject({ providerCode: 'SignatureDoesNotMatch' });
  });

  it.each([
    ['an HTML gateway error', () => new Response('<html>Bad Gateway</html>', { status: 502 })],
    ['JSON without a Code', () => json({ RequestId: 'A1B2C3' })],
  ])('treats %s as a failure, not a success', async (_label, respond) => {
    const err = await rejection(provider(fakeFetch(respond).fn).send(login));
    expect(err).toBeInstanceOf(SmsSendError);
    expect(err).toMatchObject({ providerCode: undefined });
  });

  it('wraps a network failure in SmsSendError', async () => {
    const { fn } = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const err = await rejection(provider(fn).send(login));
    expect(err).toBeInstanceOf(SmsSendError);
    expect(err).toMatchObject({ providerCode: undefined });
    expect(String(err)).toContain('fetch failed');
  });

  it('gives up with SmsSendError when the request outlives the timeout', async () => {
    // Behaves like real fetch: hangs until its signal aborts, then rejects with the reason.
    const { fn } = fakeFetch(
      (init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const err = await rejection(provider(fn, { timeoutMs: 20 }).send(login));
    expect(err).toBeInstanceOf(SmsSendError);
    expect(String(err)).toContain('timed out');
  });
});
