/**
 * `npm run content:build`: the sample library's sources (content/books) → illustrations, narration
 * (Festival slt voice), timelines and manifests under content/media/books/<id>/ (committed, so a
 * fresh machine needs no Festival). Only what changed is rebuilt.
 *   --force   rebuild everything      --only <slug,…>   just these books
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BOOK_CATEGORY_IDS, formatProblems, loadBookSources } from '@picbook/content';
import { type BuildResult, buildBook } from './book-builder';
import { readLexicon } from './lexicon';

const repo = path.resolve(import.meta.dirname, '../..');
const mediaDir = path.join(repo, 'content/media');
const lexiconFile = path.join(repo, 'content/lexicon.json');
const { values } = parseArgs({ options: { force: { type: 'boolean' }, only: { type: 'string' } } });

const { books, problems } = loadBookSources(path.join(repo, 'content/books'), BOOK_CATEGORY_IDS);
if (problems.length > 0) {
  console.error(formatProblems(problems));
  console.error(`\n${problems.length} problem(s); fix them first (npm run content:validate).`);
  process.exit(1);
}
const only = values.only?.split(',');
const counts: Partial<Record<BuildResult, number>> = {};
const options = {
  mediaDir,
  lexicon: readLexicon(lexiconFile),
  lexiconText: fs.readFileSync(lexiconFile, 'utf8'),
  force: Boolean(values.force),
};
for (const loaded of books.filter((b) => !only || only.includes(b.book.slug))) {
  const t0 = Date.now();
  const { result } = await buildBook(loaded, options);
  counts[result] = (counts[result] ?? 0) + 1;
  if (result !== 'unchanged') console.log(`${loaded.book.slug}: ${result} (${Date.now() - t0} ms)`);
}
// Books whose sources are gone leave no stale assets behind.
const ids = new Set(books.map((b) => String(b.book.id)));
const builtRoot = path.join(mediaDir, 'books');
if (!only && fs.existsSync(builtRoot)) {
  for (const id of fs.readdirSync(builtRoot))
    if (!ids.has(id)) fs.rmSync(path.join(builtRoot, id), { recursive: true });
}
console.log(
  `content:build: ${
    Object.entries(counts)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ') || 'nothing to do'
  }`,
);
