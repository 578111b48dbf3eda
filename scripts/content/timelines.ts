import type { TimedWord } from './narrate';

/** Gap between sentences in a page's narration. */
export const SENTENCE_GAP_S = 0.45;

export interface SentenceTiming {
  audio: string;
  duration: number;
  words: TimedWord[];
}

/**
 * The four timeline strings of a page from its sentences' timings (each relative to its own
 * sentence audio) and where each sentence starts inside the page audio.
 */
export function pageTimelines(sentences: SentenceTiming[], offsets: number[]) {
  const r = (n: number) => Math.round(n * 1000) / 1000;
  const readSentences = sentences.map((s, i) => ({
    i,
    start: r(offsets[i] ?? 0),
    end: r((offsets[i] ?? 0) + s.duration),
  }));
  const readWords = sentences.flatMap((s, i) =>
    s.words.map((w) => ({
      s: i,
      w: w.w,
      o: w.o,
      start: r((offsets[i] ?? 0) + w.start),
      end: r((offsets[i] ?? 0) + w.end),
    })),
  );
  return {
    read_sentences_timeline: JSON.stringify(readSentences),
    read_words_timeline: JSON.stringify(readWords),
    sentences_timeline: JSON.stringify(
      sentences.map((s, i) => ({ i, audio: s.audio, duration: s.duration })),
    ),
    words_timeline: JSON.stringify(sentences.map((s) => s.words)),
  };
}
