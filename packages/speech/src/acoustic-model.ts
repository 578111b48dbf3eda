import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { englishModelDir } from './model-dir';

/**
 * Acoustic models the pronunciation scorer can use. Both are CMU Sphinx semi-continuous
 * (PTM) US English models with the same phone set and dictionary:
 *
 * - `bundled`: the model shipped inside the `soundswallower` npm package
 *   (cmusphinx-en-us-ptm-8khz-5.2: 8 kHz bandwidth features, 130–3700 Hz). Always available.
 * - `debian`: Debian's `pocketsphinx-en-us` package (the 16 kHz wideband model,
 *   130–6800 Hz), used when installed at {@link DEBIAN_MODEL_DIR}, with its own Gaussian
 *   means: the means MAP-adapted to the 16 development speakers ({@link ADAPTED_MEANS},
 *   decision 068) scored speakers they had not heard worse than the original ones (decision
 *   102). It scores children's reading measurably better than the bundled model (see
 *   calibration-params.ts), so `auto` prefers it.
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
  /** Gaussians per codebook mixed into a senone's score (SoundSwallower `topn`). */
  topn: number;
  /** Beam (and phone beam) of the free phone-loop pass; engine.ts's default when absent. */
  loopBeam?: number;
  /**
   * Beam, phone beam and word beam of the text's alignment (and of the choice between the
   * text and the book's other lines); align.ts's STRICT_PASS when absent.
   */
  alignBeam?: number;
}

/** Where Debian's `pocketsphinx-en-us` installs the 16 kHz model. */
export const DEBIAN_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us/en-us';

/** Feature parameters of the Debian model (its `feat.params`, as the JSON SoundSwallower reads). */
const DEBIAN_FEAT_PARAMS = fileURLToPath(
  new URL('../models/pocketsphinx-en-us-16k/feat_params.json', import.meta.url),
);

/**
 * The Debian model's Gaussian means MAP-adapted (sphinxtrain's `map_adapt`,
 * packages/speech/adapt/adapt.sh) to the well-read recordings of the 16 speechocean762
 * development speakers — 14 of them Mandarin-speaking children aged 6–7 (decision 068,
 * fifth round). Derived from speechocean762, CC BY 4.0 (credit in the folder's README).
 * No longer used by the scorer (decision 102: on 48 speakers the adaptation never heard, the
 * original means did better); kept for experiments (`--means`), and checked against the build.
 */
export const ADAPTED_MEANS = fileURLToPath(
  new URL('../models/pocketsphinx-en-us-16k/means.speechocean762-map', import.meta.url),
);

/**
 * SHA-256 of the Debian `means` file the adaptation started from (pocketsphinx-en-us
 * 0.8+5prealpha+1-15). The adapted means only fit the model they were adapted from (same
 * senones and codebooks), so another build of the package counts as not installed.
 */
export const DEBIAN_MEANS_SHA256 =
  '832019e32cac12eb318964f96f469034acb12d0348eeddc3831831a100cb4dd4';

/** The files of a Sphinx model folder that the engine reads. */
export const MODEL_FILES = [
  'mdef',
  'means',
  'variances',
  'sendump',
  'transition_matrices',
  'noisedict',
] as const;

const available = new Set<string>();
const warned = new Set<string>();

/**
 * True when Debian's 16 kHz model is installed, in the build {@link ADAPTED_MEANS} fits
 * (checked again until it is; another build is reported once on stderr, because the scorer
 * then falls back to the bundled model and scores worse).
 */
export function debianModelAvailable(dir = DEBIAN_MODEL_DIR): boolean {
  if (available.has(dir)) return true;
  if (!MODEL_FILES.every((file) => existsSync(path.join(dir, file)))) return false;
  let hash: string;
  try {
    hash = createHash('sha256')
      .update(readFileSync(path.join(dir, 'means')))
      .digest('hex');
  } catch {
    return false;
  }
  if (hash !== DEBIAN_MEANS_SHA256) {
    if (!warned.has(dir)) {
      warned.add(dir);
      console.warn(
        `speech: ${dir} holds another build of pocketsphinx-en-us than the adapted means were ` +
          'made for (packages/speech/models/pocketsphinx-en-us-16k/README.md); using the bundled model',
      );
    }
    return false;
  }
  available.add(dir);
  return true;
}

/**
 * Warp factors chosen on the development set (speaker-grouped cross-validation). For the Debian
 * model 1.3 was chosen with the adapted means (decision 068, eighth round) and kept with its
 * own means (decision 102: not chosen again, no CPU for one extraction per warp on 64 speakers).
 */
export const MODEL_WARP: Readonly<Record<AcousticModelName, number>> = {
  bundled: 1.2,
  debian: 1.3,
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
    return { name, config: { hmm: englishModelDir() }, warp: MODEL_WARP.bundled, topn: 4 };
  }
  if (!debianModelAvailable(debianDir)) {
    throw new Error(
      `The Debian pocketsphinx-en-us model is not installed (looked in ${debianDir}), or is ` +
        'another build than the one its adapted means were made for; install the ' +
        'pocketsphinx-en-us package or use the bundled model',
    );
  }
  return {
    name,
    config: {
      hmm: debianDir,
      featparams: DEBIAN_FEAT_PARAMS,
      fdict: path.join(debianDir, 'noisedict'),
      // The model's own means, not ADAPTED_MEANS (decision 102).
      // Same phone set; the bundled CMUdict (no stress marks) is the dictionary in both cases.
      dict: path.join(englishModelDir(), 'dict.txt'),
    },
    warp: MODEL_WARP.debian,
    // Two Gaussians per codebook instead of four and a narrower phone-loop beam: −25 % CPU
    // per recording, cross-validated PCCs within 0.01 (decision 068, fifth round). The loop's
    // word beam (1e-15) is then wider than its beam, so the beam alone prunes.
    topn: 2,
    loopBeam: 1e-10,
    // A child's voice scores far below the adult model's best senone, and with the strict
    // pass's beam (1e-48) the path that reads every word was pruned on some good readings
    // ("BILLY LOVES AMERICA", humans 7/10: LOVES skipped, AMERICA squeezed into 0.5 s, 1.6 s
    // of speech left to silence, judged another sentence). A wider beam keeps it; the CPU
    // per recording stays within the noise (decision 068, seventh round).
    alignBeam: 1e-80,
  };
}
