import { track } from '../analytics/pingback';
import { hasNativeBridge } from '../bridge/bridge';
import { i18n } from '../i18n';
import { appEnv } from '../platform/env';
import { isOffline } from '../platform/network';
import { toast } from '../toast/toast-store';
import { type AudioEngine, createAudioEngine } from './audio-engine';
import { audioMessage } from './audio-messages';
import { type AudioErrorInfo, browserAudioEnvironment } from './environment';

/**
 * Spec §8: 'audio playback failed' / 'audio missing' as error toasts; a file that fails to load or
 * decode is also reported (`audio_error`, warn). Background music reports without a toast.
 * Without a network the network is named as the cause (没有检测到网络), not the audio.
 */
export function reportAudioError(error: AudioErrorInfo): void {
  if (error.notify && error.kind === 'failed' && isOffline()) {
    toast.warning(i18n.t('screens.offlineStill'));
    return;
  }
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
  engine ??= createAudioEngine(
    browserAudioEnvironment(reportAudioError, () => appEnv().isApp || hasNativeBridge()),
  );
  return engine;
}
