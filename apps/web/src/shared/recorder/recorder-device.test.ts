import type { TSpeechAnswer, TSpeechResult } from '@picbook/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../request/request-error';
import type { CaptureSource } from './capture';
import {
  chooseChannel,
  DEVICE_CHANNEL,
  type DeviceScore,
  isDeviceAnswer,
  speechWav,
} from './device-channel';
import { Recorder } from './recorder';
import type { SpeechChunkFields } from './speech-api';
import { concat, noise, speech } from './test-signals';

/**
 * The recorder's channel choice (issue 37, decision 110): offline or with 录音只保存在本机 a
 * recording is scored on the device and nothing is sent; a server recording whose network goes
 * falls back to the device.
 */
const RATE = 48_000;
const DEVICE: TSpeechResult = {
  score: 81,
  accuracy: 82,
  fluency: 80,
  completeness: 100,
  words: [{ word: 'Hi.', score: 81, start: 0.5, end: 0.9, status: 'good' }],
  verdict: 'ok',
  feedback: '读得很好！',
  channels: [{ name: DEVICE_CHANNEL, score: 81 }],
};

function fakeCapture() {
  let deliver: ((frames: Float32Array) => void) | null = null;
  const source: CaptureSource = {
    sampleRate: RATE,
    kind: 'worklet',
    start(onFrames) {
      deliver = onFrames;
    },
    close: () => {
      deliver = null;
    },
  };
  return {
    source,
    feed(signal: Float32Array) {
      for (let at = 0; at < signal.length && deliver; at += 512)
        deliver(signal.slice(at, at + 512));
    },
  };
}

const reading = () =>
  concat(noise(-55, 0.5, 1, RATE), speech(-20, 1.65, -55, RATE), noise(-55, 4, 2, RATE));
const flush = () => vi.advanceTimersByTimeAsync(0);

let posted: SpeechChunkFields[];
let network: 'up' | 'down' | 'final-down';
let offline: boolean;
let deviceOnly: boolean;
let ready: boolean;
let scorer: ReturnType<typeof vi.fn<DeviceScore>> | null;
let capture: ReturnType<typeof fakeCapture>;
let recorder: Recorder;
const toast = { error: vi.fn(), warning: vi.fn() };

function build() {
  capture = fakeCapture();
  recorder?.dispose();
  recorder = new Recorder(
    {},
    {
      openCapture: async () => capture.source,
      playPrompt: async () => {},
      post: async (fields): Promise<TSpeechAnswer> => {
        posted.push(fields);
        const lost = network === 'down' || (network === 'final-down' && fields.is_ended === 1);
        if (lost) throw new RequestError(-1, '网络连接失败', 0);
        return {
          session_id: fields.session_id,
          is_ended: fields.is_ended === 1,
          received: [],
          audio_url: fields.is_ended === 1 ? '/uploads/rec.wav' : null,
          duration: 2,
          result:
            fields.is_ended === 1
              ? { ...DEVICE, score: 90, channels: [{ name: 'judge', score: 90 }] }
              : null,
        };
      },
      report: vi.fn(),
      toast,
      sessionId: () => 'session-device-1',
      sleep: async () => {},
      offline: () => offline,
      deviceOnly: () => deviceOnly,
      deviceScore: () => scorer,
      deviceReady: () => scorer !== null && ready,
      objectUrl: () => 'blob:test/1',
    },
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  posted = [];
  network = 'up';
  offline = false;
  deviceOnly = false;
  ready = true;
  scorer = vi.fn<DeviceScore>(async () => DEVICE);
  toast.error.mockReset();
  build();
});
afterEach(() => {
  recorder.dispose();
  vi.useRealTimers();
});

describe('chooseChannel', () => {
  it.each([
    [{ offline: false, deviceOnly: false, hasDeviceScorer: true }, 'server'],
    [{ offline: true, deviceOnly: false, hasDeviceScorer: true }, 'device'],
    // Offline with no device scorer: the server's path, which waits for the network (issue 22).
    [{ offline: true, deviceOnly: false, hasDeviceScorer: false }, 'server'],
    [{ offline: false, deviceOnly: true, hasDeviceScorer: true }, 'device'],
    // Kept on the device means never uploaded, scorer or not.
    [{ offline: false, deviceOnly: true, hasDeviceScorer: false }, 'device'],
  ] as const)('%j → %s', (input, channel) => {
    expect(chooseChannel(input)).toBe(channel);
  });
});

