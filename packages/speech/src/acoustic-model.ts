import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { englishModelDir } from './model';

/**
 * Acoustic models the pronunciation scorer can use. Both are CMU Sphinx semi-continuous
 * (PTM) US English models with the same phone set and dictionary:
 *
 * - `bundled`: the model shipped inside the `soundswallower` npm package
 *   (cmusphinx-en-us-ptm-8khz-5.2: 8 kHz bandwidth features, 130–3700 Hz). Always available.
 * - `debian`: Debian's `pocketsphinx-en-us` package (the 16 kHz wideband model,
 *   130–6800 Hz), used when installed at {@link DEBIAN_MODEL_DIR}. It scores children's
 *   reading measurably better (see calibration-params.ts), so `auto` prefers it.
 */
export type AcousticModelName = 'bundled' | 'debian';

export interface AcousticModel {
  name: AcousticModelName;
  /** Decoder configuration (paths and feature parameters). */
  config: Record<string, string | number | boolean>;
  /**
   * Vocal-tract-length warp (inverse linear, SoundSwallower's `warp_params`): filter-bank
   * frequencies are multiplied by this, so >1 maps the higher formants of children onto
   * the adult models. Chosen on the development set (see calibration-params.ts).
   */
  warp: number;
}

/** Where Debian's `pocketsphinx-en-us` installs the 16 kHz model. */
export const DEBIAN_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us/en-us';

/** Feature parameters of the Debian model (its `feat.params`, as the JSON SoundSwallower reads). */
const DEBIAN_FEAT_PARAMS = fileURLToPath(
  new URL('../models/pocketsphinx-en-us-16k/feat_params.json', import.meta.url),
);

/** True when Debian's 16 kHz model is installed. */
export function debianModelAvailable(dir = DEBIAN_MODEL_DIR): boolean {
  return ['mdef', 'means', 'variances', 'sendump', 'transition_matrices', 'noisedict'].every(
    (file) => existsSync(path.join(dir, file)),
  );
}

/** Warp factors chosen on the development set (speaker-grouped cross-validation). */
export const MODEL_WARP: Readonly<Record<AcousticModelName, number>> = {
  bundled: 1.2,
  debian: 1.2,
};

/**
 * Resolves a model choice: `auto` is the Debian model when installed, else the bundled one.
 * @throws Error when `debian` is requested but not installed.
 */
export function resolveAcousticModel(
  choice: AcousticModelName | 'auto' = 'auto',
  debianDir = DEBIAN_MODEL_DIR,
): AcousticModel {
  const name: AcousticModelName =
    choice === 'auto' ? (debianModelAvailable(debianDir) ? 'debian' : 'bundled') : choice;
  if (name === 'bundled') {
    return { name, config: { hmm: englishModelDir() }, warp: MODEL_WARP.bundled };
  }
  if (!debianModelAvailable(debianDir)) {
    throw new Error(
      `The Debian pocketsphinx-en-us model is not installed (looked in ${debianDir}); ` +
        'install the pocketsphinx-en-us package or use the bundled model',
    );
  }
  return {
    name,
    config: {
      hmm: debianDir,
      featparams: DEBIAN_FEAT_PARAMS,
      fdict: path.join(debianDir, 'noisedict'),
      // Same phone set; the bundled CMUdict (no stress marks) is the dictionary in both cases.
      dict: path.join(englishModelDir(), 'dict.txt'),
    },
    warp: MODEL_WARP.debian,
  };
}
