/**
 * What counts as a score (issue 39 item 9, decision 098). A recording is a **scored attempt**
 * only when the judge read it as this sentence (verdict `ok`): silence, noise, a recording too
 * short, another sentence, or one that could not be judged at all is an attempt without a score —
 * never "0 分", never a best, never in a report. "Best" is the maximum over the scored attempts;
 * a run through a book is summed up by what was actually scored in it.
 */

/** The judge's verdicts (packages/speech `Verdict`, contracts `ZSpeechVerdict`). */
export type AttemptVerdict = 'ok' | 'no_voice' | 'too_short' | 'noise' | 'different_text';

export interface Attempt {
  /** The judge's verdict; null or missing when the recording could not be judged. */
  verdict?: string | null;
  /** The judge's score, null when none. */
  score: number | null;
}

/** A scored reading of the sentence: verdict ok and a score. */
export function isScoredAttempt(attempt: Attempt): attempt is Attempt & { score: number } {
  return attempt.verdict === 'ok' && attempt.score !== null && Number.isFinite(attempt.score);
}

/** The best score over the scored attempts; null when none was scored. */
export function bestScoreOf(attempts: readonly Attempt[]): number | null {
  let best: number | null = null;
  for (const attempt of attempts) {
    if (isScoredAttempt(attempt) && (best === null || attempt.score > best)) best = attempt.score;
  }
  return best;
}

/**
 * Whether the child's own recording is worth offering to play back: not when nothing was heard
 * (no voice) or only noise — replaying seconds of silence is no feedback.
 */
export function canReplayAttempt(verdict: string): boolean {
  return verdict !== 'no_voice' && verdict !== 'noise';
}

/** The sentence channels of a scored reading (0–100 each). */
export interface ScoreChannels {
  score: number;
  accuracy: number;
  fluency: number;
  completeness: number;
  words: ReadonlyArray<{ score: number }>;
}

export type ShortfallChannel = 'fluency' | 'completeness' | 'accuracy';

/**
 * How far a sentence score may sit below its words' mean before it needs a reason: rounding and
 * the calibration's own noise move a score by a few points.
 */
export const SHORTFALL_GAP = 5;

/**
 * Why a sentence scored lower than its words say: every word at 100 and a total of 87 needs a
 * reason a parent understands. Null when the words explain the score (the score is within
 * {@link SHORTFALL_GAP} of the words' mean, or above it). Otherwise the channel that pulled it
 * down: completeness when words were left out, else the lower of fluency and accuracy (fluency on
 * a tie — the words were said well, the sentence was not yet smooth).
 */
export function scoreShortfall(result: ScoreChannels): ShortfallChannel | null {
  if (result.words.length === 0) return null;
  const wordsMean = result.words.reduce((sum, w) => sum + w.score, 0) / result.words.length;
  if (result.score >= wordsMean - SHORTFALL_GAP) return null;
  if (result.completeness < 100) return 'completeness';
  return result.fluency <= result.accuracy ? 'fluency' : 'accuracy';
}

export interface RunItem {
  score: number | null;
  /** The judge's verdict; missing: judged (a score is a score); null: never judged. */
  verdict?: string | null;
}

export interface RunSummary {
  /** Items of the book with a scored reading in this run. */
  scored: number;
  /** Items of the book in this mode (sentences for repeat, pages for speak). */
  total: number;
  /** Mean of the scored items' best scores, rounded up; null when none was scored. */
  score: number | null;
  /** complete: every item scored; partial: some (a run left early); empty: none. */
  state: 'complete' | 'partial' | 'empty';
}

/**
 * A run through a book as a parent should read it: what was actually scored — "1 of 5 sentences,
 * 99" for a run left after one sentence — not the ranking score (the mean over all the book's
 * items with the missing ones as 0, which showed that run as 「20 分」). Unscored items do not
 * count; a run with nothing scored is `empty` (the report leaves it out). Whether the child
 * tapped 完成 does not matter: the summary says what was read.
 */
export function summarizeRun(items: readonly RunItem[], total: number): RunSummary {
  const scores = items
    .filter((i) =>
      isScoredAttempt({ verdict: i.verdict === undefined ? 'ok' : i.verdict, score: i.score }),
    )
    .map((i) => i.score as number);
  const scored = scores.length;
  if (scored === 0) return { scored: 0, total, score: null, state: 'empty' };
  const mean = scores.reduce((s, v) => s + v, 0) / scored;
  return {
    scored,
    total,
    score: Math.ceil(Number(mean.toFixed(6))),
    state: scored >= total ? 'complete' : 'partial',
  };
}
