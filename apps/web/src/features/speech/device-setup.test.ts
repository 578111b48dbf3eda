import { describe, expect, it, vi } from 'vitest';
import type { NativeResult } from '../../shared/bridge/bridge';
import { NATIVE_SPEECH_ACTION, scoreInShell } from './device-setup';

/**
 * The app shell's offline engine comes first when the shell has one (a bridge action), the
 * browser's engine otherwise.
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
