import { describe, expect, it, vi } from 'vitest';
import {
  ChannelError,
  type CloudScoreChannel,
  SLOW_SCORING_MS,
  scoreWithChannels,
} from './channel';
import {
  createDevIseConnect,
  createDevSoeFetch,
  DEV_IFLYTEK,
  DEV_TENCENT,
  pcmToWav,
} from './dev-channels';
import {
  createIflytekIseChannel,
  ISE_FRAME_BYTES,
  ISE_URL,
  type IseSocket,
  iseAuthUrl,
  iseFrames,
  parseIseMessage,
  pcmOfWav,
} from './iflytek-ise';
import {
  createTencentSoeChannel,
  parseSoeResponse,
  soeRequestBody,
  tc3Headers,
} from './tencent-soe';

// Expected values below were computed independently (Python hmac/hashlib) from the providers'
// published signing procedures, not by this code.
describe('Tencent SOE: TC3-HMAC-SHA256', () => {
  it('signs a request as the published procedure does', () => {
    const headers = tc3Headers({
      secretId: 'AKIDexampleSecretId',
      secretKey: 'exampleSecretKey',
      service: 'soe',
      host: 'soe.tencentcloudapi.com',
      action: 'TransmitOralProcessWithInit',
      version: '2018-07-24',
      payload: '{"RefText":"Dad has a red kite.","SeqId":1}',
      timestamp: 1_700_000_000,
    });
    expect(headers.Authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDexampleSecretId/2023-11-14/soe/tc3_request, SignedHeaders=content-type;host, Signature=9ee44d633d7f6062148af1c92396647ed4a6e3a5843040b3317a014ab4e35a59',
    );
    expect(headers).toMatchObject({
      'X-TC-Action': 'TransmitOralProcessWithInit',
      'X-TC-Version': '2018-07-24',
      'X-TC-Timestamp': '1700000000',
      'Content-Type': 'application/json; charset=utf-8',
    });
  });

  it('builds a one-shot sentence evaluation of the WAV', () => {
    const wav = pcmToWav(Buffer.from([1, 2, 3, 4]));
    expect(soeRequestBody(wav, 'Dad has a red kite.', 's-1', { scoreCoeff: 1.5 })).toEqual({
      SeqId: 1,
      IsEnd: 1,
      VoiceFileType: 2,
      VoiceEncodeType: 1,
      UserVoiceData: wav.toString('base64'),
      SessionId: 's-1',
      RefText: 'Dad has a red kite.',
      WorkMode: 1,
      EvalMode: 1,
      ScoreCoeff: 1.5,
      ServerType: 0,
    });
  });

  it.each([
    [
      { Response: { PronAccuracy: 81.5, PronCompletion: 0.8, RequestId: 'r' } },
      { channel: 'wechat', accuracy: 81.5, completion: 80 },
    ],
    [{ Response: { PronAccuracy: -1, PronCompletion: -1, RequestId: 'r' } }, null],
  ])('reads %j', (body, reading) => {
    expect(parseSoeResponse(body)).toEqual(reading);
  });

  it.each([
    [
      { Response: { Error: { Code: 'AuthFailure.SignatureExpire', Message: 'expired' } } },
      'provider_error',
    ],
    [{ Response: { RequestId: 'r' } }, 'bad_response'],
    [{ nothing: true }, 'bad_response'],
  ])('rejects %j', (body, kind) => {
    expect(() => parseSoeResponse(body)).toThrow(expect.objectContaining({ kind }));
  });

  it('posts the signed body and reads the answer; HTTP errors and timeouts are ChannelErrors', async () => {
    const fetchMock = vi.fn(async (_url: unknown, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      expect(body.RefText).toBe('It is a windy day.');
      return new Response(JSON.stringify({ Response: { PronAccuracy: 90, PronCompletion: 1 } }));
    });
    const channel = createTencentSoeChannel({
      secretId: 'id',
      secretKey: 'key',
      timeoutMs: 1000,
      fetch: fetchMock as unknown as typeof fetch,
    });
    await expect(channel.score(pcmToWav(Buffer.alloc(64)), 'It is a windy day.')).resolves.toEqual({
      channel: 'wechat',
      accuracy: 90,
      completion: 100,
    });
    const failing = createTencentSoeChannel({
      secretId: 'id',
      secretKey: 'key',
      timeoutMs: 1000,
      fetch: (async () => new Response('busy', { status: 503 })) as unknown as typeof fetch,
    });
    await expect(failing.score(Buffer.alloc(0), 'x')).rejects.toMatchObject({ kind: 'http' });
    const hanging = createTencentSoeChannel({
      secretId: 'id',
      secretKey: 'key',
      timeoutMs: 30,
      fetch: (() => new Promise(() => {})) as unknown as typeof fetch,
    });
    await expect(hanging.score(Buffer.alloc(0), 'x')).rejects.toMatchObject({ kind: 'timeout' });
  });
});

