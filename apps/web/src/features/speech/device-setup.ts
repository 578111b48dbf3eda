import { type TSpeechResult, ZSpeechResult } from '@picbook/contracts';
import { callNative, hasNativeBridge } from '../../shared/bridge/bridge';
import { isOffline } from '../../shared/platform/network';
import { storage } from '../../shared/platform/storage';
import {
  DEVICE_CHANNEL,
  type DeviceScore,
  registerDeviceScorer,
} from '../../shared/recorder/device-channel';
import { floatToInt16 } from '../../shared/recorder/resample';
import { useStartup } from '../../shared/startup/startup-store';
import { startRecordingQueue } from './recording-queue';

/**
 * Scoring on the device for the recording screens (issue 37, decision 110): the recorder
 * (shared/) is handed the device's scorer when a recording screen loads this feature. The app
 * shell's own engine answers first when the shell has one (the bridge action
 * {@link NATIVE_SPEECH_ACTION}); the browser's engine (packages/speech in a Web Worker, its chunk
 * loaded on first use) is the fallback. The queue of recordings scored on the device starts here
 * too: filed now and whenever the network returns.
 */

/** The native bridge action of the app shells' offline engine (shell-and-account §7). */
export const NATIVE_SPEECH_ACTION = 'speechEvaluate';
/** A shell that does not answer within this time has no engine (older shells never reply). */
const NATIVE_TIMEOUT_MS = 15_000;

/** The shell's engine: its result in the API's shape, or null when it has none or failed. */
export async function scoreInShell(
  audio: Float32Array,
  text: string,
  call = callNative,
): Promise<TSpeechResult | null> {
  const pcm = floatToInt16(audio);
  let binary = '';
  const bytes = new Uint8Array(pcm.buffer);
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  const timeout = new Promise<null>((resolve) =>
    setTimeout(() => resolve(null), NATIVE_TIMEOUT_MS),
  );
  const reply = await Promise.race([
    call(NATIVE_SPEECH_ACTION, { ref_text: text, sample_rate: 16000, pcm_base64: btoa(binary) }),
    timeout,
  ]);
  if (reply?.code !== 0) return null;
  const parsed = ZSpeechResult.safeParse(reply.data?.result ?? reply.data);
  if (!parsed.success) return null;
  return { ...parsed.data, channels: [{ name: DEVICE_CHANNEL, score: parsed.data.score }] };
}

/** The browser's engine: the device-speech chunk (decision 107), loaded on first use. */
const scoreInBrowser: DeviceScore = async (audio, text, options) => {
  const { scoreOnDevice } = await import('./device-scoring');
  return scoreOnDevice(audio, text, options);
};

export const scoreOnThisDevice: DeviceScore = async (audio, text, options) => {
  if (hasNativeBridge()) {
    const native = await scoreInShell(audio.slice(), text).catch(() => null);
    if (native) return native;
  }
  return scoreInBrowser(audio, text, options);
};

/** Set once the child has used speaking on this device (the scorer is loaded from then on). */
const SPEAKING_USED_KEY = 'picbook_speaking_used';
/** The browser's scorer has its model (it scores without the network now). */
let browserReady = false;

/**
 * The child taps the microphone: from now on a recording screen loads the device's scorer when
 * it opens (issue 37: kept once a child has used speaking), and it starts loading now.
 */
export function noteSpeakingUsed(): void {
  if (storage.get(SPEAKING_USED_KEY) !== '1') storage.set(SPEAKING_USED_KEY, '1');
  warmDeviceScoring();
}

/** A recording screen opens: the scorer loads when the child has used speaking before. */
export function warmIfSpeakingUsed(): void {
  if (storage.get(SPEAKING_USED_KEY) === '1') warmDeviceScoring();
}

let warming = false;

/**
 * Loads the browser's scorer and its model while the network is there, so that it scores when
 * the network goes; not on a connection that saves data. Offline (a page loaded without the
 * network) it loads from what the service worker kept, and fails quietly when nothing was kept.
 * Once per page.
 */
export function warmDeviceScoring(): void {
  const connection = (globalThis.navigator as { connection?: { saveData?: boolean } } | undefined)
    ?.connection;
  if (import.meta.env.MODE === 'test' || typeof Worker === 'undefined') return;
  if ((!isOffline() && connection?.saveData) || warming || browserReady) return;
  warming = true;
  void import('./device-scoring')
    .then((m) => m.prepareDeviceScoring())
    .then(({ version }) => {
      browserReady = true;
      // The page says the device can score offline now (the e2e journeys wait for it).
      document.documentElement.dataset.deviceSpeech = version;
    })
    .catch(() => undefined)
    .finally(() => {
      warming = false;
    });
}

let installed = false;

/**
 * Registers the device's scorer and starts the queue (once per page): when a recording screen
 * opens, and at the app's start while recordings wait to be filed (app/RootLayout).
 */
export function installDeviceScoring(): void {
  if (installed) return;
  installed = true;
  registerDeviceScorer(scoreOnThisDevice, () => hasNativeBridge() || browserReady);
  startRecordingQueue(
    () => useStartup.getState().user?.id,
    (changed) =>
      useStartup.subscribe((state, previous) => {
        if (state.user?.id !== previous.user?.id) changed();
      }),
  );
}
