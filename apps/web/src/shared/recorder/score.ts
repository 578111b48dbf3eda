import type { TScoredWord } from '@picbook/contracts';
import { bareWord } from '@picbook/domain';

/** A word of the reference narration with its time in the model audio (seconds). */
export interface ModelWord {
  w: string;
  start: number;
  end: number;
}

export interface ModelAudio {
  url: string;
  words: readonly ModelWord[];
}

/** Stars for a score: ≥ 90 three, ≥ 70 two, ≥ 50 one, otherwise none. */
export const STAR_THRESHOLDS = [90, 70, 50] as const;

export function starsForScore(score: number): 0 | 1 | 2 | 3 {
  if (score >= STAR_THRESHOLDS[0]) return 3;
  if (score >= STAR_THRESHOLDS[1]) return 2;
  if (score >= STAR_THRESHOLDS[2]) return 1;
  return 0;
}

/**
 * Pairs each scored word with the same word of the model narration, in order (the scorer's
 * tokens and the timeline's words are both the reference text's words, but either may carry
 * punctuation or skip a token).
 */
export function matchModelWords(
  scored: readonly Pick<TScoredWord, 'word'>[],
  model: readonly ModelWord[],
): Array<ModelWord | null> {
  let from = 0;
  return scored.map(({ word }) => {
    const bare = bareWord(word);
    for (let i = from; i < model.length; i++) {
      const candidate = model[i];
      if (candidate && bareWord(candidate.w) === bare) {
        from = i + 1;
        return candidate;
      }
    }
    return null;
  });
}

/** Index of the scored word being said at `seconds` of the child's recording, or -1. */
export function wordAt(
  words: readonly Pick<TScoredWord, 'start' | 'end'>[],
  seconds: number,
): number {
  return words.findIndex((w) => w.end > w.start && seconds >= w.start && seconds < w.end);
}
