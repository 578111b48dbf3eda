import type { TSpeechAnswer } from '@picbook/contracts';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../request/request-error';
import { type SpeechChunkFields, speechFormData } from './speech-api';
import { type SpeechUploadError, SpeechUploader, type UploaderOptions } from './uploader';

interface Call {
  fields: SpeechChunkFields;
  pcm: Int16Array | null;
  resolve(answer?: Partial<TSpeechAnswer>): void;
  reject(error: unknown): void;
}

const answer = (overrides: Partial<TSpeechAnswer> = {}): TSpeechAnswer => ({
  session_id: 'session-abcdefgh',
  is_ended: false,
  received: [],
  audio_url: null,
  duration: 0,
  result: null,
  ...overrides,
});

/** A post whose answers the test gives, one call at a time. */
function fakeServer() {
  const calls: Call[] = [];
  let inFlight = 0;
  let peak = 0;
  const post = vi.fn(
    (fields: SpeechChunkFields, pcm: Int16Array | null) =>
      new Promise<TSpeechAnswer>((resolve, reject) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        calls.push({
          fields,
          pcm,
          resolve: (a) => {
            inFlight--;
            resolve(answer(a));
          },
          reject: (e) => {
            inFlight--;
            reject(e);
          },
        });
      }),
  );
  return { calls, post, peak: () => peak, inFlight: () => inFlight };
}

const ramp = (from: number, count: number) =>
  Int16Array.from({ length: count }, (_, i) => (from + i) % 30_000);

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const network = () => new RequestError(-1, '网络错误', 0);

function uploader(server: ReturnType<typeof fakeServer>, options: Partial<UploaderOptions> = {}) {
  const delays: number[] = [];
  const up = new SpeechUploader({
    sessionId: 'session-abcdefgh',
    refText: 'I see my red kite.',
    post: server.post,
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...options,
  });
  return { up, delays };
}

