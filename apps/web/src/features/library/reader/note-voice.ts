import type { TBookPage, TReadMode } from '@picbook/contracts';
import { useCallback, useEffect } from 'react';
import { useTrack } from '../../../shared/audio';
import { useChineseVoice } from '../../../shared/audio/chinese-voice';

/**
 * What says a page's teacher's note (note_cn) aloud (decision 099): its MP3 — the build's reading
 * in the owl's voice, or the operator's recording — and only where there is none (a book built
 * without the voice) the device's own Mandarin voice. Never the page's English: the note's button
 * says the note. 精讲 speaks it; 中文辅助读 speaks it while the Chinese is shown; 读绘本 never.
 */
export type NoteVoice = { kind: 'file'; url: string } | { kind: 'device'; text: string } | null;

export function noteVoiceOf(
  page: Pick<TBookPage, 'note_cn' | 'note_audio'> | null | undefined,
  mode: TReadMode,
  showChinese: boolean,
  deviceCanSpeak: boolean,
): NoteVoice {
  if (!page?.note_cn) return null;
  if (mode === 'read' || (mode === 'cn_read' && !showChinese)) return null;
  if (page.note_audio) return { kind: 'file', url: page.note_audio };
  return deviceCanSpeak ? { kind: 'device', text: page.note_cn } : null;
}

export interface NotePlayer {
  /** The note can be said on this page and mode. */
  available: boolean;
  speaking: boolean;
  speak(): void;
  stop(): void;
}

/** The reader's note voice for the page shown: its file on the voice channel, or the device's. */
export function useNoteVoice(
  page: Pick<TBookPage, 'note_cn' | 'note_audio'> | null | undefined,
  mode: TReadMode,
  showChinese: boolean,
): NotePlayer {
  const device = useChineseVoice();
  const voice = noteVoiceOf(page, mode, showChinese, device.available);
  const url = voice?.kind === 'file' ? voice.url : null;
  const file = useTrack({ url, channel: 'voice' });
  const fileSpeaking = url !== null && file.state.state === 'playing';
  const text = voice?.kind === 'device' ? voice.text : null;
  const { speak: deviceSpeak, stop: deviceStop } = device;
  const track = file.track;
  const speak = useCallback(() => {
    if (url) track.play();
    else if (text) deviceSpeak(text);
  }, [url, text, track, deviceSpeak]);
  const stop = useCallback(() => {
    track.stop();
    deviceStop();
  }, [track, deviceStop]);
  // Another page (or mode) silences the note being said.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new note only
  useEffect(() => stop, [url, text]);
  return {
    available: voice !== null,
    speaking: fileSpeaking || (text !== null && device.speaking),
    speak,
    stop,
  };
}
