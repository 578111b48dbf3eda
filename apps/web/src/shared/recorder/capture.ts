import { track } from '../analytics/pingback';
import workletUrl from './capture-worklet.ts?worker&url';
import { RecorderError, toRecorderError } from './errors';

/**
 * The microphone as a stream of Float32 blocks at the audio context's rate: getUserMedia, a
 * MediaStreamSource and the capture AudioWorklet (a ScriptProcessorNode where AudioWorklet is
 * missing: old Safari and WebViews). Both run into a muted gain so the graph is pulled without
 * anything being heard.
 */

/** Must match NAME in capture-worklet.ts. */
export const CAPTURE_PROCESSOR = 'picbook-capture';
const SCRIPT_PROCESSOR_SIZE = 1024;

export interface CaptureSource {
  readonly sampleRate: number;
  readonly kind: 'worklet' | 'script-processor';
  /** Starts delivering blocks (blocks before this are dropped). */
  start(onFrames: (frames: Float32Array) => void, onError: (error: RecorderError) => void): void;
  /** Stops the tracks (the browser's recording indicator goes off) and closes the context. */
  close(): void;
}

export interface CaptureEnv {
  mediaDevices: Pick<MediaDevices, 'getUserMedia'> | undefined;
  isSecureContext: boolean;
  createContext: (() => AudioContext) | null;
  AudioWorkletNode: typeof AudioWorkletNode | undefined;
  workletUrl: string;
}

type WindowWithWebkitAudio = Window & { webkitAudioContext?: typeof AudioContext };

export function browserCaptureEnv(): CaptureEnv {
  const w: WindowWithWebkitAudio = window;
  const Context = typeof AudioContext === 'function' ? AudioContext : w.webkitAudioContext;
  return {
    mediaDevices: navigator.mediaDevices,
    isSecureContext: window.isSecureContext !== false,
    createContext: Context ? () => new Context({ latencyHint: 'interactive' }) : null,
    AudioWorkletNode: typeof AudioWorkletNode === 'function' ? AudioWorkletNode : undefined,
    workletUrl,
  };
}

/** Voice settings: the browser's echo cancelling, noise suppression and gain control help scoring. */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  video: false,
};

/**
 * Asks for the microphone and builds the capture graph. Call it from the user's tap: the audio
 * context is created before the first await so that it may start. Rejects with RecorderError.
 */
export async function openMicrophone(
  env: CaptureEnv = browserCaptureEnv(),
): Promise<CaptureSource> {
  if (!env.mediaDevices?.getUserMedia || !env.isSecureContext || !env.createContext) {
    throw new RecorderError('unsupported');
  }
  let context: AudioContext;
  try {
    context = env.createContext();
  } catch (error) {
    throw toRecorderError(error, 'capture');
  }
  let stream: MediaStream;
  try {
    stream = await env.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
  } catch (error) {
    void context.close().catch(() => {});
    throw toRecorderError(error, 'capture');
  }
  try {
    if (context.state !== 'running') await context.resume();
    return await buildGraph(context, stream, env);
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    void context.close().catch(() => {});
    throw toRecorderError(error, 'capture');
  }
}

async function buildGraph(
  context: AudioContext,
  stream: MediaStream,
  env: CaptureEnv,
): Promise<CaptureSource> {
  let deliver: ((frames: Float32Array) => void) | null = null;
  let fail: ((error: RecorderError) => void) | null = null;
  const source = context.createMediaStreamSource(stream);
  const sink = context.createGain();
  sink.gain.value = 0;
  sink.connect(context.destination);

  let node: AudioNode;
  let kind: CaptureSource['kind'];
  const worklet = await createWorkletNode(context, env);
  if (worklet) {
    worklet.port.onmessage = (event: MessageEvent<Float32Array>) => deliver?.(event.data);
    node = worklet;
    kind = 'worklet';
  } else {
    if (typeof context.createScriptProcessor !== 'function') throw new RecorderError('unsupported');
    const processor = context.createScriptProcessor(SCRIPT_PROCESSOR_SIZE, 1, 1);
    processor.onaudioprocess = (event: AudioProcessingEvent) => {
      // The input buffer is reused by the browser: copy it.
      deliver?.(event.inputBuffer.getChannelData(0).slice());
    };
    node = processor;
    kind = 'script-processor';
  }
  source.connect(node);
  node.connect(sink);

  const handleEnded = () => fail?.(new RecorderError('capture', new Error('track ended')));
  const tracks = stream.getAudioTracks();
  for (const track of tracks) track.addEventListener('ended', handleEnded);

  let closed = false;
  return {
    sampleRate: context.sampleRate,
    kind,
    start(onFrames, onError) {
      deliver = onFrames;
      fail = onError;
    },
    close() {
      if (closed) return;
      closed = true;
      deliver = null;
      fail = null;
      for (const track of tracks) {
        track.removeEventListener('ended', handleEnded);
        track.stop();
      }
      if (worklet) worklet.port.postMessage('stop');
      source.disconnect();
      node.disconnect();
      sink.disconnect();
      void context.close().catch(() => {});
    },
  };
}

/** The capture worklet node, or null where AudioWorklet is missing or its module fails to load. */
async function createWorkletNode(
  context: AudioContext,
  env: CaptureEnv,
): Promise<AudioWorkletNode | null> {
  const Node = env.AudioWorkletNode;
  if (!Node || !context.audioWorklet) return null;
  try {
    await context.audioWorklet.addModule(env.workletUrl);
    return new Node(context, CAPTURE_PROCESSOR, {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      outputChannelCount: [1],
      channelCount: 1,
      channelCountMode: 'explicit',
    });
  } catch (error) {
    track('recorder_worklet_fallback', { reason: String(error) }, 'info');
    return null;
  }
}
