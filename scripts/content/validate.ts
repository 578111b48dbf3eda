/**
 * `npm run content:validate [-- <folder>]`: checks every book source and prints each problem with
 * its file and field. Exit code 1 when anything is wrong.
 */
import path from 'node:path';
import { BOOK_CATEGORY_IDS, formatProblems, loadBookSources } from '@picbook/content';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../content/books'));
const { books, problems } = loadBookSources(root, BOOK_CATEGORY_IDS);
if (problems.length > 0) {
  console.error(formatProblems(problems));
  console.error(`\n${problems.length} problem(s); ${books.length} book(s) valid.`);
  process.exit(1);
}
const byLevel = new Map<number, number>();
for (const { book } of books) byLevel.set(book.level, (byLevel.get(book.level) ?? 0) + 1);
console.log(
  `${books.length} books valid: ${[...byLevel]
    .sort()
    .map(([l, n]) => `L${l}×${n}`)
    .join(' ')}`,
);
