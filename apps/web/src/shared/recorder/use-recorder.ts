import type { TSpeechAnswer, TSpeechResult } from '@picbook/contracts';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { RecorderError } from './errors';
import type { MeterSnapshot } from './level-meter';
import {
  createRecorder,
  type Recorder,
  type RecorderDeps,
  type RecorderOptions,
  type RecorderSnapshot,
  type RecorderState,
  type StopReason,
} from './recorder';

export interface UseRecorder {
  state: RecorderState;
  /** 0–1 live input level (≈ 30 updates a second while recording). */
  level: number;
  /** Seconds recorded so far. */
  seconds: number;
  maxSeconds: number;
  answer: TSpeechAnswer | null;
  result: TSpeechResult | null;
  error: RecorderError | null;
  stopReason: StopReason | null;
  capture: RecorderSnapshot['capture'];
  /** Where the recording is scored (the device offline or with 录音只保存在本机). */
  channel: RecorderSnapshot['channel'];
  /** The WAV of a recording scored on the device (to file it later), else null. */
  wav: Blob | null;
  /** Starts (or restarts) a recording of `refText`; call it from the tap. */
  start(refText: string, options?: RecorderOptions): Promise<TSpeechAnswer | null>;
  stop(): void;
  reset(): void;
  recorder: Recorder;
}

/** The live meter of a recorder, for a component that only draws the level. */
export function useRecorderMeter(recorder: Recorder): MeterSnapshot {
  return useSyncExternalStore(
    recorder.meter.subscribe,
    recorder.meter.getSnapshot,
    recorder.meter.getSnapshot,
  );
}

/**
 * A recorder owned by the component: its state, the live level and the answer. Unmounting drops
 * a recording in progress and releases the microphone.
 */
export function useRecorder(options?: RecorderOptions, deps?: Partial<RecorderDeps>): UseRecorder {
  const [recorder] = useState(() => createRecorder(options, deps));
  const snapshot = useSyncExternalStore(
    recorder.subscribe,
    recorder.getSnapshot,
    recorder.getSnapshot,
  );
  const meter = useRecorderMeter(recorder);
  useEffect(() => () => recorder.dispose(), [recorder]);
  const start = useCallback(
    (refText: string, overrides?: RecorderOptions) => recorder.start(refText, overrides),
    [recorder],
  );
  const stop = useCallback(() => recorder.stop(), [recorder]);
  const reset = useCallback(() => recorder.reset(), [recorder]);
  return {
    state: snapshot.state,
    level: meter.level,
    seconds: meter.seconds,
    maxSeconds: snapshot.maxSeconds,
    answer: snapshot.answer,
    result: snapshot.answer?.result ?? null,
    error: snapshot.error,
    stopReason: snapshot.stopReason,
    capture: snapshot.capture,
    channel: snapshot.channel,
    wav: snapshot.wav,
    start,
    stop,
    reset,
    recorder,
  };
}
