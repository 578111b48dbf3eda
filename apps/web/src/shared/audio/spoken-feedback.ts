import type { SpokenFeedbackKey } from '@picbook/contracts';
import { useEffect } from 'react';
import type { Track } from './audio-types';
import { getAudioEngine } from './default-engine';
import { SPOKEN_FEEDBACK_AUDIO } from './spoken-feedback.audio';

/**
 * Feedback a child must act on, said aloud in Mandarin by the owl's voice (decision 099): the
 * build-time recording of each message (content/media/voice/feedback/), on the voice channel (one
 * voice at a time, music ducked under it, paused while the app is hidden — the audio manager's
 * rules, as the part instructions follow them).
 */
export function spokenFeedbackUrl(key: SpokenFeedbackKey): string {
  return SPOKEN_FEEDBACK_AUDIO[key];
}

/** Which message a recording's verdict shows (null for a scored reading). */
export function verdictFeedbackKey(verdict: string): SpokenFeedbackKey | null {
  switch (verdict) {
    case 'no_voice':
      return 'verdict_no_voice';
    case 'noise':
      return 'verdict_noise';
    case 'too_short':
      return 'verdict_too_short';
    case 'different_text':
      return 'verdict_different_text';
    default:
      return null;
  }
}

/**
 * Says the message; `then` (a model sentence to hear again, say) follows it after a short pause.
 * Answers the track (stop it when the screen goes).
 */
export function sayFeedback(key: SpokenFeedbackKey, then?: string | null): Track {
  const url = spokenFeedbackUrl(key);
  const track = getAudioEngine().createTrack({
    url: then ? [url, then] : url,
    interval: then ? 300 : undefined,
    channel: 'voice',
  });
  track.play();
  return track;
}

/**
 * Says `key` whenever it is set or `nonce` changes while it is set (each wrong try is said again);
 * stops it when the message goes or the screen closes.
 */
export function useSpokenFeedback(key: SpokenFeedbackKey | null, nonce: unknown = 0): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the nonce says it again
  useEffect(() => {
    if (!key) return;
    const track = sayFeedback(key);
    return () => track.destroy();
  }, [key, nonce]);
}
