import { type SpeechPrefetchDecision, speechPrefetchDecision } from '@picbook/domain';
import type { DeviceSpeechModel } from '@picbook/speech/browser';
import { hasNativeBridge } from '../../shared/bridge/bridge';
import { nativeNetworkType } from '../../shared/bridge/native-actions';
import { OFFLINE_CACHES, SPEECH_MODEL_PATH } from '../../shared/offline/cache-rules';
import { isOffline } from '../../shared/platform/network';
import { useSettings } from '../../shared/settings/user-settings';

/**
 * 「Wi‑Fi 下预先下载离线打分」 (issue 37, decision 110): with the family's setting on, the app
 * fetches the device scorer's files in the background on Wi‑Fi (or a cable) — never on a mobile
 * network nor when the connection asks to save data — so that a child's first recording without
 * the network already scores. Loaded lazily by the app once the first load has gone idle
 * (app/RootLayout), never with the first load's code.
 */

interface Connection extends EventTarget {
  type?: string;
  saveData?: boolean;
}

const connection = (): Connection | undefined =>
  (globalThis.navigator as { connection?: Connection } | undefined)?.connection;

/** The rule (packages/domain) on what this page knows now: setting, network, shell. */
export async function currentPrefetchDecision(): Promise<SpeechPrefetchDecision> {
  const net = connection();
  const inShell = hasNativeBridge();
  return speechPrefetchDecision({
    allowed: useSettings.getState().values.speech_prefetch_wifi === 1,
    online: !isOffline(),
    connectionType: net?.type,
    saveData: net?.saveData,
    inShell,
    shellNetwork: inShell ? await nativeNetworkType().catch(() => null) : null,
  });
}

/** Whether the service worker keeps every model file `model.json` names (the last prefetch's). */
async function modelFilesKept(): Promise<string | null> {
  if (typeof caches === 'undefined') return null;
  const answer = await fetch(SPEECH_MODEL_PATH).catch(() => null);
  if (!answer?.ok) return null;
  const model = (await answer.json()) as DeviceSpeechModel;
  const cache = await caches.open(OFFLINE_CACHES.speech);
  for (const url of Object.values(model.files)) {
    if (!(await cache.match(new URL(url, location.href).href))) return null;
  }
  return model.version;
}

let running: Promise<string | null> | null = null;
let waitingForWifi = false;

/**
 * Fetches the scorer's files when the rule says so; answers the model's version when they are
 * kept (now or before), else null. When the network is not Wi‑Fi yet, it tries again when the
 * connection changes (once per page). `<html data-speech-prefetched="<version>">` says it is done.
 */
export function prefetchSpeechOnWifi(): Promise<string | null> {
  running ??= (async () => {
    const decision = await currentPrefetchDecision();
    if (decision !== 'prefetch') {
      const net = connection();
      if (net && !waitingForWifi && (decision === 'not-wifi' || decision === 'unknown-network')) {
        waitingForWifi = true;
        net.addEventListener(
          'change',
          () => {
            waitingForWifi = false;
            void prefetchSpeechOnWifi();
          },
          { once: true },
        );
      }
      return null;
    }
    const kept = await modelFilesKept().catch(() => null);
    const version =
      kept ?? (await import('./device-scoring').then((m) => m.prefetchDeviceScoring())).version;
    document.documentElement.dataset.speechPrefetched = version;
    return version;
  })()
    .catch(() => null)
    .finally(() => {
      running = null;
    });
  return running;
}
