import type { TSpeechAnswer, TSpeechResult } from '@picbook/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../request/request-error';
import type { CaptureSource } from './capture';
import { RecorderError } from './errors';
import { SPEECH_SLOW_MS } from './limits';
import { NO_AUDIO_MS, newSessionId, Recorder, type RecorderState } from './recorder';
import type { SpeechChunkFields } from './speech-api';
import { concat, noise, speech } from './test-signals';

const RATE = 48_000;
const RESULT: TSpeechResult = {
  score: 88,
  accuracy: 90,
  fluency: 85,
  completeness: 100,
  words: [{ word: 'Hi.', score: 88, start: 0.5, end: 0.9, status: 'good' }],
  verdict: 'ok',
  feedback: '读得很好！继续加油！',
  channels: [{ name: 'judge', score: 88 }],
};

/** The microphone: the test feeds it 48 kHz audio in worklet-sized blocks. */
function fakeCapture() {
  let deliver: ((frames: Float32Array) => void) | null = null;
  let fail: ((error: RecorderError) => void) | null = null;
  const close = vi.fn(() => {
    deliver = null;
  });
  const source: CaptureSource = {
    sampleRate: RATE,
    kind: 'worklet',
    start(onFrames, onError) {
      deliver = onFrames;
      fail = onError;
    },
    close,
  };
  return {
    source,
    close,
    /** Feeds audio; stops early when the recorder closes the microphone. Returns seconds fed. */
    feed(signal: Float32Array): number {
      let at = 0;
      for (; at < signal.length && deliver; at += 512) deliver(signal.slice(at, at + 512));
      return at / RATE;
    },
    fail: (error: RecorderError) => fail?.(error),
  };
}

interface Posted {
  fields: SpeechChunkFields;
  samples: number;
}

