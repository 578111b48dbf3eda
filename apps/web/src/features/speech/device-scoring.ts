import type { TSpeechResult } from '@picbook/contracts';
import { competitorsIn, indexBookLines, type ScoreResult } from '@picbook/speech/browser';
import {
  DEVICE_CHANNEL,
  type DeviceScoreOptions,
  type PageLines,
} from '../../shared/recorder/device-channel';
import { createDeviceScorer, type DeviceScorer } from './device-scorer';

/**
 * Scoring on the device (decision 107), for the screens that record when the server cannot be
 * reached: one scorer per page, created on first use (its chunk, SoundSwallower's wasm and the
 * model's files are fetched then and kept by the service worker). This module is the web build's
 * `device-speech` entry (vite.config.ts): screens import it lazily, never with the shell.
 */
let shared: DeviceScorer | undefined;

function scorer(): DeviceScorer {
  shared ??= createDeviceScorer();
  return shared;
}

/** A device score in the API's shape (contracts ZSpeechResult), the device as its one channel. */
export function toSpeechResult(result: ScoreResult): TSpeechResult {
  const { score, accuracy, fluency, completeness, words, verdict, feedback } = result;
  return {
    score,
    accuracy,
    fluency,
    completeness,
    words: words.map(({ word, score: wordScore, start, end, status }) => ({
      word,
      score: wordScore,
      start,
      end,
      status,
    })),
    verdict,
    feedback,
    channels: [{ name: DEVICE_CHANNEL, score }],
  };
}

/**
 * The lines that compete with `text` among the open book's pages: the server's rule
 * (packages/speech book-lines.ts) over this one book, where the server applies it to every book.
 */
export function competitorsAmong(pages: readonly PageLines[], text: string): string[] {
  return competitorsIn(indexBookLines(pages.map((p) => ({ ...p, bookId: 0 }))), text);
}

/**
 * Scores a recording on the device: `audio` 16 kHz mono samples in [-1, 1] (handed over to the
 * worker); `competitors` the book's other lines (as the server takes them), else found among the
 * open book's `pages`.
 */
export async function scoreOnDevice(
  audio: Float32Array,
  text: string,
  options: DeviceScoreOptions & { competitors?: readonly string[] } = {},
): Promise<TSpeechResult> {
  const competitors = options.competitors
    ? [...options.competitors]
    : options.pages
      ? competitorsAmong(options.pages, text)
      : undefined;
  const result = await scorer().score(audio, text, competitors ? { competitors } : undefined);
  return toSpeechResult(result);
}

/** Loads the scorer and its model now (e.g. on Wi-Fi when the parent allows it). */
export async function prepareDeviceScoring(): Promise<{ model: string; version: string }> {
  const loading = scorer();
  try {
    return await loading.ready();
  } catch (error) {
    // Not loaded (offline with nothing kept): the next try starts a new scorer.
    if (shared === loading) {
      shared = undefined;
      loading.close();
    }
    throw error;
  }
}

/**
 * Fetches everything the scorer needs (its worker, SoundSwallower's wasm, `model.json` and the
 * model's files), which the service worker keeps (decision 107), without keeping a scorer: a
 * scorer of its own loads them off the main thread and is closed once it has (its memory goes
 * with it). The page's scorer, when it exists already, has them.
 */
export async function prefetchDeviceScoring(): Promise<{ model: string; version: string }> {
  if (shared) return shared.ready();
  const temporary = createDeviceScorer({ helper: false });
  try {
    return await temporary.ready();
  } finally {
    temporary.close();
  }
}

export { createDeviceScorer };