describe('streaming a recording in chunks', () => {
  it('holds the first second, then sends 0.5 s chunks numbered from 0, in recording order', () => {
    const server = fakeServer();
    const { up } = uploader(server, { maxInFlight: 10 });
    // 1.6 s of audio in 10 ms blocks.
    for (let i = 0; i < 160; i++) {
      up.push(ramp(i * 160, 160));
      if (i === 98) expect(server.calls).toHaveLength(0);
    }
    expect(server.calls.map((c) => c.fields.seq)).toEqual([0, 1, 2]);
    for (const call of server.calls) {
      expect(call.fields).toEqual({
        session_id: 'session-abcdefgh',
        seq: call.fields.seq,
        is_ended: 0,
        ref_text: 'I see my red kite.',
      });
      expect(call.pcm).toHaveLength(8000);
    }
    const sent = server.calls.flatMap((c) => Array.from(c.pcm ?? []));
    expect(sent).toEqual(Array.from(ramp(0, 24_000)));
  });

  it('does not wait for answers, but keeps at most 3 chunks in flight', async () => {
    const server = fakeServer();
    const { up } = uploader(server);
    up.push(ramp(0, 16_000 * 4)); // 4 s at once: 8 chunks
    expect(server.calls).toHaveLength(3);
    server.calls[1]?.resolve();
    await flush();
    expect(server.calls).toHaveLength(4);
    while (server.inFlight() > 0) {
      for (const call of server.calls) call.resolve();
      await flush();
    }
    expect(server.calls.map((c) => c.fields.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(server.peak()).toBe(3);
    expect(up.peakInFlight).toBe(3);
  });

  it('retries a chunk that failed in transit, with a growing delay', async () => {
    const server = fakeServer();
    const { up, delays } = uploader(server);
    up.push(ramp(0, 16_000));
    server.calls[0]?.reject(network());
    await flush();
    server.calls.at(-1)?.reject(new RequestError(502, '服务繁忙', 502));
    await flush();
    const seqs = server.calls.map((c) => c.fields.seq);
    expect(seqs.filter((s) => s === 0)).toHaveLength(3);
    expect(delays).toEqual([300, 600]);
    for (const call of server.calls) call.resolve();
    await flush();
    expect(up.error).toBeNull();
  });

  it.each([
    ['refused by the server (10001)', () => new RequestError(10001, '参数错误', 400), 1],
    ['failing in transit three times', () => network(), 3],
  ])('gives up on a chunk %s and reports it once', async (_name, error, attempts) => {
    const server = fakeServer();
    const onError = vi.fn();
    const { up } = uploader(server, { onError, maxInFlight: 1 });
    up.push(ramp(0, 16_000));
    for (let i = 0; i < attempts; i++) {
      server.calls.at(-1)?.reject(error());
      await flush();
    }
    expect(server.calls.filter((c) => c.fields.seq === 0)).toHaveLength(attempts);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ stage: 'upload' });
    // Chunk 1 was never sent: the recording cannot be scored any more.
    expect(server.calls.some((c) => c.fields.seq === 1)).toBe(false);
    await expect(up.finish()).rejects.toMatchObject({ stage: 'upload' });
  });

  it('finishes: waits for the chunks in flight, then sends the rest with is_ended and seq = count', async () => {
    const server = fakeServer();
    const { up } = uploader(server);
    up.push(ramp(0, 16_000 + 8000 + 3000)); // 3 chunks + 3000 samples
    const finished = up.finish();
    await flush();
    expect(server.calls).toHaveLength(3);
    for (const call of server.calls) call.resolve();
    await flush();
    const final = server.calls[3];
    expect(final?.fields).toMatchObject({ seq: 3, is_ended: 1, session_id: 'session-abcdefgh' });
    expect(final?.pcm).toEqual(ramp(24_000, 3000));
    final?.resolve({ is_ended: true, duration: 1.69, audio_url: '/uploads/a.wav' });
    await expect(finished).resolves.toMatchObject({ is_ended: true, audio_url: '/uploads/a.wav' });
  });

  it('sends an empty final request when the audio ended on a chunk boundary', async () => {
    const server = fakeServer();
    const { up } = uploader(server);
    up.push(ramp(0, 16_000));
    const finished = up.finish();
    for (const call of server.calls) call.resolve();
    await flush();
    expect(server.calls[2]?.fields).toMatchObject({ seq: 2, is_ended: 1 });
    expect(server.calls[2]?.pcm).toBeNull();
    server.calls[2]?.resolve({ is_ended: true });
    await expect(finished).resolves.toMatchObject({ is_ended: true });
  });

  it('sends audio held back (under a second) in chunks too when it finishes', async () => {
    const server = fakeServer();
    const { up } = uploader(server);
    up.push(ramp(0, 12_000));
    expect(server.calls).toHaveLength(0);
    const finished = up.finish();
    expect(server.calls.map((c) => [c.fields.seq, c.pcm?.length])).toEqual([[0, 8000]]);
    server.calls[0]?.resolve();
    await flush();
    expect(server.calls[1]?.fields).toMatchObject({ seq: 1, is_ended: 1 });
    expect(server.calls[1]?.pcm).toEqual(ramp(8000, 4000));
    server.calls[1]?.resolve({ is_ended: true });
    await expect(finished).resolves.toMatchObject({ is_ended: true });
  });

  it.each([
    ['a network failure twice → upload (#4)', [network(), network()], 'upload', 2],
    ['a server error → score (#5), not retried', [new RequestError(500, 'x', 500)], 'score', 1],
    ['a time-out → score (#5), not retried', [new RequestError(408, 'x', 0)], 'score', 1],
  ])('final request: %s', async (_name, errors, stage, calls) => {
    const server = fakeServer();
    const { up } = uploader(server);
    up.push(ramp(0, 6000)); // less than a chunk: everything goes in the final request
    const finished = up.finish().catch((e: SpeechUploadError) => e);
    for (const error of errors) {
      await flush();
      server.calls.at(-1)?.reject(error);
    }
    const failure = await finished;
    expect(failure).toMatchObject({ name: 'SpeechUploadError', stage });
    expect(server.calls.filter((c) => c.fields.is_ended === 1)).toHaveLength(calls);
  });

  it('sends nothing more once aborted', async () => {
    const server = fakeServer();
    const { up } = uploader(server, { maxInFlight: 1 });
    up.push(ramp(0, 32_000));
    up.abort();
    server.calls[0]?.resolve();
    await flush();
    up.push(ramp(0, 16_000));
    expect(server.calls).toHaveLength(1);
    await expect(up.finish()).rejects.toMatchObject({ stage: 'upload' });
  });
});

