import type { TSpeechAnswer } from '@picbook/contracts';
import { type PingbackLevel, track } from '../analytics/pingback';
import { isOffline } from '../platform/network';
import { isRequestError } from '../request/request-error';
import { isRecordingDeviceOnly } from '../settings/recording-device-only';
import { toast } from '../toast/toast-store';
import { type CaptureSource, openMicrophone } from './capture';
import {
  chooseChannel,
  type DeviceScore,
  deviceScorer,
  deviceScorerReady,
  type PageLines,
  type SpeechChannel,
  speechWav,
} from './device-channel';
import { RecorderError, type RecorderErrorKind, toRecorderError } from './errors';
import { LevelMeter } from './level-meter';
import {
  SPEECH_MAX_SECONDS,
  SPEECH_MIN_SECONDS,
  SPEECH_SAMPLE_RATE,
  SPEECH_SLOW_MS,
} from './limits';
import { playPromptSound } from './prompt-sound';
import { floatToInt16, Resampler } from './resample';
import { type PostSpeechChunk, postSpeechChunk } from './speech-api';
import { isTransient, SpeechUploadError, SpeechUploader, UPLOAD_DEFAULTS } from './uploader';
import { EndOfSpeechDetector, VAD_DEFAULTS } from './vad';

/**
 * One speech recording at a time, as learning-content §4 describes it: pending → starting (the
 * prompt sound plays while the microphone opens) → recording (16 kHz chunks stream to the server,
 * the level meter moves, end of speech is detected) → stopping (the microphone is released) →
 * recorded (waiting for the score) → result | error. `start` again resets. Framework-free; the
 * browser and the network are injected so that tests drive it with fakes.
 *
 * Offline, or when the parents keep recordings on the device (录音只保存在本机), a recording is
 * scored on the device instead (issue 37, decision 110): nothing is sent, the answer carries the
 * device's judgement, a `blob:` URL of the child's own voice and the WAV (`wav`) for filing later.
 * A recording whose upload fails in transit falls back to the device the same way.
 */

export type RecorderState =
  | 'pending'
  | 'starting'
  | 'recording'
  | 'stopping'
  | 'recorded'
  | 'result'
  | 'error';

/** Why recording stopped: the stop button, silence after speech, the time limit, or no speech. */
export type StopReason = 'manual' | 'silence' | 'max' | 'noSpeech';

export interface RecorderSnapshot {
  readonly state: RecorderState;
  readonly sessionId: string | null;
  readonly refText: string | null;
  /** The final answer (state result): score, words, the recording's audio_url. */
  readonly answer: TSpeechAnswer | null;
  readonly error: RecorderError | null;
  readonly stopReason: StopReason | null;
  /** The limit of the current recording, for the countdown ring. */
  readonly maxSeconds: number;
  /** How the microphone is read (AudioWorklet, or the ScriptProcessor fallback). */
  readonly capture: CaptureSource['kind'] | null;
  /** Where the current recording is scored. */
  readonly channel: SpeechChannel;
  /** A recording scored on the device: its WAV (the answer's audio_url is a blob: URL of it). */
  readonly wav: Blob | null;
}

export interface RecorderOptions {
  /** Time limit; default SPEECH_MAX_SECONDS. */
  maxSeconds?: number;
  /** Silence after speech that ends the recording; default 1200 ms. */
  silenceMs?: number;
  /** Stop when nothing was said for this long (the server then answers no_voice); 0: never. */
  noSpeechMs?: number;
  /** End on silence after speech (voice activity detection, on by default per spec §5). */
  autoStop?: boolean;
  /** Play the prompt sound before recording (default true). */
  promptSound?: boolean;
  /** Show the spec's toasts for errors and the too-short warning (default true). */
  notify?: boolean;
  /** The open book's pages, for a score on the device (device-channel.ts DeviceScoreOptions). */
  pages?: readonly PageLines[];
  asrId?: string;
  components?: string;
  chunkSeconds?: number;
  maxInFlight?: number;
  retries?: number;
}

