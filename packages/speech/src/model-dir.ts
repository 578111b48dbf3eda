import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PronouncingDictionary } from './dictionary';

/**
 * Where the model files are on a server (Node only: the browser's scorer fetches them by URL,
 * browser/platform.ts).
 */

/** Directory holding SoundSwallower's models (`…/node_modules/soundswallower/model`). */
export function modelBaseDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('soundswallower')), 'model');
}

/** Directory of the bundled US English model (acoustic model + `dict.txt`). */
export function englishModelDir(): string {
  return path.join(modelBaseDir(), 'en-us');
}

let modelDictionary: Promise<PronouncingDictionary> | undefined;

/**
 * Loads the acoustic model's own dictionary (`soundswallower/model/en-us/dict.txt`,
 * ~135k CMUdict entries without stress digits). Cached after the first call.
 */
export function loadModelDictionary(): Promise<PronouncingDictionary> {
  modelDictionary ??= readFile(path.join(englishModelDir(), 'dict.txt'), 'utf8').then((text) =>
    PronouncingDictionary.parse(text),
  );
  return modelDictionary;
}
