import {
  createScorer,
  type DeviceSpeechModel,
  type LoopFrames,
  type ScoreOptions,
  type ScoreResult,
  type Scorer,
  setDeviceModel,
} from '@picbook/speech/browser';
import type { DeviceReply, DeviceRequest, LoopPortMessage } from './device-protocol';

/**
 * The device's scoring worker (decision 107): the server's scorer (@picbook/speech, the same
 * alignment, features, calibration and verdicts) with SoundSwallower's web build. It asks the
 * server which model it scores with (`/speech/model.json`; the service worker answers offline),
 * loads that model's files by URL once, then scores one recording at a time. A text's
 * competitors are the screen's (the open book's other lines, decision 113).
 *
 * A page may start two of these and join them (`connect`, decision 113): the `loop` worker then
 * decodes each recording's free phone loop while the `scorer` worker aligns the text to it, the
 * two halves of a scoring's decoding on two cores. The frames are the same as the scorer's own
 * (same model, same code), so is the result.
 */
const scope = self as unknown as {
  postMessage(message: DeviceReply): void;
  onmessage: ((event: MessageEvent<DeviceRequest>) => void) | null;
  location: Location;
};

const MODEL_URL = '/speech/model.json';

async function load(): Promise<Scorer> {
  const response = await fetch(MODEL_URL);
  if (!response.ok) throw new Error(`${MODEL_URL}: ${response.status}`);
  const model = (await response.json()) as DeviceSpeechModel;
  setDeviceModel(model, { base: scope.location.href });
  const scorer = await createScorer();
  scope.postMessage({ type: 'ready', model: scorer.model, version: model.version });
  return scorer;
}

const scorer = load().catch((error: unknown) => {
  scope.postMessage({
    type: 'init-error',
    message: error instanceof Error ? error.message : String(error),
  });
  return undefined;
});

/** The other worker's phone loops, once it has loaded its model (decision 113). */
interface LoopHelper {
  loop(audio: Float32Array, from: number, to: number): Promise<LoopFrames | 'failed'>;
}
let helper: LoopHelper | undefined;
/** A phone loop the other worker has not answered in this long is decoded here. */
const HELPER_TIMEOUT_MS = 10_000;

/** The scorer's side of a `connect` port. */
function askHelper(port: MessagePort): void {
  let nextId = 1;
  const waiting = new Map<number, (frames: LoopFrames | 'failed') => void>();
  port.onmessage = (event: MessageEvent<LoopPortMessage>) => {
    const message = event.data;
    if (message.type === 'ready') {
      scope.postMessage({ type: 'helper' });
      helper = {
        loop(audio, from, to) {
          const id = nextId++;
          return new Promise((resolve) => {
            const timer = setTimeout(() => answer('failed'), HELPER_TIMEOUT_MS);
            const answer = (frames: LoopFrames | 'failed') => {
              clearTimeout(timer);
              waiting.delete(id);
              resolve(frames);
            };
            waiting.set(id, answer);
            const range = audio.slice(from, to);
            port.postMessage({ type: 'loop', id, audio: range } satisfies LoopPortMessage, [
              range.buffer,
            ]);
          });
        },
      };
    } else if (message.type === 'frames') {
      waiting.get(message.id)?.(message.failed ? 'failed' : message.frames);
    }
  };
}

/** The loop worker's side of a `connect` port: decodes what the scorer asks. */
function serveHelper(port: MessagePort, loaded: Scorer): void {
  port.onmessage = (event: MessageEvent<LoopPortMessage>) => {
    const message = event.data;
    if (message.type !== 'loop') return;
    let reply: LoopPortMessage;
    try {
      const frames = loaded.phoneLoop(message.audio, 0, message.audio.length);
      reply = { type: 'frames', id: message.id, ...(frames ? { frames } : {}) };
    } catch {
      reply = { type: 'frames', id: message.id, failed: true };
    }
    port.postMessage(reply, reply.frames ? [reply.frames.buffer] : []);
  };
  port.postMessage({ type: 'ready' } satisfies LoopPortMessage);
}

/**
 * Scores with the helper decoding the phone loop meanwhile: it is asked for the speech region
 * before the alignment, and its frames are used when the alignment kept that region (else, or
 * when it failed, the loop is decoded here).
 */
async function scoreWithHelper(
  loaded: Scorer,
  other: LoopHelper,
  audio: Float32Array,
  text: string,
  options: ScoreOptions | undefined,
): Promise<ScoreResult> {
  const steps = loaded.scoreSteps(audio, text, options);
  let asked: { from: number; to: number; frames: Promise<LoopFrames | 'failed'> } | undefined;
  let step = steps.next(undefined);
  while (!step.done) {
    const { from, to, ahead } = step.value;
    if (ahead) {
      asked = { from, to, frames: other.loop(audio, from, to) };
      step = steps.next(undefined);
      continue;
    }
    const frames = asked?.from === from && asked.to === to ? await asked.frames : 'failed';
    step = steps.next(frames === 'failed' ? loaded.phoneLoop(audio, from, to) : frames);
  }
  return step.value;
}

async function scoreOne(request: Extract<DeviceRequest, { type: 'score' }>): Promise<void> {
  const loaded = await scorer;
  const started = performance.now();
  try {
    if (!loaded) throw new Error('The speech model failed to load');
    const { options } = request;
    const result = helper
      ? await scoreWithHelper(loaded, helper, request.audio, request.text, options)
      : loaded.score(request.audio, request.text, options);
    scope.postMessage({
      type: 'result',
      id: request.id,
      result,
      processingMs: performance.now() - started,
    });
  } catch (error) {
    scope.postMessage({
      type: 'error',
      id: request.id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/** One recording at a time (a scoring's steps share the decoder). */
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'connect') {
    if (request.role === 'scorer') askHelper(request.port);
    else void scorer.then((loaded) => loaded && serveHelper(request.port, loaded));
    return;
  }
  queue = queue.then(() => scoreOne(request));
};