/** The speech endpoint: chunks answered at once; the final answered by `final`. */
function fakeServer(final?: (fields: SpeechChunkFields) => Promise<TSpeechAnswer>) {
  const posted: Posted[] = [];
  const post = vi.fn(async (fields: SpeechChunkFields, pcm: Int16Array | null) => {
    posted.push({ fields, samples: pcm?.length ?? 0 });
    const base: TSpeechAnswer = {
      session_id: fields.session_id,
      is_ended: fields.is_ended === 1,
      received: [],
      audio_url: null,
      duration: 0,
      result: null,
    };
    if (fields.is_ended !== 1) return base;
    if (final) return final(fields);
    return { ...base, audio_url: '/uploads/rec.wav', duration: 2, result: RESULT };
  });
  return { post, posted };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

let capture: ReturnType<typeof fakeCapture>;
let server: ReturnType<typeof fakeServer>;
let recorder: Recorder;
let states: RecorderState[];
const toast = { error: vi.fn(), warning: vi.fn() };
const report = vi.fn();
const playPrompt = vi.fn(async () => {});
let sessions = 0;

function build(final?: (fields: SpeechChunkFields) => Promise<TSpeechAnswer>, maxSeconds = 20) {
  capture = fakeCapture();
  server = fakeServer(final);
  recorder?.dispose();
  recorder = new Recorder(
    { maxSeconds },
    {
      openCapture: vi.fn(async () => capture.source),
      playPrompt,
      post: server.post,
      report,
      toast,
      sessionId: () => `session-test-${++sessions}`,
      sleep: async () => {},
    },
  );
  states = [];
  recorder.subscribe(() => {
    const { state } = recorder.getSnapshot();
    if (states.at(-1) !== state) states.push(state);
  });
}

/** 0.5 s of room noise, ~1.6 s of speech, then silence. */
const reading = () =>
  concat(noise(-55, 0.5, 1, RATE), speech(-20, 1.65, -55, RATE), noise(-55, 4, 2, RATE));

beforeEach(() => {
  vi.useFakeTimers();
  toast.error.mockReset();
  toast.warning.mockReset();
  report.mockReset();
  playPrompt.mockReset();
  playPrompt.mockImplementation(async () => {});
  build();
});
afterEach(() => {
  recorder.dispose();
  vi.useRealTimers();
});

describe('the recording state machine (learning-content §4)', () => {
  it('pending → starting → recording → stopping → recorded → result, ending itself after the speech', async () => {
    expect(recorder.getSnapshot().state).toBe('pending');
    const done = recorder.start('Hi.');
    expect(recorder.getSnapshot()).toMatchObject({ state: 'starting', refText: 'Hi.' });
    expect(playPrompt).toHaveBeenCalledTimes(1);
    await flush();
    expect(recorder.getSnapshot()).toMatchObject({ state: 'recording', capture: 'worklet' });
    const fed = capture.feed(reading());
    // The last syllable ends at 2.07 s; 1.2 s of silence later the recorder stops by itself.
    expect(fed).toBeGreaterThan(2.07 + 1.2);
    expect(fed).toBeLessThan(2.07 + 1.2 + 0.1);
    expect(recorder.getSnapshot()).toMatchObject({ state: 'recorded', stopReason: 'silence' });
    // The microphone is released before the score arrives.
    expect(capture.close).toHaveBeenCalled();
    await expect(done).resolves.toMatchObject({ result: RESULT });
    expect(states).toEqual(['starting', 'recording', 'stopping', 'recorded', 'result']);
    expect(recorder.getSnapshot().answer?.audio_url).toBe('/uploads/rec.wav');
  });

  it('streams 16 kHz chunks numbered from 0 and ends with is_ended and seq = count', async () => {
    void recorder.start('Hi.');
    await flush();
    const fed = capture.feed(reading());
    await flush();
    const seqs = server.posted.map((p) => p.fields.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i));
    const final = server.posted.at(-1);
    expect(final?.fields).toMatchObject({ is_ended: 1, seq: server.posted.length - 1 });
    expect(
      server.posted.slice(0, -1).every((p) => p.samples === 8000 && p.fields.is_ended === 0),
    ).toBe(true);
    const total = server.posted.reduce((n, p) => n + p.samples, 0);
    expect(Math.abs(total - fed * 16_000)).toBeLessThanOrEqual(1);
    expect(new Set(server.posted.map((p) => p.fields.session_id)).size).toBe(1);
  });

  it('plays the prompt sound first: no audio is taken until it has finished', async () => {
    let endPrompt = () => {};
    playPrompt.mockImplementation(() => new Promise<void>((resolve) => (endPrompt = resolve)));
    void recorder.start('Hi.');
    await flush();
    expect(recorder.getSnapshot().state).toBe('starting');
    expect(capture.feed(noise(-40, 0.5, 1, RATE))).toBe(0);
    endPrompt();
    await flush();
    expect(recorder.getSnapshot().state).toBe('recording');
  });

  it('stops on the button, and at the time limit', async () => {
    void recorder.start('Hi.');
    await flush();
    capture.feed(speech(-20, 2, -55, RATE));
    recorder.stop();
    expect(recorder.getSnapshot()).toMatchObject({ stopReason: 'manual' });
    await flush();
    expect(recorder.getSnapshot().state).toBe('result');

    build(undefined, 3);
    void recorder.start('Hi.', { maxSeconds: 2.5 });
    await flush();
    expect(recorder.getSnapshot().maxSeconds).toBe(2.5);
    capture.feed(speech(-20, 10, -55, RATE));
    expect(recorder.getSnapshot().stopReason).toBe('max');
    await flush();
    expect(server.posted.reduce((n, p) => n + p.samples, 0)).toBe(2.5 * 16_000);
  });

  it('stops after 8 s without a word (the server then says no voice)', async () => {
    void recorder.start('Hi.');
    await flush();
    const fed = capture.feed(noise(-50, 20, 3, RATE));
    expect(fed).toBeCloseTo(8, 1);
    expect(recorder.getSnapshot().stopReason).toBe('noSpeech');
  });

  it('too short: a warning, no request at all', async () => {
    void recorder.start('Hi.');
    await flush();
    capture.feed(speech(-20, 0.8, -55, RATE));
    recorder.stop();
    await flush();
    expect(recorder.getSnapshot()).toMatchObject({ state: 'error', error: { kind: 'tooShort' } });
    expect(toast.warning).toHaveBeenCalledWith('录音时间太短');
    expect(toast.error).not.toHaveBeenCalled();
    expect(server.post).not.toHaveBeenCalled();
    expect(capture.close).toHaveBeenCalled();
  });

  it('starting again resets: the old recording, its microphone and its answer are dropped', async () => {
    const first = recorder.start('Hi.');
    await flush();
    capture.feed(speech(-20, 1.5, -55, RATE));
    const firstCapture = capture;
    const second = recorder.start('Hi.');
    expect(firstCapture.close).toHaveBeenCalled();
    expect(recorder.getSnapshot()).toMatchObject({ state: 'starting', answer: null });
    expect(recorder.getSnapshot().sessionId).not.toBe('session-test-1');
    await expect(first).resolves.toBeNull();
    await flush();
    capture.feed(reading());
    await expect(second).resolves.toMatchObject({ result: RESULT });
    // After a result, start again clears it.
    void recorder.start('Hi.');
    expect(recorder.getSnapshot()).toMatchObject({ state: 'starting', answer: null, error: null });
  });

  it('stop while starting cancels and closes the microphone when it arrives', async () => {
    void recorder.start('Hi.');
    recorder.stop();
    expect(recorder.getSnapshot().state).toBe('pending');
    await flush();
    expect(capture.close).toHaveBeenCalled();
    expect(recorder.getSnapshot().state).toBe('pending');
  });

  it('reset while waiting for the score ignores the late answer', async () => {
    let answer: (a: TSpeechAnswer) => void = () => {};
    build(() => new Promise((resolve) => (answer = resolve)));
    void recorder.start('Hi.');
    await flush();
    capture.feed(reading());
    await flush();
    expect(recorder.getSnapshot().state).toBe('recorded');
    recorder.reset();
    answer({
      session_id: 's',
      is_ended: true,
      received: [],
      audio_url: null,
      duration: 2,
      result: RESULT,
    });
    await flush();
    expect(recorder.getSnapshot()).toMatchObject({ state: 'pending', answer: null });
  });
});

