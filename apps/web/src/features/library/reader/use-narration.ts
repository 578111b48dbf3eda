import { activeSentenceAt, activeWordAt, type PageTimelines } from '@picbook/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  getAudioEngine,
  type Track,
  type TrackSnapshot,
  type TrackState,
  useTrackSelector,
} from '../../../shared/audio';
import { readerMarks } from './reader-marks';

export interface NarrationPage {
  audio: string;
  timelines: PageTimelines;
}

export interface Narration {
  /** What the voice is doing: the whole page, one sentence again, or nothing yet. */
  kind: 'page' | 'sentence' | 'idle';
  state: TrackState | 'idle';
  /** Sentence index on the page being read (-1 none). */
  sentence: number;
  /** Index into timelines.page_words of the word being said (-1 none). */
  word: number;
  /** True once the whole-page narration reached its end (drives auto-advance and hints). */
  pageEnded: boolean;
  playPage(): void;
  playSentence(index: number): void;
  pause(): void;
  resume(): void;
  stop(): void;
}

/** What the reader shows of the voice: its state and the sentence and word being said. */
export interface NarrationView {
  state: TrackState | 'idle';
  sentence: number;
  word: number;
}

const IDLE: NarrationView = { state: 'idle', sentence: -1, word: -1 };

/**
 * The view of a track's snapshot on a page's timelines; `previous` itself when nothing shown
 * changed (a progress tick within the same word), so a store compared by identity stays put.
 */
export function narrationView(
  snapshot: TrackSnapshot | null,
  timelines: PageTimelines | undefined,
  previous: NarrationView = IDLE,
): NarrationView {
  const state = snapshot?.state ?? 'idle';
  const time = snapshot?.currentTime ?? 0;
  const sounding = state === 'playing' || state === 'pause' || state === 'pending';
  const sentence = sounding && timelines ? activeSentenceAt(timelines.page_sentences, time) : -1;
  const word = sounding && timelines ? activeWordAt(timelines.page_words, time) : -1;
  if (previous.state === state && previous.sentence === sentence && previous.word === word) {
    return previous;
  }
  return { state, sentence, word };
}

/**
 * The page narration of the reader: plays the page audio (or one sentence of it again) on the
 * voice channel and says which sentence and word are being read, from the page timelines.
 * Progress arrives every 100 ms from the audio engine; the reader re-renders only when the
 * state, the sentence or the lit word changes, not on every tick (decision 081, second round).
 * Hidden pages pause (engine rule).
 * The voice and the page end belong to the page they were started on: the render that shows a
 * new page shows no voice yet, not the last page's (the pause button, a word lit at the old
 * page's time, the page end) until the effect has stopped it, which under Preact is a frame later
 * and on a loaded device much more (decision 083, "The flaky reading journey").
 */
export function useNarration(page: NarrationPage | null, autoStart: boolean): Narration {
  const [started, setVoice] = useState<{
    track: Track;
    kind: 'page' | 'sentence';
    page: NarrationPage;
  } | null>(null);
  const [endedPage, setEndedPage] = useState<NarrationPage | null>(null);
  const voice = started && started.page === page ? started : null;
  const pageEnded = page !== null && endedPage === page;
  const track = voice?.track ?? null;
  const timelines = page?.timelines;
  const selectView = useCallback(
    (snapshot: TrackSnapshot | null, previous: NarrationView) =>
      narrationView(snapshot, timelines, previous),
    [timelines],
  );
  const view = useTrackSelector(track, selectView, IDLE);
  // The track this hook owns (stopped when another starts or the page goes) and the one of the
  // page shown (the one pause and resume act on).
  const ownedRef = useRef(started);
  ownedRef.current = started;
  const voiceRef = useRef(voice);
  voiceRef.current = voice;

  const start = useCallback(
    (kind: 'page' | 'sentence', from?: { start: number; end: number }) => {
      if (!page) return;
      ownedRef.current?.track.destroy();
      const engine = getAudioEngine();
      const track = from
        ? engine.createTrack({
            url: page.audio,
            start: from.start,
            end: from.end,
            needProgress: true,
          })
        : engine.createTrack({ url: page.audio, needProgress: true });
      readerMarks.narrationRequested();
      track.play();
      if (kind === 'page') setEndedPage(null);
      const voice = { track, kind, page };
      ownedRef.current = voice;
      voiceRef.current = voice;
      setVoice(voice);
    },
    [page],
  );

  // A new page starts its narration (or waits for a tap in manual mode); leaving stops it.
  useEffect(() => {
    setEndedPage(null);
    if (page && autoStart) start('page');
    return () => {
      ownedRef.current?.track.destroy();
      ownedRef.current = null;
      voiceRef.current = null;
      setVoice(null);
    };
  }, [page, autoStart, start]);

  const { state } = view;
  useEffect(() => {
    if (state === 'playing') readerMarks.narrationStarted();
    if (state === 'ended' && voice?.kind === 'page') setEndedPage(voice.page);
  }, [state, voice]);

  const playPage = useCallback(() => start('page'), [start]);
  const playSentence = useCallback(
    (index: number) => {
      const span = timelines?.page_sentences.find((s) => s.i === index);
      if (span) start('sentence', span);
    },
    [start, timelines],
  );
  const pause = useCallback(() => voiceRef.current?.track.pause(), []);
  const resume = useCallback(() => {
    if (voiceRef.current) voiceRef.current.track.resume();
    else start('page');
  }, [start]);
  const stop = useCallback(() => voiceRef.current?.track.stop(), []);

  return {
    kind: voice?.kind ?? 'idle',
    state,
    sentence: view.sentence,
    word: view.word,
    pageEnded,
    playPage,
    playSentence,
    pause,
    resume,
    stop,
  };
}
