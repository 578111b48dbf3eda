import { parentPort, workerData } from 'node:worker_threads';
import { createScorer, type Scorer, type ScorerOptions } from './score';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

/**
 * A scoring worker: loads the decoder and model once, then scores jobs one at a time.
 * Started by pool.ts through worker-entry.mjs.
 */
const port = parentPort;
if (!port) throw new Error('worker.ts must run in a worker thread');

const options = (workerData ?? {}) as ScorerOptions;
let scorer: Scorer | undefined;
try {
  scorer = await createScorer(options);
  port.postMessage({ type: 'ready', model: scorer.model } satisfies WorkerReply);
} catch (error) {
  port.postMessage({
    type: 'init-error',
    message: error instanceof Error ? error.message : String(error),
  } satisfies WorkerReply);
}

port.on('message', (request: WorkerRequest) => {
  if (request.type === 'close') {
    scorer?.close();
    port.close();
    return;
  }
  const started = performance.now();
  try {
    if (!scorer) throw new Error('Scorer failed to load');
    if (request.kind === 'score') {
      const result = scorer.score(request.audio, request.text, request.options);
      port.postMessage({
        type: 'result',
        id: request.id,
        kind: 'score',
        result,
        processingMs: performance.now() - started,
      } satisfies WorkerReply);
    } else {
      const result = scorer.features(request.audio, request.text, request.options);
      port.postMessage({
        type: 'result',
        id: request.id,
        kind: 'features',
        result,
        processingMs: performance.now() - started,
      } satisfies WorkerReply);
    }
  } catch (error) {
    port.postMessage({
      type: 'error',
      id: request.id,
      message: error instanceof Error ? error.message : String(error),
    } satisfies WorkerReply);
  }
});