export interface RecorderDeps {
  openCapture(): Promise<CaptureSource>;
  playPrompt(): Promise<void>;
  post: PostSpeechChunk;
  report(event: string, detail: Record<string, unknown>, level: PingbackLevel): void;
  toast: { error(message: string): void; warning(message: string): void };
  sessionId(): string;
  /** Waits between chunk retries. */
  sleep?(ms: number): Promise<void>;
  /** The browser reports no network. */
  offline(): boolean;
  /** 录音只保存在本机: score on the device, never upload. */
  deviceOnly(): boolean;
  /** The device's scorer, when one is registered. */
  deviceScore(): DeviceScore | null;
  /** The device's scorer can score now without the network (its model is loaded). */
  deviceReady(): boolean;
  /** A URL the child's own voice plays from. */
  objectUrl(blob: Blob): string;
}

export const RECORDER_DEFAULTS = {
  maxSeconds: SPEECH_MAX_SECONDS,
  silenceMs: VAD_DEFAULTS.silenceMs,
  noSpeechMs: 8000,
  autoStop: true,
  promptSound: true,
  notify: true,
  chunkSeconds: UPLOAD_DEFAULTS.chunkSamples / SPEECH_SAMPLE_RATE,
  maxInFlight: UPLOAD_DEFAULTS.maxInFlight,
  retries: UPLOAD_DEFAULTS.retries,
} as const;

/** No audio at all this long after the microphone opened: the capture is broken (#1). */
export const NO_AUDIO_MS = 3000;

/** A random, URL-safe session id: 16 bytes as base64url (22 characters). */
export function newSessionId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const browserDeps = (): RecorderDeps => ({
  openCapture: () => openMicrophone(),
  playPrompt: () => playPromptSound(),
  post: postSpeechChunk,
  report: track,
  toast,
  sessionId: newSessionId,
  offline: isOffline,
  deviceOnly: isRecordingDeviceOnly,
  deviceScore: deviceScorer,
  deviceReady: deviceScorerReady,
  objectUrl: (blob) => URL.createObjectURL(blob),
});

const REPORT_LEVEL: Record<RecorderErrorKind, PingbackLevel> = {
  permission: 'info',
  refused: 'info',
  unsupported: 'info',
  notFound: 'info',
  tooShort: 'info',
  offline: 'info',
  cannotOpen: 'warn',
  capture: 'warn',
  upload: 'error',
  scoring: 'error',
};

interface Run {
  readonly id: number;
  readonly options: Required<Omit<RecorderOptions, 'asrId' | 'components' | 'pages'>> &
    Pick<RecorderOptions, 'asrId' | 'components' | 'pages'>;
  readonly sessionId: string;
  readonly maxSamples: number;
  readonly refText: string;
  channel: SpeechChannel;
  /** The 16 kHz audio so far (for the device's scorer). */
  audio: Float32Array[];
  capture: CaptureSource | null;
  resampler: Resampler | null;
  uploader: SpeechUploader | null;
  vad: EndOfSpeechDetector | null;
  samples: number;
  timers: Array<ReturnType<typeof setTimeout>>;
  settle(answer: TSpeechAnswer | null): void;
}

const IDLE: RecorderSnapshot = {
  state: 'pending',
  sessionId: null,
  refText: null,
  answer: null,
  error: null,
  stopReason: null,
  maxSeconds: SPEECH_MAX_SECONDS,
  capture: null,
  channel: 'server',
  wav: null,
};

export class Recorder {
  /** Live level and seconds (≈ 30 updates a second while recording). */
  readonly meter = new LevelMeter({ sampleRate: SPEECH_SAMPLE_RATE });
  private readonly defaults: RecorderOptions;
  private readonly deps: RecorderDeps;
  private readonly listeners = new Set<() => void>();
  private snapshotValue: RecorderSnapshot;
  private run: Run | null = null;
  private runs = 0;

