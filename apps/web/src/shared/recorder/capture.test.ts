import { describe, expect, it, vi } from 'vitest';
import {
  CAPTURE_PROCESSOR,
  type CaptureEnv,
  MICROPHONE_CONSTRAINTS,
  openMicrophone,
} from './capture';
import { RecorderError } from './errors';

/** Just enough of getUserMedia and Web Audio to build the capture graph (no sound in happy-dom). */
class FakeNode {
  connect = vi.fn();
  disconnect = vi.fn();
}

class FakeTrack {
  stopped = false;
  private listeners = new Map<string, () => void>();
  stop() {
    this.stopped = true;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  removeEventListener(type: string) {
    this.listeners.delete(type);
  }
  emit(type: string) {
    this.listeners.get(type)?.();
  }
}

class FakeWorkletNode extends FakeNode {
  static created: Array<{ name: string; options: AudioWorkletNodeOptions }> = [];
  static last: FakeWorkletNode | null = null;
  port = {
    onmessage: null as ((event: { data: Float32Array }) => void) | null,
    postMessage: vi.fn(),
  };
  constructor(_context: unknown, name: string, options: AudioWorkletNodeOptions) {
    super();
    FakeWorkletNode.created.push({ name, options });
    FakeWorkletNode.last = this;
  }
}

class FakeContext {
  state = 'suspended';
  sampleRate = 48_000;
  destination = new FakeNode();
  audioWorklet: { addModule: (url: string) => Promise<void> } | undefined = {
    addModule: vi.fn(async () => {}),
  };
  processor: (FakeNode & { onaudioprocess: ((event: unknown) => void) | null }) | null = null;
  resume = vi.fn(async () => {
    this.state = 'running';
  });
  close = vi.fn(async () => {});
  createMediaStreamSource = vi.fn(() => new FakeNode());
  createGain = () => Object.assign(new FakeNode(), { gain: { value: 1 } });
  createScriptProcessor = vi.fn(() => {
    this.processor = Object.assign(new FakeNode(), { onaudioprocess: null });
    return this.processor;
  });
}

function setup(overrides: Partial<CaptureEnv> = {}) {
  const context = new FakeContext();
  const track = new FakeTrack();
  const stream = { getTracks: () => [track], getAudioTracks: () => [track] };
  const getUserMedia = vi.fn(async () => stream as unknown as MediaStream);
  FakeWorkletNode.created = [];
  FakeWorkletNode.last = null;
  const env: CaptureEnv = {
    mediaDevices: { getUserMedia },
    isSecureContext: true,
    createContext: () => context as unknown as AudioContext,
    AudioWorkletNode: FakeWorkletNode as unknown as typeof AudioWorkletNode,
    workletUrl: '/assets/capture-worklet.js',
    ...overrides,
  };
  return { env, context, track, getUserMedia };
}

describe('opening the microphone', () => {
  it('builds the AudioWorklet graph, delivers blocks once started and releases everything on close', async () => {
    const { env, context, track, getUserMedia } = setup();
    const capture = await openMicrophone(env);
    expect(getUserMedia).toHaveBeenCalledWith(MICROPHONE_CONSTRAINTS);
    expect(context.resume).toHaveBeenCalled();
    expect(context.audioWorklet?.addModule).toHaveBeenCalledWith('/assets/capture-worklet.js');
    expect(FakeWorkletNode.created).toEqual([
      {
        name: CAPTURE_PROCESSOR,
        options: expect.objectContaining({ channelCount: 1, channelCountMode: 'explicit' }),
      },
    ]);
    expect(capture).toMatchObject({ kind: 'worklet', sampleRate: 48_000 });

    const onFrames = vi.fn();
    const node = context.createMediaStreamSource.mock.results[0]?.value as FakeNode;
    expect(node.connect).toHaveBeenCalled();
    const port = FakeWorkletNode.last?.port;
    const block = new Float32Array(512).fill(0.1);
    // Blocks before start() are dropped (the prompt sound is still playing).
    port?.onmessage?.({ data: block });
    capture.start(onFrames, vi.fn());
    expect(onFrames).not.toHaveBeenCalled();
    port?.onmessage?.({ data: block });
    expect(onFrames).toHaveBeenCalledWith(block);

    capture.close();
    expect(track.stopped).toBe(true);
    expect(port?.postMessage).toHaveBeenCalledWith('stop');
    expect(context.close).toHaveBeenCalled();
    port?.onmessage?.({ data: block });
    expect(onFrames).toHaveBeenCalledTimes(1);
  });

  it('falls back to a ScriptProcessorNode without AudioWorklet, copying each buffer', async () => {
    const { env, context } = setup({ AudioWorkletNode: undefined });
    const capture = await openMicrophone(env);
    expect(capture.kind).toBe('script-processor');
    expect(context.createScriptProcessor).toHaveBeenCalledWith(1024, 1, 1);
    const onFrames = vi.fn();
    capture.start(onFrames, vi.fn());
    const reused = new Float32Array(1024).fill(0.2);
    context.processor?.onaudioprocess?.({ inputBuffer: { getChannelData: () => reused } });
    const delivered = onFrames.mock.calls[0]?.[0] as Float32Array;
    expect(delivered).toEqual(reused);
    expect(delivered).not.toBe(reused);
  });

  it('falls back too when the worklet module does not load', async () => {
    const { env, context } = setup();
    if (context.audioWorklet) {
      context.audioWorklet.addModule = vi.fn(async () => {
        throw new DOMException('failed', 'AbortError');
      });
    }
    expect((await openMicrophone(env)).kind).toBe('script-processor');
  });

  it('creates the audio context in the tap, before waiting for the permission', () => {
    const createContext = vi.fn(() => new FakeContext() as unknown as AudioContext);
    const { env } = setup({ createContext });
    void openMicrophone(env);
    expect(createContext).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no mediaDevices (old browser, insecure page)', { mediaDevices: undefined }],
    ['an insecure context', { isSecureContext: false }],
    ['no Web Audio', { createContext: null }],
  ])('%s → unsupported device', async (_name, overrides) => {
    const { env } = setup(overrides);
    await expect(openMicrophone(env)).rejects.toMatchObject({ kind: 'unsupported' });
  });

  it('maps a refusal and closes the context it made', async () => {
    const { env, context, getUserMedia } = setup();
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    const error = await openMicrophone(env).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecorderError);
    expect(error).toMatchObject({ kind: 'refused' });
    expect(context.close).toHaveBeenCalled();
  });

  it('reports a microphone that goes away while recording (#1)', async () => {
    const { env, track } = setup();
    const capture = await openMicrophone(env);
    const onError = vi.fn();
    capture.start(vi.fn(), onError);
    track.emit('ended');
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ kind: 'capture' });
  });
});
