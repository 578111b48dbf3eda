// What scoring takes and answers, apart from the code that does it: score.ts (the scorer),
// pool.ts (worker threads) and worker-protocol.ts (their messages) all speak these types, so
// none of them imports another for its types.
import type { AcousticModelName } from './acoustic-model';
import type { CalibrationModels } from './calibration';
import type { AnalyseOptions, EngineOptions, UtteranceAnalysis } from './engine';
import type { FeatureVector, ReaderHistory, SentenceFeature, WordFeature } from './features';
import type { Verdict } from './feedback';
import type { PhoneObservation } from './phone-model';
import type { VoiceActivity } from './vad';

export type WordStatus = 'good' | 'mispronounced' | 'missed';

export interface WordScore {
  /** The token of the reference text as written ("Look!", "Lele's"). */
  word: string;
  /** 0–100. */
  score: number;
  /** Aligned span in seconds from the start of the audio (0, 0 when nothing was aligned). */
  start: number;
  end: number;
  status: WordStatus;
}

export interface ScoreResult {
  /** Overall score, 0–100 (calibrated to the human "total"; rounded up). */
  score: number;
  /** Pronunciation accuracy, 0–100. */
  accuracy: number;
  /** Fluency (pauses, pace), 0–100. */
  fluency: number;
  /** Share of the words that were read, 0–100. */
  completeness: number;
  words: WordScore[];
  /** `ok`, or why the recording could not be scored as a reading of the text. */
  verdict: Verdict;
  /** Short encouraging feedback in Chinese for the parent. */
  feedback: string;
  /** Diagnostics, when asked for with `details: true`. */
  details?: ScoreDetails;
  /**
   * The recording's mean phone GOP (nats/frame) when it was read (verdict ok): what the caller
   * keeps to build the reader's history ({@link ScoreOptions.history}).
   */
  gopMean?: number;
}

export interface ScoreDetails {
  model: AcousticModelName;
  pass: UtteranceAnalysis['pass'];
  failure?: string;
  activity: Omit<VoiceActivity, 'voicedFrames'>;
  sentence?: FeatureVector<SentenceFeature>;
  words?: FeatureVector<WordFeature>[];
  /** The phones of every word, as the phone model reads them (phone-model.ts). */
  phones?: PhoneObservation[][];
  /** P(different sentence) from the detector. */
  differentText?: number;
  /** Another sentence of the book fitted the recording better (engine.ts, competitors). */
  competitor?: UtteranceAnalysis['competitor'];
  /** The competitors could not be decoded (engine.ts); the detector alone judged. */
  competitorFailure?: string;
  /** Pronunciations guessed by letter-to-sound rules. */
  guessed: string[];
  /** Time spent scoring (ms). */
  processingMs: number;
}

/** `compete` is the scorer's own (its detector decides); options cross to worker threads. */
export interface ScoreOptions extends Omit<AnalyseOptions, 'compete'> {
  /** The reader's earlier recordings (features.ts `hist_gop`); none for a new reader. */
  history?: ReaderHistory;
  /** Include {@link ScoreDetails}. */
  details?: boolean;
}

export interface ScorerOptions extends EngineOptions {
  /** Calibration to use instead of the shipped one for the model. */
  calibration?: CalibrationModels;
}

export interface FeatureResult {
  verdict: Verdict;
  analysis: UtteranceAnalysis | null;
  sentence: FeatureVector<SentenceFeature> | null;
  words: FeatureVector<WordFeature>[];
}
