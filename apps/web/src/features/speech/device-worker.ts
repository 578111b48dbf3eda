import {
  createScorer,
  type DeviceSpeechModel,
  type Scorer,
  setDeviceModel,
} from '@picbook/speech/browser';
import type { DeviceReply, DeviceRequest } from './device-protocol';

/**
 * The device's scoring worker (decision 107): the server's scorer (@picbook/speech, the same
 * alignment, features, calibration and verdicts) with SoundSwallower's web build. It asks the
 * server which model it scores with (`/speech/model.json`; the service worker answers offline),
 * loads that model's files by URL once, then scores one recording at a time.
 */
const scope = self as unknown as {
  postMessage(message: DeviceReply): void;
  onmessage: ((event: MessageEvent<DeviceRequest>) => void) | null;
  location: Location;
};

const MODEL_URL = '/speech/model.json';

async function load(): Promise<Scorer> {
  const response = await fetch(MODEL_URL);
  if (!response.ok) throw new Error(`${MODEL_URL}: ${response.status}`);
  const model = (await response.json()) as DeviceSpeechModel;
  setDeviceModel(model, { base: scope.location.href });
  const scorer = await createScorer();
  scope.postMessage({ type: 'ready', model: scorer.model, version: model.version });
  return scorer;
}

const scorer = load().catch((error: unknown) => {
  scope.postMessage({
    type: 'init-error',
    message: error instanceof Error ? error.message : String(error),
  });
  return undefined;
});

scope.onmessage = (event) => {
  const request = event.data;
  void scorer.then((loaded) => {
    const started = performance.now();
    try {
      if (!loaded) throw new Error('The speech model failed to load');
      const result = loaded.score(request.audio, request.text, request.options);
      scope.postMessage({
        type: 'result',
        id: request.id,
        result,
        processingMs: performance.now() - started,
      });
    } catch (error) {
      scope.postMessage({
        type: 'error',
        id: request.id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });
};
