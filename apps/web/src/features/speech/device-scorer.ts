import type { ScoreOptions, ScoreResult } from '@picbook/speech/browser';
import type { DeviceReply, DeviceRequest } from './device-protocol';

/**
 * Scores recordings on the device (decision 107) in a module worker of its own (device-worker.ts,
 * built as its own chunk under assets/speech/, never in the shell's first load nor precached).
 * The first score waits for the model (a few MB, then kept by the service worker). Once it
 * is loaded, a second worker of the same code loads it too (from the cache) on a device of two
 * cores or more and decodes each recording's phone loop while the first aligns the text
 * (decision 113): a scoring takes about 55 % of the time on one.
 */
export interface DeviceScorer {
  /** Resolves when the model is loaded: which model and version of it. */
  ready(): Promise<{ model: string; version: string }>;
  /**
   * Resolves true once a second worker decodes the phone loops (decision 113), false when this
   * scorer has none (one core, `helper: false`, closed). Scores are the same either way.
   */
  helped(): Promise<boolean>;
  /** `audio`: 16 kHz mono samples in [-1, 1] (transferred to the worker). */
  score(audio: Float32Array, text: string, options?: ScoreOptions): Promise<ScoreResult>;
  close(): void;
}

const startWorker = (name: string): Worker =>
  new Worker(new URL('./device-worker.ts', import.meta.url), { type: 'module', name });

/**
 * `helper: false`: one worker only (a scorer made to fetch the files, or a device of one core).
 */
export function createDeviceScorer(options: { helper?: boolean } = {}): DeviceScorer {
  const worker = startWorker('speech');
  let loopWorker: Worker | undefined;
  /** The second worker, joined to the first by a port of their own (device-protocol.ts). */
  const startHelper = () => {
    if (options.helper === false || (navigator.hardwareConcurrency ?? 1) < 2) {
      markHelped(false);
      return;
    }
    loopWorker = startWorker('speech-loop');
    // It could not load: the first worker scores alone, as on one core.
    const alone = () => {
      markHelped(false);
      loopWorker?.terminate();
    };
    loopWorker.onmessage = (event: MessageEvent<DeviceReply>) => {
      if (event.data.type === 'init-error') alone();
    };
    loopWorker.onerror = alone;
    const { port1, port2 } = new MessageChannel();
    const join = (target: Worker, role: 'scorer' | 'loop', port: MessagePort) =>
      target.postMessage({ type: 'connect', role, port } satisfies DeviceRequest, [port]);
    join(worker, 'scorer', port1);
    join(loopWorker, 'loop', port2);
  };
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
  let markHelped: (helped: boolean) => void = () => {};
  const helped = new Promise<boolean>((resolve) => {
    markHelped = resolve;
  });

  const failAll = (error: Error) => {
    failure = error;
    markHelped(false);
    markFailed(error);
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };

  worker.onmessage = (event: MessageEvent<DeviceReply>) => {
    const reply = event.data;
    if (reply.type === 'ready') {
      markReady({ model: reply.model, version: reply.version });
      startHelper();
    } else if (reply.type === 'helper') markHelped(true);
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
    helped: () => helped,
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
      loopWorker?.terminate();
    },
  };
}
