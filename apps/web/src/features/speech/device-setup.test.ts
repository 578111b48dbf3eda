import type { TSpeechAnswer } from '@picbook/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NativeResult } from '../../shared/bridge/bridge';
import { RequestError } from '../../shared/request/request-error';
import { NATIVE_SPEECH_ACTION, scoreInShell } from './device-setup';
import { judgeOnServer } from './file-device-speech';

/**
 * The app shell's offline engine comes first when the shell has one (a bridge action), the
 * browser's engine otherwise; a recording scored on the device is judged by the server when the
 * network is there (a course's speaking parts).
 */
const SHELL_RESULT = {
  score: 77,
  accuracy: 70,
  fluency: 80,
  completeness: 100,
  words: [{ word: 'Hi.', score: 77, start: 0.1, end: 0.5, status: 'good' }],
  verdict: 'ok',
  feedback: '读得不错！',
  channels: [{ name: 'shell', score: 77 }],
};

describe('scoreInShell (the native bridge action)', () => {
  it("answers the shell's result as the device's, with the audio as 16-bit PCM", async () => {
    const call = vi.fn(
      async (): Promise<NativeResult> => ({ code: 0, data: { result: SHELL_RESULT } }),
    );
    const result = await scoreInShell(new Float32Array([0, 0.5, -1]), 'Hi.', call);
    expect(result).toMatchObject({ score: 77, channels: [{ name: 'device', score: 77 }] });
    const [action, payload] = call.mock.calls[0] as unknown as [string, { pcm_base64: string }];
    expect(action).toBe(NATIVE_SPEECH_ACTION);
    const pcm = new Int16Array(
      Uint8Array.from(atob(payload.pcm_base64), (c) => c.charCodeAt(0)).buffer,
    );
    expect([...pcm]).toEqual([0, 16384, -32767]);
  });

  it('a shell without the engine (an error code, or a malformed answer) gives way to the browser', async () => {
    expect(await scoreInShell(new Float32Array(4), 'Hi.', async () => ({ code: 404 }))).toBeNull();
    expect(
      await scoreInShell(new Float32Array(4), 'Hi.', async () => ({
        code: 0,
        data: { score: 'x' },
      })),
    ).toBeNull();
  });
});

describe('judgeOnServer', () => {
  const deviceAnswer = { session_id: 'session-abc' } as TSpeechAnswer;
  afterEach(() => vi.useRealTimers());

  it('sends the WAV under the recording’s session id; a network failure is tried again', async () => {
    vi.useFakeTimers();
    const judged = { session_id: 'session-abc', audio_url: '/uploads/rec/1.wav' } as TSpeechAnswer;
    const post = vi
      .fn<(id: string, wav: Blob, text: string) => Promise<TSpeechAnswer>>()
      .mockRejectedValueOnce(new RequestError(-1, '网络连接失败', 0))
      .mockResolvedValueOnce(judged);
    const done = judgeOnServer(deviceAnswer, new Blob([]), 'Hi.', post);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(done).resolves.toBe(judged);
    expect(post.mock.calls.map((c) => c[0])).toEqual(['session-abc', 'session-abc']);
  });

  it('a refusal is not tried again', async () => {
    const post = vi.fn(async () => {
      throw new RequestError(10024, '录音已过期或不存在，请重新录音', 200);
    });
    await expect(judgeOnServer(deviceAnswer, new Blob([]), 'Hi.', post)).rejects.toThrow(
      '录音已过期',
    );
    expect(post).toHaveBeenCalledTimes(1);
  });
});