describe('iFlytek ISE: WebSocket with HMAC-SHA256 URL authentication', () => {
  it('signs the socket URL as the published procedure does', () => {
    expect(
      iseAuthUrl(ISE_URL, 'exampleApiKey', 'exampleApiSecret', new Date(1_700_000_000_000)),
    ).toBe(
      'wss://ise-api.xfyun.cn/v2/open-ise?authorization=YXBpX2tleT0iZXhhbXBsZUFwaUtleSIsIGFsZ29yaXRobT0iaG1hYy1zaGEyNTYiLCBoZWFkZXJzPSJob3N0IGRhdGUgcmVxdWVzdC1saW5lIiwgc2lnbmF0dXJlPSJBZFh2L1VyMk5EejFvYlpPOFg1d1I2bjVhWkFmbnJzOXJzdEcyYXM4bVRZPSI%3D&date=Tue%2C+14+Nov+2023+22%3A13%3A20+GMT&host=ise-api.xfyun.cn',
    );
  });

  it('sends the text first, then the PCM in 1,280-byte frames, the last marked', () => {
    const pcm = Buffer.alloc(ISE_FRAME_BYTES * 2 + 10, 7);
    const frames = iseFrames('app1', pcm, 'Dad has a red kite.').map((f) => JSON.parse(f));
    expect(frames[0]).toMatchObject({
      common: { app_id: 'app1' },
      business: {
        cmd: 'ssb',
        category: 'read_sentence',
        ent: 'en_vip',
        text: '\uFEFFDad has a red kite.',
      },
      data: { status: 0 },
    });
    expect(frames.slice(1).map((f) => [f.business.aus, f.data.status])).toEqual([
      [1, 1],
      [2, 1],
      [4, 2],
    ]);
    expect(Buffer.from(frames[3].data.data, 'base64').length).toBe(10);
    expect(pcmOfWav(pcmToWav(pcm)).equals(pcm)).toBe(true);
  });

  const final = (xml: string) =>
    JSON.stringify({
      code: 0,
      message: 'success',
      sid: 's',
      data: { status: 2, data: Buffer.from(xml).toString('base64') },
    });

  it('reads total_score (0–5) as a vendor reading on 0–10,000', () => {
    expect(
      parseIseMessage(
        final(
          '<xml_result><read_sentence lan="en"><rec_paper><read_chapter total_score="4.350" accuracy_score="4.1"></read_chapter></rec_paper></read_sentence></xml_result>',
        ),
      ),
    ).toEqual({ channel: 'vendor', score: 8700 });
    expect(
      parseIseMessage(final('<read_chapter total_score="0.000" is_rejected="true">')),
    ).toBeNull();
    expect(parseIseMessage(JSON.stringify({ code: 0, data: { status: 1 } }))).toBeUndefined();
    expect(() => parseIseMessage(JSON.stringify({ code: 10163, message: 'param error' }))).toThrow(
      expect.objectContaining({ kind: 'provider_error' }),
    );
    expect(() => parseIseMessage('<html>')).toThrow(
      expect.objectContaining({ kind: 'bad_response' }),
    );
    expect(() => parseIseMessage(final('<rec_paper/>'))).toThrow(
      expect.objectContaining({ kind: 'bad_response' }),
    );
  });

  const fakeSocket = (
    onSend: (socket: { emit(e: string, a?: unknown): void }, frame: string) => void,
  ) => {
    const listeners: Record<string, Array<(a?: unknown) => void>> = {};
    const socket = {
      sent: [] as string[],
      closed: false,
      send(data: string) {
        this.sent.push(data);
        onSend(socket, data);
      },
      close() {
        this.closed = true;
      },
      on(event: string, l: (a?: unknown) => void) {
        listeners[event] = [...(listeners[event] ?? []), l];
      },
      emit(event: string, a?: unknown) {
        for (const l of listeners[event] ?? []) l(a);
      },
    };
    setImmediate(() => socket.emit('open'));
    return socket;
  };

  it('answers after the last frame, closes the socket; errors and silence are ChannelErrors', async () => {
    let opened: ReturnType<typeof fakeSocket> | undefined;
    const channel = createIflytekIseChannel({
      appId: 'a',
      apiKey: 'k',
      apiSecret: 's',
      timeoutMs: 1000,
      connect: (url) => {
        expect(url).toMatch(/^wss:\/\/ise-api\.xfyun\.cn\/v2\/open-ise\?authorization=/);
        opened = fakeSocket((socket, frame) => {
          if (JSON.parse(frame).data.status === 2)
            socket.emit('message', final('<read_chapter total_score="3.000">'));
        });
        return opened as unknown as IseSocket;
      },
    });
    await expect(channel.score(pcmToWav(Buffer.alloc(3000)), 'Hi.')).resolves.toEqual({
      channel: 'vendor',
      score: 6000,
    });
    expect(opened?.closed).toBe(true);
    expect(opened?.sent).toHaveLength(4);

    const refused = createIflytekIseChannel({
      appId: 'a',
      apiKey: 'k',
      apiSecret: 's',
      timeoutMs: 1000,
      connect: () =>
        fakeSocket((socket) =>
          socket.emit('message', JSON.stringify({ code: 11200, message: 'licc limit' })),
        ) as unknown as IseSocket,
    });
    await expect(refused.score(Buffer.alloc(10), 'x')).rejects.toMatchObject({
      kind: 'provider_error',
    });

    const silent = createIflytekIseChannel({
      appId: 'a',
      apiKey: 'k',
      apiSecret: 's',
      timeoutMs: 30,
      connect: () => fakeSocket(() => {}) as unknown as IseSocket,
    });
    await expect(silent.score(Buffer.alloc(10), 'x')).rejects.toMatchObject({ kind: 'timeout' });
  });
});

