import type { ScoreOptions, ScoreResult } from '@picbook/speech/browser';
import type { DeviceReply, DeviceRequest } from './device-protocol';

/**
 * Scores recordings on the device (decision 107) in a module worker of its own (device-worker.ts,
 * built as its own chunk under assets/speech/, never in the shell's first load nor precached).
 * The first score waits for the model (a few MB, then kept by the service worker).
 */
export interface DeviceScorer {
  /** Resolves when the model is loaded: which model and version of it. */
  ready(): Promise<{ model: string; version: string }>;
  /** `audio`: 16 kHz mono samples in [-1, 1] (transferred to the worker). */
  score(audio: Float32Array, text: string, options?: ScoreOptions): Promise<ScoreResult>;
  close(): void;
}

export function createDeviceScorer(): DeviceScorer {
  const worker = new Worker(new URL('./device-worker.ts', import.meta.url), {
    type: 'module',
    name: 'speech',
  });
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (result: ScoreResult) => void; reject: (error: Error) => void }
  >();
  let failure: Error | undefined;
  let markReady: (info: { model: string; version: string }) => void = () => {};
  let markFailed: (error: Error) => void = () => {};
  const ready = new Promise<{ model: string; version: string }>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  ready.catch(() => {});

  const failAll = (error: Error) => {
    failure = error;
    markFailed(error);
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };

  worker.onmessage = (event: MessageEvent<DeviceReply>) => {
    const reply = event.data;
    if (reply.type === 'ready') markReady({ model: reply.model, version: reply.version });
    else if (reply.type === 'init-error') failAll(new Error(reply.message));
    else {
      const job = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.type === 'result') job?.resolve(reply.result);
      else job?.reject(new Error(reply.message));
    }
  };
  worker.onerror = (event) => failAll(new Error(event.message || 'speech worker failed'));

  return {
    ready: () => ready,
    score(audio, text, options) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise<ScoreResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const request: DeviceRequest = {
          type: 'score',
          id,
          audio,
          text,
          ...(options ? { options } : {}),
        };
        worker.postMessage(request, [audio.buffer]);
      });
    },
    close() {
      failAll(new Error('speech scorer closed'));
      worker.terminate();
    },
  };
}
