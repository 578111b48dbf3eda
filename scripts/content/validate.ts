/**
 * `npm run content:validate [-- <books folder> [<courses folder>]]`: checks every book source and
 * every study-plan week (content/courses) and prints each problem with its file and field. Exit
 * code 1 when anything is wrong.
 */
import path from 'node:path';
import {
  BOOK_CATEGORY_IDS,
  formatProblems,
  loadBookSources,
  loadCourseSources,
} from '@picbook/content';

const repo = path.resolve(import.meta.dirname, '../..');
const root = path.resolve(process.argv[2] ?? path.join(repo, 'content/books'));
const courseRoot = path.resolve(process.argv[3] ?? path.join(repo, 'content/courses'));
const { books, problems } = loadBookSources(root, BOOK_CATEGORY_IDS);
const plan = loadCourseSources(
  courseRoot,
  books.map((b) => b.book),
);
const all = [...problems, ...plan.problems];
if (all.length > 0) {
  console.error(formatProblems(all));
  console.error(
    `\n${all.length} problem(s); ${books.length} book(s) and ${plan.weeks.length} week(s) valid.`,
  );
  process.exit(1);
}
const byLevel = new Map<number, number>();
for (const { book } of books) byLevel.set(book.level, (byLevel.get(book.level) ?? 0) + 1);
console.log(
  `${books.length} books valid: ${[...byLevel]
    .sort()
    .map(([l, n]) => `L${l}×${n}`)
    .join(' ')}; ${plan.weeks.length} study-plan weeks valid`,
);
