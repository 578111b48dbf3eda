import { describe, expect, it } from 'vitest';
import type { Dataset, LabelledUtterance } from './dataset';
import { childPairs } from './wrong-sentences';

const TEXTS = [
  'I LIKE RED APPLES',
  'THE DOG RUNS FAST',
  'MY SISTER CAN SWIM',
  'WE GO TO SCHOOL',
  'BIRDS SING IN TREES',
  'SHE READS A BOOK',
];
const utterance = (speaker: string, k: number, age: number): LabelledUtterance => ({
  id: `${speaker}${String(k).padStart(4, '0')}`,
  speaker,
  age,
  text: TEXTS[k % TEXTS.length] ?? '',
  accuracy: 8,
  total: 8,
  fluency: 8,
  words: [],
  wav: `/x/${speaker}-${k}.wav`,
});
// Two children with six recordings each, one adult (never paired).
const dataset: Dataset = {
  dir: '/x',
  utterances: [
    ...Array.from({ length: 6 }, (_, k) => utterance('0001', k, 6)),
    ...Array.from({ length: 6 }, (_, k) => utterance('0099', k, 30)),
    ...Array.from({ length: 6 }, (_, k) => utterance('0002', k, 7)),
  ],
};

describe('childPairs', () => {
  it.each([
    [1, 0, 12],
    [4, 0, 3],
    [4, 2, 3],
    [4, 11, 1],
    [4, 12, 0],
  ])(
    'every %i from %i: %i pairs of children, each against another sentence of the same child',
    (every, from, n) => {
      const pairs = childPairs(dataset, every, from);
      expect(pairs).toHaveLength(n);
      for (const p of pairs) {
        expect(p.source).toBe('child');
        expect(p.speaker).not.toBe('0099');
        expect(p.target).not.toBe(p.said);
        const own = dataset.utterances.filter((u) => u.speaker === p.speaker).map((u) => u.text);
        expect(own).toContain(p.target);
      }
    },
  );

  it('sets with the same step from different starts are disjoint', () => {
    const a = childPairs(dataset, 4, 0).map((p) => p.id);
    const b = childPairs(dataset, 4, 2).map((p) => p.id);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });
});
