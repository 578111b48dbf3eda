import type { SoundSwallowerModule } from 'soundswallower';
import type { AcousticModel, AcousticModelName } from './acoustic-model';

/**
 * What differs between the scorer on a server and on a device (decision 107): where the
 * SoundSwallower module and the model files come from. Everything else (features, alignment,
 * calibration, verdicts) is the same code. `#speech-platform` (package.json `imports`) is
 * platform-node.ts in Node and browser/platform.ts under a bundler's `browser` condition.
 */
export interface SpeechPlatform {
  /** Options for SoundSwallower's module factory (where its files are). */
  moduleOverrides(): Partial<SoundSwallowerModule> & Record<string, unknown>;
  /**
   * The acoustic model for a choice: decoder configuration with file paths (Node) or URLs
   * (browser), warp, beams.
   * @throws Error when the choice is not available here.
   */
  resolveModel(choice: AcousticModelName | 'auto'): AcousticModel;
}
