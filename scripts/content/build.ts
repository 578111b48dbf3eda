/**
 * `npm run content:build`: the sample library's sources (content/books) → illustrations, narration
 * (Festival slt voice), timelines and manifests under content/media/books/<id>/, then the study
 * plan (content/courses) → courses, narrated questions, spoken instructions and story videos under
 * content/media/courses/ (all committed, so a fresh machine needs neither Festival, espeak-ng nor
 * ffmpeg). Only what changed is rebuilt.
 *   --force   rebuild everything      --only <slug,…>   just these books (and no courses)
 *   --courses the study plan only (the books as they are built)
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  BOOK_CATEGORY_IDS,
  formatProblems,
  loadBookSources,
  loadCourseSources,
  weekFolder,
} from '@picbook/content';
import { type BuildResult, buildBook } from './book-builder';
import { buildGuides, buildWeek } from './course-builder';
import { buildFeedbackVoices } from './feedback-voices';
import { readLexicon } from './lexicon';

const repo = path.resolve(import.meta.dirname, '../..');
const mediaDir = path.join(repo, 'content/media');
const lexiconFile = path.join(repo, 'content/lexicon.json');
const { values } = parseArgs({
  options: { force: { type: 'boolean' }, only: { type: 'string' }, courses: { type: 'boolean' } },
});

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
// --courses: the study plan alone, from the books as built (a course edit needs no book rebuild).
const bookList = values.courses ? [] : books.filter((b) => !only || only.includes(b.book.slug));
for (const loaded of bookList) {
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

// The study plan, after the books it is made of.
if (!only) {
  const plan = loadCourseSources(
    path.join(repo, 'content/courses'),
    books.map((b) => b.book),
  );
  if (plan.problems.length > 0) {
    console.error(formatProblems(plan.problems));
    console.error(`\n${plan.problems.length} problem(s) in content/courses.`);
    process.exit(1);
  }
  const guides = buildGuides(options);
  // The feedback a child must act on, in the same voice as the instructions.
  buildFeedbackVoices({
    mediaDir,
    webTableFile: path.join(repo, 'apps/web/src/shared/audio/spoken-feedback.audio.ts'),
    force: options.force,
  });
  let built = 0;
  for (const loaded of plan.weeks) {
    const t0 = Date.now();
    const { result } = await buildWeek(loaded, guides, options);
    if (result === 'built') {
      built++;
      console.log(`${path.relative(repo, loaded.file)}: built (${Date.now() - t0} ms)`);
    }
  }
  const folders = new Set(
    plan.weeks.map((w) => path.basename(weekFolder(w.week.level, w.week.week))),
  );
  const courseRoot = path.join(mediaDir, 'courses');
  for (const name of fs.readdirSync(courseRoot))
    if (name !== 'guide' && !folders.has(name))
      fs.rmSync(path.join(courseRoot, name), { recursive: true });
  console.log(`content:build: ${plan.weeks.length} study-plan weeks, ${built} built`);
}
