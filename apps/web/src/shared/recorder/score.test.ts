import { describe, expect, it } from 'vitest';
import { matchModelWords, starsForScore, wordAt } from './score';

describe('stars for a score', () => {
  it.each([
    [100, 3],
    [90, 3],
    [89, 2],
    [70, 2],
    [69, 1],
    [50, 1],
    [49, 0],
    [0, 0],
  ])('%i → %i stars', (score, stars) => {
    expect(starsForScore(score)).toBe(stars);
  });
});

describe('model word times for the scored words', () => {
  const model = [
    { w: 'Up,', start: 0.175, end: 0.355 },
    { w: 'up,', start: 0.355, end: 0.58 },
    { w: 'up', start: 0.695, end: 0.875 },
    { w: 'it', start: 0.875, end: 0.985 },
    { w: 'goes!', start: 0.985, end: 1.395 },
  ];

  it('pairs words in order, whatever their punctuation, repeated words included', () => {
    const scored = ['Up', 'up', 'up,', 'it', 'goes'].map((word) => ({ word }));
    expect(matchModelWords(scored, model)).toEqual(model);
  });

  it('leaves a word the narration does not have unpaired and carries on', () => {
    const scored = ['Up', 'high', 'goes'].map((word) => ({ word }));
    expect(matchModelWords(scored, model)).toEqual([model[0], null, model[4]]);
  });
});

describe('the word being said in the recording', () => {
  const words = [
    { start: 0.2, end: 0.5 },
    { start: 0.5, end: 0.9 },
    { start: 0, end: 0 }, // missed
  ];
  it.each([
    [0.1, -1],
    [0.2, 0],
    [0.6, 1],
    [0.9, -1],
    [0, -1],
  ])('%f s → word %i', (seconds, index) => {
    expect(wordAt(words, seconds)).toBe(index);
  });
});
