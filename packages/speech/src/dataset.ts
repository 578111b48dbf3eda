import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A labelled evaluation folder laid out like speechocean762-dev: `labels.json` (an array
 * of utterances with human scores on 0–10 scales) and `wav/<id>.wav`.
 */

export interface LabelledWord {
  text: string;
  /** Human word accuracy, 0–10. */
  accuracy: number;
  /** The raters' phones (ARPAbet, stress digits removed) and their scores (0–2), when given. */
  phones?: { phone: string; accuracy: number }[];
}

export interface LabelledUtterance {
  id: string;
  speaker: string;
  age?: number;
  text: string;
  /** Human sentence scores, 0–10. */
  accuracy: number;
  total: number;
  fluency: number;
  completeness?: number;
  words: LabelledWord[];
  /** Path of the recording. */
  wav: string;
}

export interface Dataset {
  dir: string;
  utterances: LabelledUtterance[];
}

/** Why a dataset folder cannot be used (missing, malformed): the CLI prints it and skips. */
export class DatasetUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatasetUnavailableError';
  }
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

function num(record: Record<string, unknown>, key: string, where: string): number {
  const value = record[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new DatasetUnavailableError(`${where}: "${key}" must be a number`);
  }
  return value;
}

/** A word's phone labels (speechocean762: `phones` and `phones_accuracy`), when both line up. */
function phoneLabels(word: Record<string, unknown>): Pick<LabelledWord, 'phones'> {
  const { phones, phones_accuracy: scores } = word;
  if (!Array.isArray(phones) || !Array.isArray(scores) || phones.length !== scores.length)
    return {};
  if (!phones.every((p) => typeof p === 'string') || !scores.every((x) => typeof x === 'number')) {
    return {};
  }
  return {
    phones: phones.map((p: string, i) => ({
      phone: p.replace(/\d/g, '').toUpperCase(),
      accuracy: scores[i] as number,
    })),
  };
}

/**
 * The human phone scores of a word in the scorer's phone order: null when the raters'
 * phones are not the scorer's (another pronunciation of the word).
 */
export function phoneScoresFor(
  word: Pick<LabelledWord, 'phones'> | undefined,
  scored: readonly { phone: string }[],
): number[] | null {
  const labels = word?.phones;
  if (!labels || labels.length !== scored.length || labels.length === 0) return null;
  return labels.every((l, i) => l.phone === scored[i]?.phone)
    ? labels.map((l) => l.accuracy)
    : null;
}

/** Each speaker's texts, in the folder's order (a speaker's sentences stand for a book's lines). */
export function textsBySpeaker(
  utterances: readonly Pick<LabelledUtterance, 'speaker' | 'text'>[],
): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  for (const u of utterances) {
    const known = texts.get(u.speaker);
    if (known) known.push(u.text);
    else texts.set(u.speaker, [u.text]);
  }
  return texts;
}

/** Loads and checks `dir/labels.json`; every listed recording must exist. */
export async function loadDataset(dir: string): Promise<Dataset> {
  const labelsPath = path.join(dir, 'labels.json');
  if (!existsSync(dir)) throw new DatasetUnavailableError(`dataset folder ${dir} does not exist`);
  if (!existsSync(labelsPath)) throw new DatasetUnavailableError(`${labelsPath} does not exist`);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(labelsPath, 'utf8'));
  } catch (error) {
    throw new DatasetUnavailableError(
      `${labelsPath} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!Array.isArray(raw)) throw new DatasetUnavailableError(`${labelsPath} must hold an array`);
  const utterances: LabelledUtterance[] = raw.map((entry: unknown, i) => {
    const where = `${labelsPath} entry ${i}`;
    if (!isRecord(entry)) throw new DatasetUnavailableError(`${where} is not an object`);
    const id = entry.id;
    const text = entry.text;
    if (typeof id !== 'string' || typeof text !== 'string') {
      throw new DatasetUnavailableError(`${where} needs string "id" and "text"`);
    }
    const words = Array.isArray(entry.words) ? entry.words : [];
    const wav = path.join(dir, 'wav', `${id}.wav`);
    if (!existsSync(wav)) throw new DatasetUnavailableError(`${wav} is missing`);
    return {
      id,
      speaker: typeof entry.speaker === 'string' ? entry.speaker : id.slice(0, 4),
      ...(typeof entry.age === 'number' ? { age: entry.age } : {}),
      text,
      accuracy: num(entry, 'accuracy', where),
      total: num(entry, 'total', where),
      fluency: typeof entry.fluency === 'number' ? entry.fluency : Number.NaN,
      ...(typeof entry.completeness === 'number' ? { completeness: entry.completeness } : {}),
      words: words.filter(isRecord).map((w, k) => ({
        text: typeof w.text === 'string' ? w.text : '',
        accuracy: num(w, 'accuracy', `${where} word ${k}`),
        ...phoneLabels(w),
      })),
      wav,
    };
  });
  if (utterances.length === 0)
    throw new DatasetUnavailableError(`${labelsPath} lists no utterances`);
  return { dir, utterances };
}

/**
 * Several labelled folders as one (e.g. speechocean762-dev and -train: 64 speakers); `dir` is
 * their names joined by "+".
 * @throws DatasetUnavailableError when a folder cannot be used or a speaker is in two folders.
 */
export async function loadDatasets(dirs: readonly string[]): Promise<Dataset> {
  const sets = await Promise.all(dirs.map((dir) => loadDataset(dir)));
  const seen = new Map<string, string>();
  for (const set of sets) {
    for (const speaker of new Set(set.utterances.map((u) => u.speaker))) {
      const other = seen.get(speaker);
      if (other !== undefined && other !== set.dir) {
        throw new DatasetUnavailableError(`speaker ${speaker} is in both ${other} and ${set.dir}`);
      }
      seen.set(speaker, set.dir);
    }
  }
  return {
    dir: sets.map((set) => path.basename(path.resolve(set.dir))).join('+'),
    utterances: sets.flatMap((set) => set.utterances),
  };
}

/**
 * The development set next to the repository, if present: `/work/shared/data/…` or
 * `../shared/data/…` relative to the repository root (packages/speech/../../..).
 */
export function findDevDataset(name = 'speechocean762-dev'): string | undefined {
  const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
  const candidates = [
    process.env.PICBOOK_SPEECH_DEV_SET,
    path.join(repoRoot, '..', 'shared', 'data', name),
    path.join('/work/shared/data', name),
  ].filter((c): c is string => typeof c === 'string' && c !== '');
  return candidates.find((c) => existsSync(path.join(c, 'labels.json')));
}