  constructor(options: RecorderOptions = {}, deps: Partial<RecorderDeps> = {}) {
    this.defaults = options;
    this.deps = { ...browserDeps(), ...deps };
    this.snapshotValue = { ...IDLE, maxSeconds: options.maxSeconds ?? SPEECH_MAX_SECONDS };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): RecorderSnapshot => this.snapshotValue;

  /**
   * Records a reading of `refText` and resolves with the scored answer (null after an error or a
   * reset). Call it from the tap that starts recording. A recording in progress is dropped.
   */
  start(refText: string, overrides: RecorderOptions = {}): Promise<TSpeechAnswer | null> {
    this.abandon();
    const options = { ...RECORDER_DEFAULTS, ...this.defaults, ...overrides };
    const maxSeconds = Math.max(
      SPEECH_MIN_SECONDS,
      Math.min(options.maxSeconds, SPEECH_MAX_SECONDS),
    );
    let settle: (answer: TSpeechAnswer | null) => void = () => {};
    const done = new Promise<TSpeechAnswer | null>((resolve) => {
      settle = resolve;
    });
    const run: Run = {
      id: ++this.runs,
      options: { ...options, maxSeconds },
      sessionId: this.deps.sessionId(),
      maxSamples: Math.round(maxSeconds * SPEECH_SAMPLE_RATE),
      refText,
      channel: chooseChannel({
        offline: this.deps.offline(),
        deviceOnly: this.deps.deviceOnly(),
        hasDeviceScorer: this.deps.deviceReady(),
      }),
      audio: [],
      capture: null,
      resampler: null,
      uploader: null,
      vad: null,
      samples: 0,
      timers: [],
      settle,
    };
    this.run = run;
    this.meter.reset();
    this.set({
      ...IDLE,
      state: 'starting',
      sessionId: run.sessionId,
      refText,
      maxSeconds,
      channel: run.channel,
    });
    // Both at once: the permission prompt (first time) and the ding overlap.
    const capture = this.deps.openCapture();
    const prompt = options.promptSound ? this.deps.playPrompt().catch(() => {}) : Promise.resolve();
    Promise.all([capture, prompt]).then(
      ([source]) => this.begin(run, source, refText),
      (error: unknown) => this.fail(run, toRecorderError(error, 'capture')),
    );
    // An unhandled rejection is not wanted when `prompt` fails first.
    capture.catch(() => {});
    return done;
  }

  /** Ends the recording now (or cancels a start still waiting for the microphone). */
  stop(): void {
    const run = this.run;
    if (!run) return;
    if (this.snapshotValue.state === 'recording') void this.finish(run, 'manual');
    else if (this.snapshotValue.state === 'starting') this.reset();
  }

  /** Back to pending: drops the recording, its uploads and the microphone. */
  reset(): void {
    this.abandon();
    this.meter.reset();
    if (this.snapshotValue.state !== 'pending') {
      this.set({ ...IDLE, maxSeconds: this.snapshotValue.maxSeconds });
    }
  }

  /** For unmounting: the same as reset (the recorder stays usable, as StrictMode needs). */
  dispose(): void {
    this.reset();
  }

  private begin(run: Run, capture: CaptureSource, refText: string): void {
    if (this.run !== run) {
      capture.close();
      return;
    }
    const { options } = run;
    run.capture = capture;
    run.resampler = new Resampler(capture.sampleRate, SPEECH_SAMPLE_RATE);
    run.vad = new EndOfSpeechDetector({ silenceMs: options.silenceMs });
    if (run.channel === 'server') run.uploader = this.uploaderFor(run, refText);
    this.set({ state: 'recording', capture: capture.kind });
    capture.start(
      (frames) => this.handleFrames(run, frames),
      (error) => this.fail(run, error),
    );
    run.timers.push(
      setTimeout(() => {
        if (run.samples === 0 && this.isRecording(run)) {
          this.fail(run, new RecorderError('capture', new Error('no audio from the microphone')));
        }
      }, NO_AUDIO_MS),
    );
  }

