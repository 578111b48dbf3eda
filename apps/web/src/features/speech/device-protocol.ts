import type { ScoreOptions, ScoreResult } from '@picbook/speech/browser';

/** Messages between the page and the device's scoring worker (device-worker.ts, decision 107). */
export type DeviceRequest = {
  type: 'score';
  id: number;
  /** 16 kHz mono samples in [-1, 1]. */
  audio: Float32Array;
  text: string;
  options?: ScoreOptions;
};

export type DeviceReply =
  | { type: 'ready'; model: string; version: string }
  | { type: 'init-error'; message: string }
  | { type: 'result'; id: number; result: ScoreResult; processingMs: number }
  | { type: 'error'; id: number; message: string };
