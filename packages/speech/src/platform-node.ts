import { resolveAcousticModel } from './acoustic-model';
import { modelBaseDir } from './model-dir';
import type { SpeechPlatform } from './platform';

/** The scorer on a server: SoundSwallower's Node build, model files read from disk. */
export const speechPlatform: SpeechPlatform = {
  moduleOverrides: () => ({ modelBase: `${modelBaseDir()}/` }),
  resolveModel: (choice) => resolveAcousticModel(choice),
};
