import { normalizeKey } from './dictionary';
import { tokenize } from './text';

/**
 * The device's pronouncing dictionary (decision 107): the model's dictionary trimmed to the
 * words of the texts a child reads (the books' lines), 3.2 MB → a few KB. A word outside it is
 * pronounced by the same rules as on the server after a dictionary miss (derived forms, then
 * letter-to-sound), so only such words can score differently on a device.
 */

/**
 * The dictionary keys `texts` need: every spoken word (text.ts, as the engine plans them) and,
 * for a word with an apostrophe, its parts ("lele's" is derived from "lele", dictionary.ts).
 */
export function dictionaryWords(texts: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const text of texts) {
    for (const token of tokenize(text)) {
      for (const word of token.words) {
        const key = normalizeKey(word);
        words.add(key);
        if (key.includes("'")) for (const part of key.split("'")) if (part) words.add(part);
      }
    }
  }
  return words;
}

/**
 * The lines of a CMUdict-format dictionary (`word PH …`, alternates `word(2) …`) whose word is
 * in `words`, in their order, so alternates keep their numbers.
 */
export function trimDictionary(dictionary: string, words: ReadonlySet<string>): string {
  const kept: string[] = [];
  for (const line of dictionary.split(/\r?\n/)) {
    const space = line.search(/\s/);
    if (space <= 0) continue;
    const word = normalizeKey(line.slice(0, space).replace(/\(\d+\)$/, ''));
    if (words.has(word)) kept.push(line);
  }
  return kept.length > 0 ? `${kept.join('\n')}\n` : '';
}
