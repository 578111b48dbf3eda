import {
  type BookPageText,
  competitorsIn,
  createScorer,
  type DeviceSpeechModel,
  indexBookLines,
  type LineIndex,
  type ScoreOptions,
  type Scorer,
  setDeviceModel,
} from '@picbook/speech/browser';
import type { DeviceReply, DeviceRequest } from './device-protocol';

/**
 * The device's scoring worker (decision 107): the server's scorer (@picbook/speech, the same
 * alignment, features, calibration and verdicts) with SoundSwallower's web build. It asks the
 * server which model it scores with (`/speech/model.json`; the service worker answers offline),
 * loads that model's files by URL once, then scores one recording at a time. A text's
 * competitors (the other lines of its books) are found in the books' lines the server serves with
 * the model, as the server finds them (decision 110), unless the screen gives its own.
 */
const scope = self as unknown as {
  postMessage(message: DeviceReply): void;
  onmessage: ((event: MessageEvent<DeviceRequest>) => void) | null;
  location: Location;
};

const MODEL_URL = '/speech/model.json';

/** The books' lines by text (empty until loaded, or when the server serves none). */
let lineIndex: LineIndex = new Map();

async function loadLines(url: string | undefined): Promise<void> {
  if (!url) return;
  const response = await fetch(new URL(url, scope.location.href));
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  lineIndex = indexBookLines((await response.json()) as BookPageText[]);
}

async function load(): Promise<Scorer> {
  const response = await fetch(MODEL_URL);
  if (!response.ok) throw new Error(`${MODEL_URL}: ${response.status}`);
  const model = (await response.json()) as DeviceSpeechModel;
  setDeviceModel(model, { base: scope.location.href });
  const [scorer] = await Promise.all([createScorer(), loadLines(model.lines)]);
  scope.postMessage({ type: 'ready', model: scorer.model, version: model.version });
  return scorer;
}

/** The screen's options, else the text's competitors among the books' lines (as the server). */
function optionsFor(text: string, given: ScoreOptions | undefined): ScoreOptions | undefined {
  if (given?.competitors) return given;
  const competitors = competitorsIn(lineIndex, text);
  return competitors.length > 0 ? { ...given, competitors } : given;
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
      const result = loaded.score(
        request.audio,
        request.text,
        optionsFor(request.text, request.options),
      );
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
