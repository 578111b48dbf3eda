/**
 * Page timelines (learning-content §3, docs/content-timelines.md): the four JSON strings of a
 * book page parsed into page_sentences, page_words, sentences and words, and the questions the
 * reader asks of them while narration plays — which sentence, which word, at time t.
 */
export interface SentenceSpan {
  /** Sentence index on the page. */
  i: number;
  /** Seconds in the page audio. */
  start: number;
  end: number;
}

export interface TimedWord {
  /** The word as displayed, punctuation included. */
  w: string;
  /** Character offset in the sentence's text. */
  o: number;
  start: number;
  end: number;
}

export interface PageWord extends TimedWord {
  /** The sentence the word belongs to. */
  s: number;
}

export interface SentenceAudio {
  i: number;
  audio: string;
  duration: number;
}

export interface PageTimelines {
  page_sentences: SentenceSpan[];
  page_words: PageWord[];
  sentences: SentenceAudio[];
  /** One list per sentence, times in that sentence's own audio. */
  words: TimedWord[][];
}

export interface RawPageTimelines {
  read_sentences_timeline: string;
  read_words_timeline: string;
  sentences_timeline: string;
  words_timeline: string;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function parseArray(json: string): unknown[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

const isSpan = (v: unknown): v is SentenceSpan =>
  isObj(v) && isNum(v.i) && isNum(v.start) && isNum(v.end) && v.end >= v.start;
const isTimedWord = (v: unknown): v is TimedWord =>
  isObj(v) &&
  typeof v.w === 'string' &&
  isNum(v.o) &&
  isNum(v.start) &&
  isNum(v.end) &&
  v.end >= v.start;
const isPageWord = (v: unknown): v is PageWord => isTimedWord(v) && isNum((v as PageWord).s);
const isSentenceAudio = (v: unknown): v is SentenceAudio =>
  isObj(v) && isNum(v.i) && typeof v.audio === 'string' && isNum(v.duration);

const byStart = <T extends { start: number }>(a: T, b: T) => a.start - b.start;

/**
 * Parses a page's timelines. A malformed field yields an empty list rather than an exception
 * (the page still shows and plays; it just has no highlighting), and entries are sorted by
 * start time so the lookups below can binary-search.
 */
export function parsePageTimelines(raw: RawPageTimelines): PageTimelines {
  return {
    page_sentences: parseArray(raw.read_sentences_timeline).filter(isSpan).sort(byStart),
    page_words: parseArray(raw.read_words_timeline).filter(isPageWord).sort(byStart),
    sentences: parseArray(raw.sentences_timeline).filter(isSentenceAudio),
    words: parseArray(raw.words_timeline).map((list) =>
      Array.isArray(list) ? list.filter(isTimedWord).sort(byStart) : [],
    ),
  };
}

/** Index of the last item that started at or before t; -1 when none has. */
function lastStartedAt(items: ReadonlyArray<{ start: number }>, t: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((items[mid] as { start: number }).start <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * The sentence being read at time t of the page audio: the last one that started, held through
 * the short pause before the next; -1 before the first starts and after the last ends.
 */
export function activeSentenceAt(spans: readonly SentenceSpan[], t: number): number {
  const last = spans[spans.length - 1];
  if (!last || t >= last.end) return -1;
  const k = lastStartedAt(spans, t);
  return k < 0 ? -1 : (spans[k] as SentenceSpan).i;
}

/** How long (s) a word stays lit after it ends, so short gaps between words do not flicker. */
export const WORD_HOLD_SECONDS = 0.25;

/**
 * Index (into `words`) of the word being said at time t: the last that started, while t is
 * within its end plus the hold; -1 in longer silences.
 */
export function activeWordAt(
  words: readonly TimedWord[],
  t: number,
  hold = WORD_HOLD_SECONDS,
): number {
  const k = lastStartedAt(words, t);
  if (k < 0) return -1;
  return t < (words[k] as TimedWord).end + hold ? k : -1;
}

export interface TextPiece {
  text: string;
  /** Character offset of the piece in the sentence (a stable key). */
  at: number;
  /** Index of the timed word this piece shows; null for spaces and untimed text. */
  word: number | null;
}

/**
 * Splits a sentence into pieces for rendering, one piece per timed word (found at its offset,
 * or searched forward when the offset is off) and plain pieces in between — so the reader can
 * light exactly the word being said, punctuation included.
 */
export function sentencePieces(text: string, words: readonly TimedWord[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let cursor = 0;
  words.forEach((word, index) => {
    let at =
      text.startsWith(word.w, word.o) && word.o >= cursor ? word.o : text.indexOf(word.w, cursor);
    if (at < 0 || word.w === '') return;
    if (at > cursor) pieces.push({ text: text.slice(cursor, at), at: cursor, word: null });
    pieces.push({ text: word.w, at, word: index });
    at += word.w.length;
    cursor = at;
  });
  if (cursor < text.length) pieces.push({ text: text.slice(cursor), at: cursor, word: null });
  return pieces;
}

/** Lower-cased letters of a displayed word ("Dad's," → "dad's"), for matching vocabulary. */
export function bareWord(displayed: string): string {
  return displayed
    .toLowerCase()
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '')
    .replace(/’/g, "'");
}