  private uploaderFor(run: Run, refText: string): SpeechUploader {
    const { options } = run;
    return new SpeechUploader({
      sessionId: run.sessionId,
      refText,
      asrId: options.asrId,
      components: options.components,
      post: this.deps.post,
      chunkSamples: Math.round(options.chunkSeconds * SPEECH_SAMPLE_RATE),
      maxInFlight: options.maxInFlight,
      retries: options.retries,
      ...(this.deps.sleep ? { sleep: this.deps.sleep } : {}),
      onError: (error) => {
        // The network went in the middle: the device scores this recording when it ends.
        if (this.canFallBack(run, error.reason)) this.switchToDevice(run);
        else this.fail(run, toRecorderError(error, 'upload'));
      },
    });
  }

  /** A server recording that failed in transit may still be scored on the device. */
  private canFallBack(run: Run, reason: unknown): boolean {
    return run.channel === 'server' && this.deps.deviceReady() && isTransient(reason);
  }

  private switchToDevice(run: Run): void {
    run.uploader?.abort();
    run.uploader = null;
    run.channel = 'device';
    if (this.run === run) this.set({ channel: 'device' });
  }

  private isRecording(run: Run): boolean {
    return this.run === run && this.snapshotValue.state === 'recording';
  }

  private handleFrames(run: Run, frames: Float32Array): void {
    if (!this.isRecording(run) || !run.resampler) return;
    this.consume(run, run.resampler.process(frames), true);
  }

  /** Meters, streams and watches 16 kHz audio; `watch`: check the stop conditions. */
  private consume(run: Run, input: Float32Array, watch: boolean): void {
    const room = run.maxSamples - run.samples;
    const audio = input.length > room ? input.subarray(0, room) : input;
    if (audio.length === 0) return;
    run.samples += audio.length;
    run.audio.push(audio.slice());
    this.meter.push(audio);
    run.uploader?.push(floatToInt16(audio));
    const silenceEnded = run.vad?.push(audio) ?? false;
    if (!watch) return;
    const { autoStop, noSpeechMs } = run.options;
    if (run.samples >= run.maxSamples) void this.finish(run, 'max');
    else if (autoStop && silenceEnded) void this.finish(run, 'silence');
    else if (
      autoStop &&
      noSpeechMs > 0 &&
      !run.vad?.snapshot.heardSpeech &&
      run.samples >= (noSpeechMs / 1000) * SPEECH_SAMPLE_RATE
    ) {
      void this.finish(run, 'noSpeech');
    }
  }

  private async finish(run: Run, reason: StopReason): Promise<void> {
    if (!this.isRecording(run)) return;
    this.set({ state: 'stopping', stopReason: reason });
    run.capture?.close();
    const tail = run.resampler?.flush();
    if (tail) this.consume(run, tail, false);
    this.meter.reset();
    if (run.samples < SPEECH_MIN_SECONDS * SPEECH_SAMPLE_RATE) {
      run.uploader?.abort();
      this.fail(run, new RecorderError('tooShort'));
      return;
    }
    // Offline by now (the network went while recording): the device scores it at once rather
    // than the child waiting for the network.
    if (run.channel === 'server' && this.deps.offline() && this.deps.deviceReady()) {
      this.switchToDevice(run);
    }
    const uploader = run.uploader;
    if (run.channel === 'device' || !uploader) {
      await this.scoreOnDevice(run);
      return;
    }
    this.set({ state: 'recorded' });
    const startedAt = Date.now();
    run.timers.push(
      setTimeout(() => {
        if (this.run === run) {
          this.deps.report(
            'speech_slow',
            {
              session_id: run.sessionId,
              ms: Date.now() - startedAt,
              seconds: run.samples / SPEECH_SAMPLE_RATE,
            },
            'warn',
          );
        }
      }, SPEECH_SLOW_MS),
    );
    let answer: TSpeechAnswer;
    try {
      answer = await uploader.finish();
    } catch (error) {
      const reason = error instanceof SpeechUploadError ? error.reason : error;
      if (this.run === run && this.canFallBack(run, reason) && isNetworkLost(reason)) {
        this.switchToDevice(run);
        await this.scoreOnDevice(run);
        return;
      }
      this.fail(run, toRecorderError(error, 'scoring'));
      return;
    }
    if (this.run !== run) return;
    if (!answer.result) {
      this.fail(run, new RecorderError('scoring', new Error('answer without a result')));
      return;
    }
    this.clearTimers(run);
    this.set({ state: 'result', answer });
    run.settle(answer);
  }

