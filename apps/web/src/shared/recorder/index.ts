/**
 * Speech recording for scoring: microphone capture (AudioWorklet, ScriptProcessor fallback),
 * 16 kHz resampling, streaming to POST /api/v1/speech (or scoring on the device: device-channel.ts), end-of-speech detection, a live level
 * meter and the spec's error messages. See recorder.ts for the state machine.
 */
export type { CaptureSource } from './capture';
export { openMicrophone } from './capture';
export {
  chooseChannel,
  DEVICE_CHANNEL,
  type DeviceScore,
  type DeviceScoreOptions,
  deviceScorer,
  deviceScorerReady,
  isDeviceAnswer,
  type PageLines,
  registerDeviceScorer,
  type SpeechChannel,
  speechWav,
} from './device-channel';
export {
  RECORDING_PERMISSION_CODE,
  RecorderError,
  type RecorderErrorKind,
  recorderMessage,
  toRecorderError,
} from './errors';
export { dbToLevel, type MeterSnapshot } from './level-meter';
export * from './limits';
export { playPromptSound } from './prompt-sound';
export { hasQueuedRecordings, markRecordingsQueued } from './queued-flag';
export {
  createRecorder,
  newSessionId,
  RECORDER_DEFAULTS,
  Recorder,
  type RecorderDeps,
  type RecorderOptions,
  type RecorderSnapshot,
  type RecorderState,
  type StopReason,
} from './recorder';
export { floatToInt16, Resampler, resample, rmsDb } from './resample';
export { type PostSpeechChunk, postSpeechChunk, type SpeechChunkFields } from './speech-api';
export { SpeechUploadError, SpeechUploader } from './uploader';
export { type UseRecorder, useRecorder, useRecorderMeter } from './use-recorder';
export { EndOfSpeechDetector } from './vad';
