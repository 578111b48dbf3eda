import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AcousticModelName, debianModelAvailable } from './acoustic-model';
import { loadAudio } from './audio';
import { createPronunciationEngine, type PronunciationEngine } from './engine';
import { loadModule, senoneSwitch } from './wasm';

const fixtureDir = fileURLToPath(new URL('../test-fixtures/', import.meta.url));
const models: AcousticModelName[] = debianModelAvailable() ? ['bundled', 'debian'] : ['bundled'];

describe.each(models)('search passes on the active senones only (%s model)', (model) => {
  let fast: PronunciationEngine;
  let full: PronunciationEngine;
  beforeAll(async () => {
    [fast, full] = await Promise.all([
      createPronunciationEngine({ model }),
      createPronunciationEngine({ model, searchAllSenones: true }),
    ]);
  });
  afterAll(() => {
    fast.close();
    full.close();
  });

  it.each([
    ['score-kite.wav', 'I see a red kite.'],
    ['ducks.wav', 'Three little ducks swim to the pond.'],
  ])(
    'gives the same analysis of %s read as "%s" as a search over every senone',
    async (file, text) => {
      const audio = await loadAudio(`${fixtureDir}${file}`);
      const once = fast.analyse(audio, text);
      expect(once.aligned).toBe(true);
      expect(once.tokens.some((t) => t.evidence !== undefined)).toBe(true);
      expect(once).toEqual(full.analyse(audio, text));
      // And again after other recordings: the decoder's state does not leak between passes.
      expect(fast.analyse(audio, text)).toEqual(once);
    },
  );

  it('finds another sentence without evidence either way', async () => {
    // Far from the text the search may differ: its Gaussian scores are floored relative to
    // the best active codebook, not the best of all (decision 082). What the scores say of
    // it does not: no word read has evidence that it is there.
    const audio = await loadAudio(`${fixtureDir}score-kite.wav`);
    for (const engine of [fast, full]) {
      const analysis = engine.analyse(audio, 'The cat is on the mat.');
      const read = analysis.tokens.filter((t) => !t.missed);
      expect(read.length).toBeLessThan(analysis.tokens.length);
      for (const token of read) expect(token.evidence ?? 0).toBeLessThan(-2);
    }
  });
});

describe('senoneSwitch', () => {
  it('recognises the decoder layout it writes to, and refuses a decoder made without compallsen', async () => {
    const module = await loadModule();
    const make = async (compallsen: boolean) => {
      const decoder = new module.Decoder({ loglevel: 'ERROR', compallsen });
      await decoder.initialize();
      return decoder;
    };
    const [on, off] = await Promise.all([make(true), make(false)]);
    try {
      expect(senoneSwitch(module, on).active).toBe(true);
      expect(senoneSwitch(module, off).active).toBe(false);
      // searchOnly outside an utterance (state idle, not started): the check turns it off.
      const sw = senoneSwitch(module, on);
      sw.searchOnly();
      expect(sw.active).toBe(false);
    } finally {
      on.delete();
      off.delete();
    }
  });
});