describe('recording on the device', () => {
  it('offline: scored on the device at once, nothing sent, the voice and its WAV kept', async () => {
    offline = true;
    const done = recorder.start('Hi.');
    await flush();
    expect(recorder.getSnapshot().channel).toBe('device');
    capture.feed(reading());
    const answer = await done;
    expect(posted).toEqual([]);
    expect(answer).toMatchObject({
      session_id: 'session-device-1',
      is_ended: true,
      audio_url: 'blob:test/1',
      result: DEVICE,
    });
    expect(isDeviceAnswer(answer)).toBe(true);
    expect(scorer).toHaveBeenCalledTimes(1);
    const [audio, text] = scorer?.mock.calls[0] ?? [];
    expect(text).toBe('Hi.');
    // 16 kHz: the whole recording (≈ 3.3 s until the end of speech was heard).
    expect((audio?.length ?? 0) / 16_000).toBeCloseTo(answer?.duration ?? 0, 2);
    const wav = recorder.getSnapshot().wav;
    expect(wav?.type).toBe('audio/wav');
    expect(wav?.size).toBe(44 + (audio?.length ?? 0) * 2);
  });

  it("hands the open book's pages to the device's scorer (its competitors, decision 113)", async () => {
    offline = true;
    const pages = [
      { page: 1, sentences: ['Hi.', 'I am Tom.'] },
      { page: 2, sentences: ['I can run.'] },
    ];
    const done = recorder.start('Hi.', { pages });
    await flush();
    capture.feed(reading());
    await done;
    expect(scorer?.mock.calls[0]?.[2]).toEqual({ pages });
    // Without pages: no options (no competitors).
    const again = recorder.start('Hi.');
    await flush();
    capture.feed(reading());
    await again;
    expect(scorer?.mock.calls[1]?.[2]).toBeUndefined();
  });

  it('录音只保存在本机: online too, nothing is ever sent', async () => {
    deviceOnly = true;
    const done = recorder.start('Hi.');
    await flush();
    capture.feed(reading());
    await expect(done).resolves.toMatchObject({ result: DEVICE });
    expect(posted).toEqual([]);
  });

  it('online: streamed to the server as before, no device scoring', async () => {
    const done = recorder.start('Hi.');
    await flush();
    capture.feed(reading());
    const answer = await done;
    expect(answer?.result?.score).toBe(90);
    expect(isDeviceAnswer(answer)).toBe(false);
    expect(posted.length).toBeGreaterThan(1);
    expect(scorer).not.toHaveBeenCalled();
    expect(recorder.getSnapshot().wav).toBeNull();
  });

  it('the network going while recording: the device scores it, no error shown', async () => {
    const done = recorder.start('Hi.');
    await flush();
    offline = true;
    capture.feed(reading());
    await expect(done).resolves.toMatchObject({ result: DEVICE, audio_url: 'blob:test/1' });
    expect(toast.error).not.toHaveBeenCalled();
    expect(posted.every((p) => p.is_ended === 0)).toBe(true);
  });

  it('the final request never answered: the device scores it', async () => {
    network = 'final-down';
    const done = recorder.start('Hi.');
    await flush();
    capture.feed(reading());
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(done).resolves.toMatchObject({ result: DEVICE });
    expect(recorder.getSnapshot()).toMatchObject({ state: 'result', channel: 'device' });
  });

  it('a refusal from the server is not hidden by the device', async () => {
    const refusing = new Recorder(
      {},
      {
        openCapture: async () => capture.source,
        playPrompt: async () => {},
        post: async (fields) => {
          if (fields.is_ended === 1) throw new RequestError(10001, '请提供要读的英文句子', 400);
          return {
            session_id: fields.session_id,
            is_ended: false,
            received: [],
            audio_url: null,
            duration: 0,
            result: null,
          };
        },
        report: vi.fn(),
        toast,
        sessionId: () => 'session-device-2',
        sleep: async () => {},
        offline: () => false,
        deviceOnly: () => false,
        deviceScore: () => scorer,
        deviceReady: () => true,
        objectUrl: () => 'blob:test/2',
      },
    );
    const done = refusing.start('Hi.');
    await flush();
    capture.feed(reading());
    await expect(done).resolves.toBeNull();
    expect(refusing.getSnapshot().state).toBe('error');
    expect(scorer).not.toHaveBeenCalled();
    refusing.dispose();
  });

  it('offline with no device scorer: waits for the network as before (nothing scored)', async () => {
    offline = true;
    scorer = null;
    build();
    void recorder.start('Hi.');
    await flush();
    expect(recorder.getSnapshot().channel).toBe('server');
  });

  it("offline with a scorer whose model is not loaded: the server's path (it waits for the network)", async () => {
    offline = true;
    ready = false;
    const done = recorder.start('Hi.');
    await flush();
    capture.feed(reading());
    // The fake server answers at once (the real uploader waits for the network, issue 22).
    await expect(done).resolves.toMatchObject({ result: { score: 90 } });
    expect(recorder.getSnapshot().channel).toBe('server');
    expect(posted.at(-1)?.is_ended).toBe(1);
    expect(scorer).not.toHaveBeenCalled();
  });

  it('录音只保存在本机 with the model still loading: scored on the device all the same', async () => {
    deviceOnly = true;
    ready = false;
    const done = recorder.start('Hi.');
    await flush();
    capture.feed(reading());
    await expect(done).resolves.toMatchObject({ result: DEVICE });
    expect(posted).toEqual([]);
  });
});

describe('speechWav', () => {
  it('writes a 16 kHz mono 16-bit PCM WAV', async () => {
    const wav = speechWav(new Float32Array([0, 0.5, -0.5, 1]));
    const bytes = new DataView(await wav.arrayBuffer());
    const text = (at: number) =>
      String.fromCharCode(...new Uint8Array(bytes.buffer.slice(at, at + 4)));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(bytes.getUint32(24, true)).toBe(16_000);
    expect(bytes.getUint16(22, true)).toBe(1);
    expect(bytes.getUint16(34, true)).toBe(16);
    expect(bytes.getUint32(40, true)).toBe(8);
    expect(bytes.getInt16(44 + 2, true)).toBeGreaterThan(16_000);
  });
});
