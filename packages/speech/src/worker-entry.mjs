// Entry point of a scoring worker thread (see pool.ts). Worker threads do not inherit the
// parent's module loader hooks, and `--import tsx` in a worker's execArgv is applied too
// late for its entry module, so this plain-JS entry registers tsx's ESM loader itself and
// then loads the TypeScript worker. Registering again under `node --import tsx` is harmless.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
