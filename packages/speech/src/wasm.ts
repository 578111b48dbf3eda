import createModule, { type Decoder, type SoundSwallowerModule } from 'soundswallower';
import { speechPlatform } from '#speech-platform';
import type { Phones, PronunciationSource } from './dictionary';

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
    const overrides: Partial<SoundSwallowerModule> = {
      ...speechPlatform.moduleOverrides(),
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

/**
 * Switches a decoder's "compute all senones" flag between passes.
 *
 * Scoring needs every senone of the model evaluated in every frame only where the decoder
 * reports scores: the state-level alignment (`get_alignment`), whose per-state scores are
 * relative to the best Gaussian of all codebooks (the GOP competitor, engine.ts). The
 * search before it (`process_audio`) only compares paths with each other, and the frame's
 * normaliser is the same constant for all of them, so evaluating only the senones the
 * search has active yields the same path at a fraction of the cost for a reading grammar,
 * whose few active phones touch few codebooks. (Same analyses byte for byte on development
 * recordings, decision 082; only where the audio is far from the text can the path move,
 * because Gaussian scores are floored relative to the best *active* codebook.)
 *
 * SoundSwallower 0.6 reads the flag from `acmod->compallsen` on every frame but has no
 * setter, so this writes the byte. Its place in `acmod_t` (after the `state` byte) is
 * checked against the decoder's own state before every write; when it does not look as
 * expected (another SoundSwallower build), the switch turns itself off for good and every
 * pass evaluates all senones, as before.
 */
export interface SenoneSwitch {
  /** Search passes: only the senones the search has active. */
  searchOnly(): void;
  /** Alignment (reported scores): every senone. */
  all(): void;
  /** False once the layout check failed. */
  readonly active: boolean;
}

/** Byte offsets in SoundSwallower 0.6.3's `acmod_t` (wasm32): utterance state, compallsen. */
const ACMOD_STATE_OFFSET = 72;
const ACMOD_COMPALLSEN_OFFSET = 73;
/** `acmod_state_t`: idle, started (after `start()`), processing, ended. */
const ACMOD_IDLE = 0;
const ACMOD_STARTED = 1;
const ACMOD_PROCESSING = 2;
const ACMOD_ENDED = 3;

export function senoneSwitch(module: SoundSwallowerModule, decoder: Decoder): SenoneSwitch {
  const acmod = (decoder as unknown as { cacmod?: unknown }).cacmod;
  let active = typeof acmod === 'number' && acmod > 0;
  const at = (offset: number): number => (acmod as number) + offset;
  const byte = (offset: number): number | undefined => module.HEAPU8[at(offset)];
  // Created with compallsen on and not in an utterance: the flag must read 1, the state 0.
  if (active && (byte(ACMOD_COMPALLSEN_OFFSET) !== 1 || byte(ACMOD_STATE_OFFSET) !== ACMOD_IDLE)) {
    active = false;
  }
  /** Writes the flag when the bytes look like `acmod_t` in the expected state. */
  const write = (value: 0 | 1, states: readonly number[]): void => {
    if (!active) return;
    const flag = byte(ACMOD_COMPALLSEN_OFFSET);
    if (!states.includes(byte(ACMOD_STATE_OFFSET) ?? -1) || (flag !== 0 && flag !== 1)) {
      active = false;
      return;
    }
    module.HEAPU8[at(ACMOD_COMPALLSEN_OFFSET)] = value;
  };
  return {
    // Right after start(): the utterance has begun, no frame was searched yet.
    searchOnly: () => write(0, [ACMOD_STARTED]),
    // Restores the value the decoder was created with, whatever state a failed pass left.
    all: () => write(1, [ACMOD_IDLE, ACMOD_STARTED, ACMOD_PROCESSING, ACMOD_ENDED]),
    get active() {
      return active;
    },
  };
}
