import { createRequire } from 'node:module';
import path from 'node:path';

/** Sample rate (Hz) the aligner expects its audio in. */
export const ALIGN_SAMPLE_RATE = 16_000;

/**
 * The phone set of SoundSwallower's bundled `en-us` acoustic model (CMU ARPAbet without
 * stress digits; see `model/en-us/phoneset.json`, minus the SIL/noise fillers).
 */
export const MODEL_PHONE_LIST = [
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'B',
  'CH',
  'D',
  'DH',
  'EH',
  'ER',
  'EY',
  'F',
  'G',
  'HH',
  'IH',
  'IY',
  'JH',
  'K',
  'L',
  'M',
  'N',
  'NG',
  'OW',
  'OY',
  'P',
  'R',
  'S',
  'SH',
  'T',
  'TH',
  'UH',
  'UW',
  'V',
  'W',
  'Y',
  'Z',
  'ZH',
] as const;

export const MODEL_PHONES: ReadonlySet<string> = new Set(MODEL_PHONE_LIST);

/** Directory holding SoundSwallower's models (`…/node_modules/soundswallower/model`). */
export function modelBaseDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('soundswallower')), 'model');
}

/** Directory of the bundled US English model (acoustic model + `dict.txt`). */
export function englishModelDir(): string {
  return path.join(modelBaseDir(), 'en-us');
}
