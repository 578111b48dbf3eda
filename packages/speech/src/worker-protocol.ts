import type { AcousticModelName } from './acoustic-model';
import type { AnalyseOptions } from './engine';
import type { FeatureResult, ScoreOptions, ScoreResult } from './score-types';

/** Messages from the pool to a scoring worker. */
export type WorkerRequest =
  | {
      type: 'job';
      id: number;
      kind: 'score';
      audio: Float32Array;
      text: string;
      options?: ScoreOptions;
    }
  | {
      type: 'job';
      id: number;
      kind: 'features';
      audio: Float32Array;
      text: string;
      options?: AnalyseOptions;
    }
  | { type: 'close' };

/** Messages from a scoring worker to the pool. */
export type WorkerReply =
  | { type: 'ready'; model: AcousticModelName }
  | { type: 'init-error'; message: string }
  | { type: 'result'; id: number; kind: 'score'; result: ScoreResult; processingMs: number }
  | { type: 'result'; id: number; kind: 'features'; result: FeatureResult; processingMs: number }
  | { type: 'error'; id: number; message: string };