describe('the multipart body', () => {
  it('carries the fields and raw little-endian PCM as application/octet-stream', async () => {
    const form = speechFormData(
      { session_id: 'abcdefgh12345678', seq: 4, is_ended: 1, ref_text: 'Hi.', asr_id: 'local' },
      Int16Array.of(1, -2, 0x1234),
    );
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'audio_bin'))).toEqual({
      session_id: 'abcdefgh12345678',
      seq: '4',
      is_ended: '1',
      ref_text: 'Hi.',
      asr_id: 'local',
    });
    const audio = form.get('audio_bin') as File;
    expect(audio.type).toBe('application/octet-stream');
    expect([...new Uint8Array(await audio.arrayBuffer())]).toEqual([1, 0, 0xfe, 0xff, 0x34, 0x12]);
    const empty = speechFormData({ session_id: 'abcdefgh12345678', seq: 0, is_ended: 1 }, null);
    expect((empty.get('audio_bin') as File).size).toBe(0);
    expect(empty.has('ref_text')).toBe(false);
  });
});

describe('a recording made offline', () => {
  /** A network that is down until `back()` is called. */
  function downNetwork() {
    let offline = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    return {
      waitForNetwork: () => (offline ? gate : null),
      back() {
        offline = false;
        release();
      },
    };
  }

  it('waits for the network instead of failing, then sends every chunk and is scored', async () => {
    const server = fakeServer();
    const net = downNetwork();
    const onError = vi.fn();
    const { up } = uploader(server, { waitForNetwork: net.waitForNetwork, retries: 0, onError });
    up.push(ramp(0, 24_000)); // 1.5 s: chunks 0, 1 and 2
    expect(server.calls).toHaveLength(3);
    // Both fail in transit, many times over: no attempt is used up while offline.
    for (const call of server.calls.splice(0)) call.reject(network());
    await flush();
    expect(server.calls).toHaveLength(0);
    expect(onError).not.toHaveBeenCalled();
    const finishing = up.finish();
    net.back();
    await flush();
    expect(server.calls.map((c) => c.fields.seq)).toEqual([0, 1, 2]);
    for (const call of server.calls.splice(0)) call.resolve();
    await flush();
    const last = server.calls.at(-1);
    expect(last?.fields).toMatchObject({ seq: 3, is_ended: 1 });
    last?.resolve({ is_ended: true, result: { score: 88 } as unknown as TSpeechAnswer['result'] });
    await expect(finishing).resolves.toMatchObject({ result: { score: 88 } });
    expect(onError).not.toHaveBeenCalled();
  });

  it('the final request that never left waits for the network too', async () => {
    const server = fakeServer();
    const net = downNetwork();
    const { up } = uploader(server, { waitForNetwork: net.waitForNetwork, holdSamples: 0 });
    const finishing = up.finish();
    await flush();
    server.calls.shift()?.reject(network());
    await flush();
    expect(server.calls).toHaveLength(0);
    net.back();
    await flush();
    server.calls
      .shift()
      ?.resolve({ is_ended: true, result: { score: 70 } as unknown as TSpeechAnswer['result'] });
    await expect(finishing).resolves.toMatchObject({ result: { score: 70 } });
  });

  it('online, a chunk that keeps failing still fails after its retries', async () => {
    const server = fakeServer();
    const onError = vi.fn();
    const { up } = uploader(server, { waitForNetwork: () => null, retries: 1, onError });
    up.push(ramp(0, 24_000));
    server.calls.shift()?.reject(network());
    await flush();
    server.calls.shift()?.reject(network()); // chunk 1, first try
    await flush();
    const retry = server.calls.find((c) => c.fields.seq === 0);
    retry?.reject(network());
    await flush();
    expect(onError).toHaveBeenCalledTimes(1);
    expect((onError.mock.calls[0]?.[0] as SpeechUploadError | undefined)?.stage).toBe('upload');
  });
});
