import type { AcousticModel, AcousticModelName } from '../acoustic-model';
import type { SpeechPlatform } from '../platform';

/**
 * The scorer on a device (decision 107): SoundSwallower's web build, the model files fetched by
 * URL. The server says which model it scores with and where its files are (the device model,
 * `/speech/model.json`), so a device scores with the same model, warp and beams as the server.
 */

/** The decoder settings that name a file, as SoundSwallower reads them. */
export const DEVICE_MODEL_FILES = [
  'mdef',
  'mean',
  'var',
  'tmat',
  'sendump',
  'featparams',
  'fdict',
  'dict',
] as const;
export type DeviceModelFile = (typeof DEVICE_MODEL_FILES)[number];

/** The server's acoustic model as a device loads it (the body of `/speech/model.json`). */
export interface DeviceSpeechModel {
  /** Changes whenever any file or setting changes (hash of them all). */
  version: string;
  name: AcousticModelName;
  warp: number;
  topn: number;
  loopBeam?: number;
  alignBeam?: number;
  /** URL of each file (versioned by its content hash, cached for good). */
  files: Record<DeviceModelFile, string>;
  /** Copyright and licence notices the model's files are redistributed under. */
  credits: string;
}

let model: DeviceSpeechModel | undefined;
let wasmUrl: string | undefined;

/**
 * Sets the model (and optionally where SoundSwallower's .wasm is) before the first scorer is
 * created; relative URLs are resolved against `base` (the page's or worker's location).
 */
export function setDeviceModel(
  next: DeviceSpeechModel,
  options: { wasm?: string; base?: string } = {},
): void {
  const absolute = (url: string) => (options.base ? new URL(url, options.base).href : url);
  const files = Object.fromEntries(
    DEVICE_MODEL_FILES.map((key) => [key, absolute(next.files[key])]),
  ) as Record<DeviceModelFile, string>;
  model = { ...next, files };
  wasmUrl = options.wasm;
}

export const speechPlatform: SpeechPlatform = {
  moduleOverrides: () => (wasmUrl ? { locateFile: () => wasmUrl as string } : {}),
  resolveModel(choice: AcousticModelName | 'auto'): AcousticModel {
    if (!model) throw new Error('No device speech model: call setDeviceModel first');
    if (choice !== 'auto' && choice !== model.name) {
      throw new Error(`The device has the ${model.name} model, not ${choice}`);
    }
    const { files } = model;
    return {
      name: model.name,
      config: { ...files, hmm: new URL('.', files.mdef).href },
      warp: model.warp,
      topn: model.topn,
      ...(model.loopBeam === undefined ? {} : { loopBeam: model.loopBeam }),
      ...(model.alignBeam === undefined ? {} : { alignBeam: model.alignBeam }),
    };
  },
};
