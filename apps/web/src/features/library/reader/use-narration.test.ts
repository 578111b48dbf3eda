import type { PageTimelines } from '@picbook/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AudioEngine, createAudioEngine, type TrackSnapshot } from '../../../shared/audio';
import { FakeWorld } from '../../../shared/audio/test-audio-env';
import {
  type Narration,
  type NarrationPage,
  type NarrationView,
  narrationView,
  useNarration,
} from './use-narration';

let engine: AudioEngine | null = null;
vi.mock('../../../shared/audio', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../shared/audio')>()),
  getAudioEngine: () => engine,
}));

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

describe('useNarration', () => {
  afterEach(() => {
    engine?.dispose();
    engine = null;
    vi.useRealTimers();
  });

  it('shows no voice of the last page on the render that shows a new one', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const world = new FakeWorld({ initiallyUnlocked: true }).add('/p1.mp3', 2).add('/p2.mp3', 2);
    engine = createAudioEngine(world.env());
    const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    const page1: NarrationPage = { audio: '/p1.mp3', timelines };
    const page2: NarrationPage = { audio: '/p2.mp3', timelines };
    const renders: Array<{ page: NarrationPage; narration: Narration }> = [];
    const { rerender } = renderHook(
      ({ page }: { page: NarrationPage }) => {
        const narration = useNarration(page, true);
        renders.push({ page, narration });
        return narration;
      },
      { initialProps: { page: page1 } },
    );
    await tick(600);
    expect(renders.at(-1)?.narration).toMatchObject({ state: 'playing', sentence: 0, word: 1 });

    rerender({ page: page2 });
    // Page 1 was at 0.6 s ("Tom."): the first render of page 2 must not light its word there.
    const first = renders.find((r) => r.page === page2)?.narration;
    expect(first).toMatchObject({ kind: 'idle', state: 'idle', sentence: -1, word: -1 });
    expect(first?.pageEnded).toBe(false);
    await tick(300);
    expect(renders.at(-1)?.narration).toMatchObject({ kind: 'page', state: 'playing', word: 0 });

    // A page that ended does not hand its end to the next page's first render.
    await tick(2000);
    expect(renders.at(-1)?.narration.pageEnded).toBe(true);
    const page3: NarrationPage = { audio: '/p1.mp3', timelines };
    rerender({ page: page3 });
    expect(renders.find((r) => r.page === page3)?.narration.pageEnded).toBe(false);
  });
});
