import type { ScoreOptions, ScoreResult } from '@picbook/speech/browser';

/** Messages between the page and the device's scoring workers (device-worker.ts, decision 107). */
export type DeviceRequest =
  | {
      type: 'score';
      id: number;
      /** 16 kHz mono samples in [-1, 1]. */
      audio: Float32Array;
      text: string;
      options?: ScoreOptions;
    }
  | {
      /**
       * Joins two workers of the page (decision 113): the scoring worker (`scorer`) asks the
       * other (`loop`) for the phone loop of each recording over `port` while it aligns the text.
       */
      type: 'connect';
      role: 'scorer' | 'loop';
      port: MessagePort;
    };

export type DeviceReply =
  | { type: 'ready'; model: string; version: string }
  | { type: 'init-error'; message: string }
  /** The scoring worker now has the loop worker's help (decision 113). */
  | { type: 'helper' }
  | { type: 'result'; id: number; result: ScoreResult; processingMs: number }
  | { type: 'error'; id: number; message: string };

/** Between the two workers, over the `connect` port: a phone loop asked and its frames. */
export type LoopPortMessage =
  | { type: 'ready' }
  | {
      type: 'loop';
      id: number;
      /** The samples to decode (the range asked, copied). */
      audio: Float32Array;
    }
  | {
      type: 'frames';
      id: number;
      /** Undefined: no phone sequence was decoded. */
      frames?: Float64Array;
      /** The worker could not decode it (the scorer decodes it itself). */
      failed?: boolean;
    };