  /** Scores the run's audio with the device's scorer; the answer plays from a blob: URL. */
  private async scoreOnDevice(run: Run): Promise<void> {
    const score = this.deps.deviceScore();
    if (!score) {
      this.fail(run, new RecorderError('scoring', new Error('no device scorer')));
      return;
    }
    this.set({ state: 'recorded', channel: 'device' });
    const audio = joinAudio(run.audio);
    run.audio = [];
    const wav = speechWav(audio);
    let result: Awaited<ReturnType<DeviceScore>>;
    try {
      result = await score(
        audio,
        run.refText,
        run.options.pages ? { pages: run.options.pages } : undefined,
      );
    } catch (error) {
      this.fail(run, toRecorderError(error, 'scoring'));
      return;
    }
    if (this.run !== run) return;
    this.clearTimers(run);
    const answer: TSpeechAnswer = {
      session_id: run.sessionId,
      is_ended: true,
      received: [],
      audio_url: this.deps.objectUrl(wav),
      duration: Math.round((audio.length / SPEECH_SAMPLE_RATE) * 1000) / 1000,
      result,
    };
    this.set({ state: 'result', answer, wav });
    run.settle(answer);
  }

  private fail(run: Run, error: RecorderError): void {
    if (this.run !== run) return;
    const { state } = this.snapshotValue;
    if (state === 'error' || state === 'result') return;
    this.release(run);
    this.meter.reset();
    this.set({ state: 'error', error });
    if (run.options.notify) {
      if (error.isWarning) this.deps.toast.warning(error.message);
      else this.deps.toast.error(error.message);
    }
    this.deps.report(
      'recorder_error',
      {
        kind: error.kind,
        reason: describeReason(error.reason),
        session_id: run.sessionId,
        seconds: run.samples / SPEECH_SAMPLE_RATE,
        state,
      },
      REPORT_LEVEL[error.kind],
    );
    run.settle(null);
  }

  /** Drops the current run: microphone, uploads and timers. */
  private abandon(): void {
    const run = this.run;
    if (!run) return;
    this.run = null;
    this.release(run);
    run.settle(null);
  }

  private release(run: Run): void {
    run.capture?.close();
    run.uploader?.abort();
    this.clearTimers(run);
  }

  private clearTimers(run: Run): void {
    for (const timer of run.timers) clearTimeout(timer);
    run.timers = [];
  }

  private set(patch: Partial<RecorderSnapshot>): void {
    this.snapshotValue = { ...this.snapshotValue, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** No answer came (offline, refused connection, time-out): the server never scored it. */
function isNetworkLost(reason: unknown): boolean {
  return isRequestError(reason) && reason.status === 0;
}

/** The recording's chunks as one run of samples (also the test signals' `concat`). */
export function joinAudio(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function describeReason(reason: unknown): string {
  if (reason === undefined) return '';
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  return String(reason);
}

export function createRecorder(options?: RecorderOptions, deps?: Partial<RecorderDeps>): Recorder {
  return new Recorder(options, deps);
}