describe('§9 combination with the cloud channels', () => {
  const channel = (
    name: 'wechat' | 'vendor',
    answer: () => Promise<Awaited<ReturnType<CloudScoreChannel['score']>>>,
  ): CloudScoreChannel => ({ name, provider: `test-${name}`, score: answer });
  const judge =
    (score: number, ms = 0) =>
    () =>
      new Promise<{ score: number }>((resolve) => setTimeout(() => resolve({ score }), ms));

  it('keeps the best channel, rounded up, and names each', async () => {
    const { combined } = await scoreWithChannels(
      judge(72),
      [
        channel('wechat', async () => ({ channel: 'wechat', accuracy: 85.3, completion: 90 })),
        channel('vendor', async () => ({ channel: 'vendor', score: 7_450 })),
      ],
      Buffer.alloc(0),
      'x',
      { graceMs: 100 },
    );
    expect(combined.score).toBe(77);
    expect(combined.channels).toEqual([
      { name: 'judge', score: 72 },
      { name: 'wechat', score: 77 },
      { name: 'vendor', score: 75 },
    ]);
    expect(combined.slow).toBe(false);
  });

  it('starts the channels with the judge and leaves out failing and late ones', async () => {
    const started: string[] = [];
    let lateSignal: AbortSignal | undefined;
    const { combined } = await scoreWithChannels(
      async () => {
        started.push('judge');
        await new Promise((r) => setTimeout(r, 20));
        return { score: 64 };
      },
      [
        channel('wechat', async () => {
          started.push('wechat');
          throw new ChannelError('wechat', 'http', 'SOE HTTP 500');
        }),
        {
          name: 'vendor',
          provider: 'slow',
          score: (_wav, _text, signal) => {
            started.push('vendor');
            lateSignal = signal;
            return new Promise((resolve) =>
              setTimeout(() => resolve({ channel: 'vendor', score: 9_900 }), 500),
            );
          },
        },
      ],
      Buffer.alloc(0),
      'x',
      { graceMs: 30 },
    );
    expect(started.sort()).toEqual(['judge', 'vendor', 'wechat']);
    expect(combined.score).toBe(64);
    expect(combined.channels).toEqual([{ name: 'judge', score: 64 }]);
    expect(combined.timings.map((t) => t.outcome)).toEqual(['http', 'late']);
    expect(lateSignal?.aborted).toBe(true);
  });

  it('reports scoring at or over 20,000 ms as slow', async () => {
    let t = 0;
    const { combined } = await scoreWithChannels(
      async () => {
        t += SLOW_SCORING_MS;
        return { score: 50 };
      },
      [],
      Buffer.alloc(0),
      'x',
      { graceMs: 0, now: () => t },
    );
    expect(combined).toMatchObject({ slow: true, elapsedMs: 20_000, score: 50 });
  });

  it('a failing judge fails the score and cancels the channels', async () => {
    let signal: AbortSignal | undefined;
    await expect(
      scoreWithChannels(
        async () => {
          throw new Error('pool down');
        },
        [
          {
            name: 'vendor',
            provider: 'p',
            score: (_w, _t, s) => {
              signal = s;
              return new Promise(() => {});
            },
          },
        ],
        Buffer.alloc(0),
        'x',
        { graceMs: 10 },
      ),
    ).rejects.toThrow('pool down');
    expect(signal?.aborted).toBe(true);
  });
});

