import type { PageTimelines } from '@picbook/domain';
import { describe, expect, it } from 'vitest';
import type { TrackSnapshot } from '../../../shared/audio';
import { type NarrationView, narrationView } from './use-narration';

// Two sentences: "Hi Tom." (0–1 s) and "Run!" (1.5–2 s).
const timelines: PageTimelines = {
  page_sentences: [
    { i: 0, start: 0, end: 1 },
    { i: 1, start: 1.5, end: 2 },
  ],
  page_words: [
    { w: 'Hi', o: 0, start: 0, end: 0.3, s: 0 },
    { w: 'Tom.', o: 3, start: 0.4, end: 0.9, s: 0 },
    { w: 'Run!', o: 0, start: 1.5, end: 2, s: 1 },
  ],
  sentences: [],
  words: [],
};

const snapshot = (state: TrackSnapshot['state'], currentTime: number): TrackSnapshot => ({
  state,
  url: '/p.mp3',
  index: 0,
  currentTime,
  duration: 2,
  speed: 1,
});

describe('narrationView', () => {
  it.each<[string, TrackSnapshot | null, NarrationView]>([
    ['no track', null, { state: 'idle', sentence: -1, word: -1 }],
    ['first word', snapshot('playing', 0.1), { state: 'playing', sentence: 0, word: 0 }],
    ['second word', snapshot('playing', 0.5), { state: 'playing', sentence: 0, word: 1 }],
    ['paused on a word', snapshot('pause', 0.5), { state: 'pause', sentence: 0, word: 1 }],
    ['between sentences', snapshot('playing', 1.3), { state: 'playing', sentence: 0, word: -1 }],
    ['second sentence', snapshot('playing', 1.6), { state: 'playing', sentence: 1, word: 2 }],
    ['ended', snapshot('ended', 2), { state: 'ended', sentence: -1, word: -1 }],
  ])('%s', (_, snap, view) => {
    expect(narrationView(snap, timelines)).toEqual(view);
  });

  it('keeps the previous view while a progress tick changes nothing shown', () => {
    const first = narrationView(snapshot('playing', 0.4), timelines);
    expect(narrationView(snapshot('playing', 0.5), timelines, first)).toBe(first);
    expect(narrationView(snapshot('playing', 0.8), timelines, first)).toBe(first);
    const next = narrationView(snapshot('playing', 1.6), timelines, first);
    expect(next).not.toBe(first);
    expect(next).toEqual({ state: 'playing', sentence: 1, word: 2 });
    expect(narrationView(snapshot('pause', 1.6), timelines, next)).not.toBe(next);
  });
});