describe('recording errors', () => {
  it.each([
    ['the refused microphone', new DOMException('no', 'NotAllowedError'), 'refused', 'info'],
    ['no microphone', new DOMException('no', 'NotFoundError'), 'notFound', 'info'],
    ['a busy microphone', new DOMException('no', 'NotReadableError'), 'cannotOpen', 'warn'],
    ['a native shell without permission', { code: 2001 }, 'permission', 'info'],
  ])('%s → error state, toast and report', async (_name, thrown, kind, level) => {
    const openCapture = vi.fn(async () => {
      throw thrown;
    });
    recorder = new Recorder({}, { openCapture, playPrompt, post: server.post, report, toast });
    await expect(recorder.start('Hi.')).resolves.toBeNull();
    const { error } = recorder.getSnapshot();
    expect(recorder.getSnapshot().state).toBe('error');
    expect(error?.kind).toBe(kind);
    expect(toast.error).toHaveBeenCalledWith(error?.message);
    expect(report).toHaveBeenCalledWith(
      'recorder_error',
      expect.objectContaining({ kind, state: 'starting' }),
      level,
    );
  });

  it('a capture failure while recording → #1, microphone released', async () => {
    void recorder.start('Hi.');
    await flush();
    capture.feed(speech(-20, 1, -55, RATE));
    capture.fail(new RecorderError('capture', new Error('track ended')));
    expect(recorder.getSnapshot().error?.message).toBe('录音出了点小问题，请重新录音 #1');
    expect(capture.close).toHaveBeenCalled();
  });

  it('no audio at all from an open microphone → #1 after 3 s', async () => {
    void recorder.start('Hi.');
    await flush();
    await vi.advanceTimersByTimeAsync(NO_AUDIO_MS);
    expect(recorder.getSnapshot().error?.kind).toBe('capture');
  });

  it('a chunk that cannot be sent stops the recording at once → #4', async () => {
    server.post.mockRejectedValue(new RequestError(10001, '参数错误', 400));
    void recorder.start('Hi.');
    await flush();
    capture.feed(speech(-20, 1.2, -55, RATE));
    await flush();
    expect(recorder.getSnapshot().error?.message).toBe('录音出了点小问题，请重新录音 #4');
    expect(capture.close).toHaveBeenCalled();
    expect(report).toHaveBeenCalledWith('recorder_error', expect.anything(), 'error');
  });

  it.each([
    ['fails on the server', () => Promise.reject(new RequestError(500, 'x', 500))],
    [
      'answers without a result',
      (fields: SpeechChunkFields) =>
        Promise.resolve({
          session_id: fields.session_id,
          is_ended: true,
          received: [],
          audio_url: null,
          duration: 2,
          result: null,
        }),
    ],
  ])('scoring that %s → #5', async (_name, final) => {
    build(final);
    void recorder.start('Hi.');
    await flush();
    capture.feed(reading());
    await flush();
    expect(recorder.getSnapshot().error?.message).toBe('录音出了点小问题，请重新录音 #5');
  });

  it('reports a score slower than 20 s (once), and not a quick one', async () => {
    let answer: (a: TSpeechAnswer) => void = () => {};
    build(() => new Promise((resolve) => (answer = resolve)));
    void recorder.start('Hi.');
    await flush();
    capture.feed(reading());
    await vi.advanceTimersByTimeAsync(SPEECH_SLOW_MS - 1);
    expect(report).not.toHaveBeenCalledWith('speech_slow', expect.anything(), 'warn');
    await vi.advanceTimersByTimeAsync(1);
    expect(report).toHaveBeenCalledWith(
      'speech_slow',
      expect.objectContaining({ session_id: `session-test-${sessions}` }),
      'warn',
    );
    answer({
      session_id: 's',
      is_ended: true,
      received: [],
      audio_url: null,
      duration: 2,
      result: RESULT,
    });
    await flush();
    expect(recorder.getSnapshot().state).toBe('result');

    report.mockReset();
    build();
    void recorder.start('Hi.');
    await flush();
    capture.feed(reading());
    await vi.advanceTimersByTimeAsync(SPEECH_SLOW_MS * 2);
    expect(report).not.toHaveBeenCalled();
  });
});

describe('the live level meter', () => {
  it('moves with the voice about 30 times a second, and drops to 0 when recording stops', async () => {
    void recorder.start('Hi.');
    await flush();
    const levels: number[] = [];
    recorder.meter.subscribe(() => levels.push(recorder.meter.getSnapshot().level));
    capture.feed(noise(-60, 1, 1, RATE));
    expect(levels.length).toBeGreaterThanOrEqual(29);
    expect(levels.length).toBeLessThanOrEqual(31);
    expect(Math.max(...levels)).toBeLessThan(0.1);
    levels.length = 0;
    capture.feed(speech(-18, 1, -60, RATE));
    expect(Math.max(...levels)).toBeGreaterThan(0.75);
    expect(recorder.meter.getSnapshot().seconds).toBeCloseTo(2, 1);
    recorder.stop();
    expect(recorder.meter.getSnapshot()).toEqual({ level: 0, seconds: 0 });
  });
});

describe('session ids', () => {
  it('are random, URL-safe and 22 characters long', () => {
    const ids = new Set(Array.from({ length: 50 }, newSessionId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
