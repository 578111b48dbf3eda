import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { TBookSource } from './book-schema';
import { type Problem, validateBookSource, validateLibrary } from './validate';

export interface LoadedBook {
  dir: string;
  file: string;
  book: TBookSource;
}

/**
 * Reads and validates every `<folder>/<slug>/book.yaml` under `root`. Books with problems are
 * left out of `books`; every problem is reported with its file and field. `addition`: the books
 * join an existing catalogue, so the whole-library rules (a trial book per level) are not theirs.
 */
export function loadBookSources(
  root: string,
  categories: readonly number[],
  options: { addition?: boolean } = {},
): { books: LoadedBook[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const books: LoadedBook[] = [];
  if (!fs.existsSync(root)) {
    return { books, problems: [{ file: root, field: '(folder)', message: 'does not exist' }] };
  }
  for (const name of subfolderNames(root)) {
    const dir = path.join(root, name);
    const file = path.join(dir, 'book.yaml');
    if (!fs.existsSync(file)) {
      problems.push({ file: dir, field: '(folder)', message: 'has no book.yaml' });
      continue;
    }
    const yaml = readYamlFile(file);
    if ('problem' in yaml) {
      problems.push(yaml.problem);
      continue;
    }
    const result = validateBookSource(yaml.raw, { file, folderName: name, categories });
    problems.push(...result.problems);
    if (result.book) {
      for (const [i, page] of result.book.pages.entries()) {
        for (const key of ['image', 'audio', 'note_audio'] as const) {
          const ref = page[key];
          if (ref && !fs.existsSync(path.join(dir, ref))) {
            problems.push({
              file,
              field: `pages.${i}.${key}`,
              message: `file "${ref}" is missing`,
            });
          }
        }
      }
      books.push({ dir, file, book: result.book });
    }
  }
  problems.push(
    ...validateLibrary(
      books.map((b) => ({ file: b.file, book: b.book })),
      { trialBooks: !options.addition },
    ),
  );
  const broken = new Set(problems.map((p) => p.file));
  return { books: books.filter((b) => !broken.has(b.file)), problems };
}

/** The visible sub-folders of a folder (one per book in a library), sorted. */
export function subfolderNames(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
}

/** A YAML file parsed, or the problem naming it (its first error line). */
export function readYamlFile(file: string): { raw: unknown } | { problem: Problem } {
  try {
    return { raw: parse(fs.readFileSync(file, 'utf8')) };
  } catch (error) {
    return {
      problem: {
        file,
        field: '(yaml)',
        message: (error as Error).message.split('\n')[0] ?? 'invalid YAML',
      },
    };
  }
}

export function formatProblems(problems: readonly Problem[]): string {
  return problems.map((p) => `${p.file}: ${p.field}: ${p.message}`).join('\n');
}
