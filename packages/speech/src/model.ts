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
