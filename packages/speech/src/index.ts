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
  Lexicon,
  loadModelDictionary,
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
export { letterToSound } from './lts';
export { ALIGN_SAMPLE_RATE, englishModelDir, MODEL_PHONES, modelBaseDir } from './model';
export { normalizeToken, numberToWords, type TextToken, tokenize } from './text';