describe('development stand-ins answer in the providers’ shapes', () => {
  const figures = { accuracy: 88, completeness: 80, score: 75 };
  const score = vi.fn(async () => figures);

  it('SOE: checks the TC3 signature, answers PronAccuracy / PronCompletion', async () => {
    const good = createTencentSoeChannel({
      ...DEV_TENCENT,
      timeoutMs: 1000,
      fetch: createDevSoeFetch(score),
    });
    await expect(good.score(pcmToWav(Buffer.alloc(32)), 'Dad has a red kite.')).resolves.toEqual({
      channel: 'wechat',
      accuracy: 88,
      completion: 80,
    });
    const wrongKey = createTencentSoeChannel({
      ...DEV_TENCENT,
      secretKey: 'nope',
      timeoutMs: 1000,
      fetch: createDevSoeFetch(score),
    });
    await expect(wrongKey.score(Buffer.alloc(0), 'x')).rejects.toMatchObject({
      kind: 'provider_error',
    });
  });

  it('ISE: checks the URL signature, answers a base64 XML with total_score', async () => {
    const verify = (url: string) =>
      iseAuthUrl(
        ISE_URL,
        DEV_IFLYTEK.apiKey,
        DEV_IFLYTEK.apiSecret,
        new Date(new URL(url).searchParams.get('date') ?? ''),
      ) === url;
    const good = createIflytekIseChannel({
      ...DEV_IFLYTEK,
      timeoutMs: 1000,
      connect: createDevIseConnect(score, verify),
    });
    await expect(good.score(pcmToWav(Buffer.alloc(4000)), 'Dad has a red kite.')).resolves.toEqual({
      channel: 'vendor',
      score: 7500,
    });
    expect(score).toHaveBeenLastCalledWith(expect.any(Buffer), 'Dad has a red kite.');
    const bad = createIflytekIseChannel({
      ...DEV_IFLYTEK,
      apiSecret: 'nope',
      timeoutMs: 1000,
      connect: createDevIseConnect(score, verify),
    });
    await expect(bad.score(Buffer.alloc(10), 'x')).rejects.toMatchObject({
      kind: 'provider_error',
    });
  });
});
