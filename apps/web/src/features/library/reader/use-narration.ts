import { activeSentenceAt, activeWordAt, type PageTimelines } from '@picbook/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getAudioEngine, type Track, type TrackState, useTrackState } from '../../../shared/audio';
import { readerMarks } from './reader-marks';

export interface NarrationPage {
  audio: string;
  timelines: PageTimelines;
}

export interface Narration {
  /** What the voice is doing: the whole page, one sentence again, or nothing yet. */
  kind: 'page' | 'sentence' | 'idle';
  state: TrackState | 'idle';
  /** Seconds in the page audio. */
  time: number;
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

/**
 * The page narration of the reader: plays the page audio (or one sentence of it again) on the
 * voice channel and says which sentence and word are being read, from the page timelines.
 * Progress arrives every 100 ms from the audio engine; hidden pages pause (engine rule).
 */
export function useNarration(page: NarrationPage | null, autoStart: boolean): Narration {
  const [voice, setVoice] = useState<{ track: Track; kind: 'page' | 'sentence' } | null>(null);
  const [pageEnded, setPageEnded] = useState(false);
  const snapshot = useTrackState(voice?.track ?? null);
  const voiceRef = useRef(voice);
  voiceRef.current = voice;

  const start = useCallback(
    (kind: 'page' | 'sentence', from?: { start: number; end: number }) => {
      if (!page) return;
      voiceRef.current?.track.destroy();
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
      if (kind === 'page') setPageEnded(false);
      setVoice({ track, kind });
    },
    [page],
  );

  // A new page starts its narration (or waits for a tap in manual mode); leaving stops it.
  useEffect(() => {
    setPageEnded(false);
    if (page && autoStart) start('page');
    return () => {
      voiceRef.current?.track.destroy();
      voiceRef.current = null;
      setVoice(null);
    };
  }, [page, autoStart, start]);

  const state = snapshot?.state ?? 'idle';
  useEffect(() => {
    if (state === 'playing') readerMarks.narrationStarted();
    if (state === 'ended' && voice?.kind === 'page') setPageEnded(true);
  }, [state, voice]);

  const timelines = page?.timelines;
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

  const time = snapshot?.currentTime ?? 0;
  const sounding = state === 'playing' || state === 'pause' || state === 'pending';
  return {
    kind: voice?.kind ?? 'idle',
    state,
    time,
    sentence: sounding && timelines ? activeSentenceAt(timelines.page_sentences, time) : -1,
    word: sounding && timelines ? activeWordAt(timelines.page_words, time) : -1,
    pageEnded,
    playPage,
    playSentence,
    pause,
    resume,
    stop,
  };
}
