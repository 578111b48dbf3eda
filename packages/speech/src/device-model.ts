import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AcousticModel } from './acoustic-model';
import {
  DEVICE_MODEL_FILES,
  type DeviceModelFile,
  type DeviceSpeechModel,
} from './browser/platform';
import { trimDictionary } from './device-dictionary';

/**
 * The files a device needs to score with the server's model (decision 107), read where the
 * server's own scorer reads them: the same paths SoundSwallower expands from the model folder
 * (`hmm`) unless the model's configuration names another file (adapted means when a model uses
 * them, the Debian model's feature parameters and the CMUdict dictionary).
 */
export function deviceModelSources(model: AcousticModel): Record<DeviceModelFile, string> {
  const hmm = String(model.config.hmm);
  const named = (key: string, file: string): string => {
    const value = model.config[key];
    return typeof value === 'string' ? value : path.join(hmm, file);
  };
  return {
    mdef: named('mdef', 'mdef'),
    mean: named('mean', 'means'),
    var: named('var', 'variances'),
    tmat: named('tmat', 'transition_matrices'),
    sendump: named('sendump', 'sendump'),
    featparams: named('featparams', 'feat_params.json'),
    fdict: named('fdict', 'noisedict.txt'),
    dict: named('dict', 'dict.txt'),
  };
}

export interface DeviceModelFileBody {
  key: DeviceModelFile;
  /** File name under the versioned path: `<key>.<first 16 hex of its SHA-256>`. */
  name: string;
  body: Buffer;
}

/**
 * The notices the files travel with (BSD 2-clause asks for them with every binary copy; CC BY for
 * the adapted means): packages/speech/models/pocketsphinx-en-us-16k/README.md.
 */
const MODEL_CREDITS =
  'CMU Sphinx US English acoustic model, © 1995–2014 Carnegie Mellon University, 2014–2015 ' +
  'Alpha Cephei Inc., BSD 2-clause licence; CMUdict, © 1993–2015 Carnegie Mellon University, ' +
  'BSD 2-clause licence.';
const ADAPTED_CREDITS =
  ' Gaussian means adapted on speechocean762 (Zhang et al., Interspeech 2021), CC BY 4.0.';

const sha256 = (body: Buffer | string): string => createHash('sha256').update(body).digest('hex');

/**
 * The device model for `model` with the dictionary trimmed to `words` (device-dictionary.ts):
 * its description (URLs under `prefix`) and the bodies of its files.
 */
export function buildDeviceModel(
  model: AcousticModel,
  words: ReadonlySet<string>,
  prefix: string,
): { model: DeviceSpeechModel; files: DeviceModelFileBody[] } {
  const sources = deviceModelSources(model);
  const files = DEVICE_MODEL_FILES.map((key): DeviceModelFileBody => {
    const raw = readFileSync(sources[key]);
    const body = key === 'dict' ? Buffer.from(trimDictionary(raw.toString('utf8'), words)) : raw;
    return { key, name: `${key}.${sha256(body).slice(0, 16)}`, body };
  });
  const settings = {
    name: model.name,
    warp: model.warp,
    topn: model.topn,
    ...(model.loopBeam === undefined ? {} : { loopBeam: model.loopBeam }),
    ...(model.alignBeam === undefined ? {} : { alignBeam: model.alignBeam }),
  };
  const urls = Object.fromEntries(files.map((f) => [f.key, `${prefix}${f.name}`])) as Record<
    DeviceModelFile,
    string
  >;
  const version = sha256(JSON.stringify({ settings, urls })).slice(0, 16);
  const credits = MODEL_CREDITS + (model.config.mean === undefined ? '' : ADAPTED_CREDITS);
  return { model: { version, ...settings, files: urls, credits }, files };
}
