/**
 * `npm run content:import -- <folder>`: loads operators' books (one sub-folder per book with a
 * book.yaml, pictures or scenes, and optionally recorded narration) into this deployment:
 * validates every book first and reports every problem with file and field; builds each valid
 * book into DATA_DIR/media/books/<id>/ (a recording without timelines is force-aligned; a book
 * without recordings is narrated by Festival); then loads them into the database, updating
 * re-imported books in place. A broken book imports nothing. Exit code 1 when anything failed.
 *
 * `--build-only --report <file.json>`: builds without touching the database and writes what was
 * built and every problem as JSON. The operator console runs this in a child process for an
 * uploaded folder and loads the built manifests itself, inside its audited action (decision 079).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  BOOK_CATEGORY_IDS,
  type BookManifest,
  formatProblems,
  loadBookSources,
  type Problem,
} from '@picbook/content';
import { closeSharedAligner } from '@picbook/speech';
import { importManifests } from '../../apps/server/src/features/library/import-books';
import { loadConfigOrExit } from '../../apps/server/src/platform/config';
import { openDatabase } from '../../apps/server/src/platform/db/client';
import { assertDataDirFree } from '../../apps/server/src/platform/db/data-dir-lock';
import { migrateDatabase } from '../../apps/server/src/platform/db/migrate';
import { buildBook } from './book-builder';
import type { Lexicon } from './lexicon';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'dry-run': { type: 'boolean' },
    force: { type: 'boolean' },
    'build-only': { type: 'boolean' },
    report: { type: 'string' },
  },
});
const folder = positionals[0];
if (!folder || (values['build-only'] && !values.report)) {
  console.error(
    'usage: npm run content:import -- <folder> [--dry-run] [--force] [--build-only --report <file.json>]',
  );
  process.exit(2);
}
const root = path.resolve(folder);
const config = loadConfigOrExit();

const repoLexicon = path.resolve(import.meta.dirname, '../../content/lexicon.json');
const readJson = (file: string): Lexicon =>
  fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Lexicon) : {};
// The operator's own pronunciations (folder/lexicon.json) extend ours.
const lexicon = { ...readJson(repoLexicon), ...readJson(path.join(root, 'lexicon.json')) };
const lexiconText = JSON.stringify(lexicon);

const { books, problems } = loadBookSources(root, BOOK_CATEGORY_IDS, {
  addition: Boolean(values['build-only']),
});
const allProblems: Problem[] = [...problems];
const manifests: BookManifest[] = [];
const warnings: string[] = [];
for (const loaded of books) {
  try {
    const { manifest, result } = await buildBook(loaded, {
      mediaDir: config.dataMediaDir,
      lexicon,
      lexiconText,
      force: Boolean(values.force),
      warn: (msg) => {
        warnings.push(`${loaded.book.slug}: ${msg}`);
        console.warn(`warning: ${loaded.book.slug}: ${msg}`);
      },
    });
    console.log(
      `${loaded.book.slug}: ${result === 'unchanged' ? 'up to date' : `built (${result})`}, timings from ${manifest.timing_source}`,
    );
    manifests.push(manifest);
  } catch (error) {
    allProblems.push({ file: loaded.file, field: '(build)', message: (error as Error).message });
  }
}
await closeSharedAligner();

if (allProblems.length > 0) console.error(`\n${formatProblems(allProblems)}\n`);
if (values['build-only'] && values.report) {
  const built = manifests.map((m) => ({
    id: m.id,
    slug: m.slug,
    manifest: path.join(config.dataMediaDir, 'books', String(m.id), 'manifest.json'),
  }));
  fs.writeFileSync(values.report, JSON.stringify({ built, problems: allProblems, warnings }));
  process.exit(allProblems.length > 0 ? 1 : 0);
}
if (values['dry-run']) {
  console.log(
    `dry run: ${manifests.length} book(s) ready, ${allProblems.length} problem(s); nothing imported.`,
  );
  process.exit(allProblems.length > 0 ? 1 : 0);
}
if (manifests.length > 0) {
  if (!config.databaseUrl) assertDataDirFree(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const report = await importManifests(database.db, manifests);
    allProblems.push(...report.problems);
    console.log(`imported ${report.imported.length}, unchanged ${report.unchanged.length}.`);
    if (report.problems.length > 0) console.error(formatProblems(report.problems));
  } finally {
    await database.close();
  }
}
process.exit(allProblems.length > 0 ? 1 : 0);
