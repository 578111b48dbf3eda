import createModule, { type Decoder, type SoundSwallowerModule } from 'soundswallower';
import type { Phones, PronunciationSource } from './dictionary';
import { modelBaseDir } from './model';

/**
 * The SoundSwallower WebAssembly module, shared by the aligner (align.ts) and the
 * pronunciation engine (engine.ts): one instance per process (each instance registers
 * process listeners and holds its own heap); decoders are created from it.
 */

/** Log lines printed by the decoder (ring buffer; callers clear it before a pass and read it after). */
export const decoderLog: string[] = [];
const DECODER_LOG_LIMIT = 200;
const logLine = (line: string): void => {
  decoderLog.push(line);
  if (decoderLog.length > DECODER_LOG_LIMIT)
    decoderLog.splice(0, decoderLog.length - DECODER_LOG_LIMIT);
};

/** The last ERROR line the decoder printed since the log was cleared, without its prefix. */
export const lastDecoderError = (): string | undefined =>
  decoderLog
    .filter((l) => l.includes('ERROR'))
    .at(-1)
    ?.replace(/^ERROR: /, '');

let modulePromise: Promise<SoundSwallowerModule> | undefined;

export function loadModule(): Promise<SoundSwallowerModule> {
  if (!modulePromise) {
    const overrides: Partial<SoundSwallowerModule> & { modelBase: string } = {
      modelBase: `${modelBaseDir()}/`,
      print: logLine,
      printErr: logLine,
    };
    modulePromise = createModule(overrides);
    modulePromise.catch(() => {
      modulePromise = undefined;
    });
  }
  return modulePromise;
}

/** The decoder's dictionary as a {@link PronunciationSource} (with alternates). */
export function decoderSource(decoder: Decoder): PronunciationSource {
  return {
    lookup(word: string): Phones[] | undefined {
      if (/\s/.test(word) || word === '') return undefined;
      const prons: Phones[] = [];
      for (let alt = 1; alt < 20; alt++) {
        const pron = decoder.lookup_word(alt === 1 ? word : `${word}(${alt})`);
        if (!pron) break;
        prons.push(pron.split(' '));
      }
      return prons.length > 0 ? prons : undefined;
    },
  };
}
