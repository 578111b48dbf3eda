import { track } from '../analytics/pingback';
import { toast } from '../toast/toast-store';
import { type AudioEngine, createAudioEngine } from './audio-engine';
import { audioMessage } from './audio-messages';
import { type AudioErrorInfo, browserAudioEnvironment } from './environment';

/**
 * Spec §8: 'audio playback failed' / 'audio missing' as error toasts; a file that fails to load or
 * decode is also reported (`audio_error`, warn). Background music reports without a toast.
 */
export function reportAudioError(error: AudioErrorInfo): void {
  if (error.notify) toast.error(audioMessage(error.kind));
  if (error.kind === 'failed') {
    track(
      'audio_error',
      { url: error.url, channel: error.channel, reason: error.reason ?? '' },
      'warn',
    );
  }
}

let engine: AudioEngine | null = null;

/** The app's engine on the real browser APIs (created once; installs the unlock listener). */
export function getAudioEngine(): AudioEngine {
  engine ??= createAudioEngine(browserAudioEnvironment(reportAudioError));
  return engine;
}
