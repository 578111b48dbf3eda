import fs from 'node:fs';
import path from 'node:path';
import type { TBookSource } from '../book-schema';
import { readYamlFile } from '../load';
import type { Problem } from '../validate';
import { type LoadedWeek, validatePlan, validateWeekSource } from './validate-course';

/**
 * Reads and validates every content/courses/level-{L}/week-{W}.yaml against the books. Weeks
 * with problems are left out; every problem names its file and field.
 */
export function loadCourseSources(
  root: string,
  books: readonly TBookSource[],
): { weeks: LoadedWeek[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const weeks: LoadedWeek[] = [];
  if (!fs.existsSync(root)) {
    return { weeks, problems: [{ file: root, field: '(folder)', message: 'does not exist' }] };
  }
  const byId = new Map(books.map((b) => [b.id, b]));
  const levels = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
  for (const folder of levels) {
    const levelMatch = /^level-([1-6])$/.exec(folder);
    if (!levelMatch) {
      problems.push({
        file: path.join(root, folder),
        field: '(folder)',
        message: 'must be named level-1 … level-6',
      });
      continue;
    }
    for (const name of fs.readdirSync(path.join(root, folder)).sort()) {
      const file = path.join(root, folder, name);
      const weekMatch = /^week-(\d{1,2})\.yaml$/.exec(name);
      if (!weekMatch) {
        problems.push({ file, field: '(file)', message: 'must be named week-{n}.yaml' });
        continue;
      }
      const yaml = readYamlFile(file);
      if ('problem' in yaml) {
        problems.push(yaml.problem);
        continue;
      }
      const result = validateWeekSource(yaml.raw, {
        file,
        level: Number(levelMatch[1]),
        week: Number(weekMatch[1]),
        books: byId,
      });
      problems.push(...result.problems);
      if (result.week) weeks.push({ file, week: result.week });
    }
  }
  problems.push(...validatePlan(weeks));
  const broken = new Set(problems.map((p) => p.file));
  return { weeks: weeks.filter((w) => !broken.has(w.file)), problems };
}
