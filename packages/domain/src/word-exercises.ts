/**
 * Answer checks of the word and sentence exercises (issue 13): spelling with a child's tolerance,
 * orders (sentence tiles, story pictures), and the deterministic shuffles the exercises show.
 */

/** What a spelling is compared on: lower case, straight apostrophes, single spaces, no end marks. */
export function normalizeSpelling(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’`]/g, "'")
    .replace(/[^a-z' -]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Edits (insert, delete, change, swap neighbours) between two short strings. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(
        (up[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (up[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

export type SpellingCheck = 'right' | 'almost' | 'wrong';

/**
 * A typed spelling against the word: right when equal after normalising (case, apostrophes,
 * spaces, end marks do not count); almost when one letter is off in a word of four letters or
 * more (the child hears "almost!" and tries again — it is not counted right); else wrong.
 */
export function checkSpelling(word: string, typed: string): SpellingCheck {
  const want = normalizeSpelling(word);
  const got = normalizeSpelling(typed);
  if (got === want) return 'right';
  if (want.replace(/[ '-]/g, '').length >= 4 && got.length > 0 && editDistance(want, got) === 1) {
    return 'almost';
  }
  return 'wrong';
}

/**
 * A spelling item's score from the child's tries in order ("kit,kite"): 100 when the first try
 * is right, 70 the second, 50 later (like choices, decision 029), 0 when never right.
 */
export function spellScore(tries: string, word: string): number {
  const list = tries
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const at = list.findIndex((t) => checkSpelling(word, t) === 'right');
  if (at < 0) return 0;
  return at === 0 ? 100 : at === 1 ? 70 : 50;
}

/** Whether an order of tiles (by their words) reads as the expected words, duplicates allowed. */
export function orderMatches(expected: readonly string[], given: readonly string[]): boolean {
  if (expected.length !== given.length) return false;
  return expected.every((w, i) => normalizeSpelling(w) === normalizeSpelling(given[i] ?? ''));
}

/** The index of the first tile out of place (-1 when all are right so far). */
export function firstMisplaced(expected: readonly string[], given: readonly string[]): number {
  return given.findIndex((w, i) => normalizeSpelling(w) !== normalizeSpelling(expected[i] ?? ''));
}

/** A small deterministic generator (mulberry32) so that a built course shuffles the same way. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A shuffle of `items` by `seed`, never the original order when there are two or more distinct
 * items (a puzzle that starts solved is no puzzle).
 */
export function shuffled<T>(items: readonly T[], seed: string): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let attempt = 0; attempt < 8; attempt++) {
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    if (out.some((x, i) => x !== items[i])) return out;
  }
  return out.length > 1 ? [...out.slice(1), out[0] as T] : out;
}

/**
 * The keys of an on-screen letter keyboard for spelling `word`: its letters (each once) and a few
 * others, shuffled by the word, so a child finds every letter without a full keyboard.
 */
export function letterKeys(word: string, extra = 3): string[] {
  const letters = [...new Set(normalizeSpelling(word).replace(/[^a-z]/g, ''))];
  const random = seededRandom(`keys:${word}`);
  const pool = 'abcdefghijklmnopqrstuvwxyz'.split('').filter((c) => !letters.includes(c));
  const others: string[] = [];
  while (others.length < extra && pool.length > 0) {
    others.push(pool.splice(Math.floor(random() * pool.length), 1)[0] as string);
  }
  return shuffled([...letters, ...others], `keys:${word}`);
}

/** The words of a sentence as tiles: its words without end marks ("Up, up!" → Up up). */
export function sentenceTiles(sentence: string): string[] {
  return sentence
    .split(/\s+/)
    .map((w) => w.replace(/^[^A-Za-z']+|[^A-Za-z']+$/g, ''))
    .filter(Boolean);
}
