/**
 * The scorer as a device runs it (decision 107): the same pipeline as the server's
 * (`createScorer`: alignment, features, calibration, verdicts) with SoundSwallower's web build
 * and the model files fetched by URL. Nothing here reaches Node's APIs.
 */
export type { AcousticModelName } from '../acoustic-model';
export {
  type BookPageText,
  competitorsIn,
  indexBookLines,
  type LineIndex,
} from '../book-lines';
export type { LoopFrames, LoopRequest } from '../engine';
export { ALIGN_SAMPLE_RATE } from '../model';
export { createScorer, type ScoreOptions, type ScoreResult, type Scorer } from '../score';
export {
  DEVICE_MODEL_FILES,
  type DeviceModelFile,
  type DeviceSpeechModel,
  setDeviceModel,
} from './platform';
