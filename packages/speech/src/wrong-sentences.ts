import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadAudio } from './audio';
import { type Dataset, textsBySpeaker } from './dataset';
import type { ScoringPool } from './pool';
import type { ScoreDetails, ScoreResult } from './score-types';
import { competingSentences, isDifferentSentence } from './text';

/**
 * The wrong-sentence test set: recordings scored against ANOTHER sentence of the same book —
 * what a child does who reads the wrong line — next to the same recordings scored against
 * their own sentence. Two sources:
 *
 * - `book`: the books' own narration (content/media/books/<id>/manifest.json, the project's
 *   voices), each sentence read against a sentence three places further in the same book;
 * - `child`: children's recordings of a labelled folder (speechocean762-dev) against another
 *   utterance of the same speaker — a child's voice reading a different sentence.
 *
 * The product's rule (issue 21): a wrong sentence scores ≤ 30 and at most 1 word in 10 is
 * marked good; a correct reading (human accuracy ≥ 7) is judged "different sentence" at most
 * 1 % of the time.
 */

export interface WrongSentencePair {
  source: 'book' | 'child';
  id: string;
  /** The recording. */
  wav: string;
  /** What was actually said, and the sentence it is scored against. */
  said: string;
  target: string;
  /** Human accuracy of the recording (child source), 0–10. */
  human?: number;
  /** The child's speaker id (child source). */
  speaker?: string;
  /**
   * The other sentences the reader might have read (the book's lines; a child's other
   * sentences), from which the scorer takes competitors for `target` and for `said`.
   */
  lines: string[];
}

/** Narration pairs of every book under `mediaDir/books` (at most `perBook` per book). */
export async function bookPairs(mediaDir: string, perBook = 3): Promise<WrongSentencePair[]> {
  const root = path.join(mediaDir, 'books');
  if (!existsSync(root)) return [];
  const pairs: WrongSentencePair[] = [];
  for (const book of (await readdir(root)).sort()) {
    const manifestPath = path.join(root, book, 'manifest.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
      pages: { sentences: { en: string; audio?: string }[] }[];
    };
    const sentences = manifest.pages.flatMap((p) => p.sentences).filter((s) => s.audio);
    let taken = 0;
    for (let i = 0; i < sentences.length && taken < perBook; i += 2) {
      const said = sentences[i];
      const target = sentences[(i + 3) % sentences.length];
      if (!said?.audio || !target || !isDifferentSentence(said.en, target.en)) continue;
      const wav = path.join(mediaDir, said.audio.replace(/^\/media\//, ''));
      if (!existsSync(wav)) continue;
      const lines = manifest.pages.flatMap((p) => p.sentences.map((s) => s.en));
      pairs.push({
        source: 'book',
        id: `${book}#${i}`,
        wav,
        said: said.en,
        target: target.en,
        lines,
      });
      taken++;
    }
  }
  return pairs;
}

/**
 * Child pairs: each child's recording against another of the same speaker's sentences.
 * Every `every`-th child recording from the `from`-th (so `every 8, from 4` is a set
 * disjoint from `every 8, from 0`).
 */
export function childPairs(dataset: Dataset, every = 1, from = 0): WrongSentencePair[] {
  const children = dataset.utterances.filter((u) => (u.age ?? 99) <= 12);
  const pairs: WrongSentencePair[] = [];
  const linesOf = textsBySpeaker(children);
  children.forEach((u, i) => {
    if (i < from || (i - from) % every !== 0) return;
    const same = children.filter(
      (o) => o.speaker === u.speaker && isDifferentSentence(u.text, o.text),
    );
    const other = same[(i * 7) % Math.max(1, same.length)];
    if (!other) return;
    pairs.push({
      source: 'child',
      id: u.id,
      speaker: u.speaker,
      wav: u.wav,
      said: u.text,
      target: other.text,
      human: u.accuracy,
      lines: linesOf.get(u.speaker) ?? [],
    });
  });
  return pairs;
}

export interface WrongSentenceFigures {
  pairs: number;
  /** Wrong readings scoring ≤ 30, and judged "different sentence". */
  wrong_at_most_30: number;
  wrong_detected: number;
  /** Share of the target's words marked good on the wrong readings. */
  wrong_words_good: number;
  wrong_mean_score: number;
  /** The same recordings against their own sentence: judged "different sentence", mean score. */
  own_flagged: number;
  own_mean_score: number;
}

/** Why a verdict was reached (ScoreDetails): the competitor that won, P(different). */
type Diagnosis = Pick<ScoreDetails, 'competitor' | 'differentText'>;

export interface WrongSentenceRow {
  pair: WrongSentencePair;
  wrong: Pick<ScoreResult, 'score' | 'verdict'> & {
    good: number;
    words: number;
  } & Diagnosis;
  own: Pick<ScoreResult, 'score' | 'verdict'> & Diagnosis;
}

const diagnosis = (result: ScoreResult): Diagnosis => ({
  ...(result.details?.competitor ? { competitor: result.details.competitor } : {}),
  ...(result.details?.differentText !== undefined
    ? { differentText: result.details.differentText }
    : {}),
});

/** Scores every pair both ways through the pool. */
export async function scorePairs(
  pool: ScoringPool,
  pairs: readonly WrongSentencePair[],
  onProgress?: (done: number, total: number) => void,
  /** Score with the pair's other lines as competitors (engine.ts), as the product does. */
  withCompetitors = true,
): Promise<WrongSentenceRow[]> {
  let done = 0;
  return Promise.all(
    pairs.map(async (pair) => {
      const audio = await loadAudio(pair.wav);
      const options = (text: string) =>
        withCompetitors ? { competitors: competingSentences(text, pair.lines) } : {};
      const [wrong, own] = await Promise.all([
        pool.score(audio.slice(), pair.target, { ...options(pair.target), details: true }),
        pool.score(audio.slice(), pair.said, { ...options(pair.said), details: true }),
      ]);
      onProgress?.(++done, pairs.length);
      return {
        pair,
        wrong: {
          score: wrong.score,
          verdict: wrong.verdict,
          good: wrong.words.filter((w) => w.status === 'good').length,
          words: wrong.words.length,
          ...diagnosis(wrong),
        },
        own: {
          score: own.score,
          verdict: own.verdict,
          ...diagnosis(own),
        },
      };
    }),
  );
}

export function wrongSentenceFigures(rows: readonly WrongSentenceRow[]): WrongSentenceFigures {
  const n = Math.max(1, rows.length);
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const words = rows.reduce((a, r) => a + r.wrong.words, 0);
  return {
    pairs: rows.length,
    wrong_at_most_30: rows.filter((r) => r.wrong.score <= 30).length / n,
    wrong_detected: rows.filter((r) => r.wrong.verdict === 'different_text').length / n,
    wrong_words_good: rows.reduce((a, r) => a + r.wrong.good, 0) / Math.max(1, words),
    wrong_mean_score: mean(rows.map((r) => r.wrong.score)),
    own_flagged: rows.filter((r) => r.own.verdict === 'different_text').length / n,
    own_mean_score: mean(rows.map((r) => r.own.score)),
  };
}
