export {
  type AcousticModel,
  type AcousticModelName,
  DEBIAN_MODEL_DIR,
  debianModelAvailable,
  resolveAcousticModel,
} from './acoustic-model';
export {
  type AlignedWord,
  type Aligner,
  type AlignerOptions,
  type AlignOptions,
  type AlignResult,
  alignWords,
  closeSharedAligner,
  createAligner,
  maxPlausibleDuration,
  maxPlausiblePhoneDuration,
  type PassSettings,
  RELAXED_PASS,
  STRICT_PASS,
} from './align';
export {
  type DecodedWav,
  decodeWav,
  decodeWithFfmpeg,
  encodeWav,
  findSpeechBounds,
  isWav,
  type LoadAudioOptions,
  loadAudio,
  type MonoAudio,
  resample,
  type SpeechBounds,
} from './audio';
export {
  type BookPageText,
  competitorsIn,
  indexBookLines,
  type LineIndex,
  lineKey,
  sameText,
} from './book-lines';
export {
  DEVICE_MODEL_FILES,
  type DeviceModelFile,
  type DeviceSpeechModel,
} from './browser/platform';
export type { CalibrationMetrics, ModelCalibration } from './calibration';
export { CALIBRATIONS } from './calibration-params';
export {
  type Dataset,
  DatasetUnavailableError,
  findDevDataset,
  type LabelledUtterance,
  loadDataset,
} from './dataset';
export { dictionaryWords, trimDictionary } from './device-dictionary';
export { buildDeviceModel, type DeviceModelFileBody, deviceModelSources } from './device-model';
export {
  Lexicon,
  normalizeKey,
  type Phones,
  PronouncingDictionary,
  type Pronunciation,
  type PronunciationOrigin,
  type PronunciationSource,
  parseExtraDictionary,
  parsePronunciation,
  sSuffix,
} from './dictionary';
export {
  type AnalyseOptions,
  createPronunciationEngine,
  type EngineOptions,
  type LoopFrames,
  type LoopRequest,
  type PronunciationEngine,
  runSteps,
  type UtteranceAnalysis,
} from './engine';
export { type EvaluationOptions, type EvaluationReport, evaluateDataset } from './eval';
export type { ReaderHistory } from './features';
export { feedbackFor, VERDICT_MESSAGES } from './feedback';
export { letterToSound } from './lts';
export { ALIGN_SAMPLE_RATE, MODEL_PHONES } from './model';
export { englishModelDir, loadModelDictionary, modelBaseDir } from './model-dir';
export {
  closeSharedScoringPool,
  createScoringPool,
  defaultPoolSize,
  type PoolStats,
  type ScoringPool,
  type ScoringPoolOptions,
  SpeechPoolError,
  type SpeechPoolErrorCode,
  scoreUtterance,
} from './pool';
export {
  createScorer,
  finalizeScore,
  type ScoreDetails,
  type ScoreOptions,
  type ScoreResult,
  type Scorer,
  type ScorerOptions,
  type Verdict,
  type WordScore,
  type WordStatus,
} from './score';
export {
  competingSentences,
  isDifferentSentence,
  MAX_COMPETITORS,
  normalizeToken,
  numberToWords,
  type TextToken,
  tokenize,
} from './text';
export { measureVoiceActivity, type VoiceActivity } from './vad';
