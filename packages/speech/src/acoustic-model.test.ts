import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ADAPTED_MEANS,
  DEBIAN_MODEL_DIR,
  debianModelAvailable,
  MODEL_FILES,
  resolveAcousticModel,
} from './acoustic-model';

const installed = debianModelAvailable();

/** A model folder with every file present; `means` holds the given bytes. */
function fakeModel(means: Buffer | string, skip?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'picbook-model-'));
  for (const f of MODEL_FILES)
    if (f !== skip) writeFileSync(path.join(dir, f), f === 'means' ? means : 'x');
  return dir;
}

describe('debianModelAvailable: the Debian build the adapted means were made from', () => {
  it.each([
    ['a file is missing', () => fakeModel('x', 'sendump')],
    ['another means file (another build of the package)', () => fakeModel('other means')],
    ['the adapted means in place of the original', () => fakeModel(readFileSync(ADAPTED_MEANS))],
  ])('%s: not available, auto falls back to the bundled model', (_, make) => {
    const dir = make();
    expect(debianModelAvailable(dir)).toBe(false);
    expect(resolveAcousticModel('auto', dir).name).toBe('bundled');
    expect(() => resolveAcousticModel('debian', dir)).toThrow(/another build/);
  });

  it('the bundled model keeps its own settings (its calibration was fitted with them)', () => {
    const model = resolveAcousticModel('bundled');
    expect(model).toMatchObject({ name: 'bundled', warp: 1.2, topn: 4 });
    expect(model.loopBeam).toBeUndefined();
    expect(model.config.mean).toBeUndefined();
  });

  it.skipIf(!installed)(
    'the installed package: available, with its own means (decision 102)',
    () => {
      const model = resolveAcousticModel('auto');
      expect(model.name).toBe('debian');
      expect(model.config.hmm).toBe(DEBIAN_MODEL_DIR);
      expect(model.config.mean).toBeUndefined();
    },
  );

  it('the adapted means have the size of the model they replace (same senones, codebooks)', () => {
    const size = readFileSync(ADAPTED_MEANS).length;
    expect(size).toBe(838732);
    if (!installed)
      console.log('Debian pocketsphinx-en-us not installed: size checked against 838,732 bytes');
  });
});
