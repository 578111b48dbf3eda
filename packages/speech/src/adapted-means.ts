import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { type AcousticModelName, resolveAcousticModel } from './acoustic-model';
import { createScoringPool, type ScoringPool, type ScoringPoolOptions } from './pool';

/** True when `means` is a folder of per-speaker means rather than one file. */
export function isMeansFolder(means: string): boolean {
  return existsSync(means) && statSync(means).isDirectory();
}

/**
 * Adapted Gaussian means for evaluations (decision 068): `means` is one file for every
 * recording, or a folder with `<speaker>.means` per speaker (adapt.sh's `map/`, each adapted
 * on the OTHER speakers), so every recording is scored as if its speaker were new. A
 * recording of no speaker in the folder (e.g. the books' narration) keeps the shipped means.
 * Returns the means file for a speaker (the folder is looked at once).
 */
function meansResolver(
  means: string | undefined,
): (speaker: string | undefined) => string | undefined {
  if (!means) return () => undefined;
  if (!existsSync(means)) throw new Error(`adapted means not found: ${means}`);
  if (!isMeansFolder(means)) return () => means;
  return (speaker) => {
    const own = speaker === undefined ? undefined : path.join(means, `${speaker}.means`);
    return own && existsSync(own) ? own : undefined;
  };
}

/** The means file `speaker` is scored with (see {@link meansResolver}). */
export function meansFor(
  means: string | undefined,
  speaker: string | undefined,
): string | undefined {
  return meansResolver(means)(speaker);
}

/**
 * Items grouped by the means file their speaker is scored with (one scoring pool per
 * group), each with its index in `items`; `undefined` is the shipped means.
 */
export function groupByMeans<T extends { speaker?: string }>(
  items: readonly T[],
  means: string | undefined,
): Map<string | undefined, [number, T][]> {
  const fileFor = meansResolver(means);
  const groups = new Map<string | undefined, [number, T][]>();
  items.forEach((item, i) => {
    const key = fileFor(item.speaker);
    const group = groups.get(key);
    if (group) group.push([i, item]);
    else groups.set(key, [[i, item]]);
  });
  return groups;
}

/**
 * Runs `run` once per means group with a scoring pool of its own (`options` plus the group's
 * means), one group after the other, and closes every pool. Adapted means are the Debian
 * model's: with `means` given, the model must resolve to `debian`.
 * @throws Error when `means` is given for another model.
 */
export async function withMeansPools<T extends { speaker?: string }>(
  items: readonly T[],
  means: string | undefined,
  options: ScoringPoolOptions,
  run: (pool: ScoringPool, group: [number, T][]) => Promise<void>,
): Promise<void> {
  if (means) requireAdaptable(options.model ?? 'auto');
  for (const [file, group] of groupByMeans(items, means)) {
    const pool = createScoringPool({ ...options, ...(file ? { means: file } : {}) });
    try {
      await run(pool, group);
    } finally {
      await pool.close();
    }
  }
}

/** @throws Error unless `model` resolves to the Debian model (the one the means fit). */
export function requireAdaptable(model: AcousticModelName | 'auto'): void {
  const name = resolveAcousticModel(model).name;
  if (name !== 'debian') {
    throw new Error(
      `--means needs the Debian model (adapted means are its means); the model is ${name}`,
    );
  }
}
