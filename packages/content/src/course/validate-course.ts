import type { TBookSource } from '../book-schema';
import type { Problem } from '../validate';
import { type TCourseSource, type TWeekSource, ZWeekSource } from './course-schema';
import type { PartModule } from './part-kit';
import { PART_MODULES, type PartType } from './parts';

export interface CourseContext {
  file: string;
  /** From the file's place: content/courses/level-{level}/week-{week}.yaml. */
  level: number | null;
  week: number | null;
  books: ReadonlyMap<number, TBookSource>;
}

const issuesOf = (
  file: string,
  prefix: string,
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Problem[] =>
  issues.map((i) => ({
    file,
    field: [prefix, ...i.path.map(String)].filter(Boolean).join('.') || '(week)',
    message: i.message,
  }));

/** Every problem of one week source; the week only when there are none. */
export function validateWeekSource(
  raw: unknown,
  ctx: CourseContext,
): { week: TWeekSource | null; problems: Problem[] } {
  const parsed = ZWeekSource.safeParse(raw);
  if (!parsed.success) return { week: null, problems: issuesOf(ctx.file, '', parsed.error.issues) };
  const week = parsed.data;
  const problems: Problem[] = [];
  const add = (field: string, message: string) => problems.push({ file: ctx.file, field, message });

  if (ctx.level !== null && week.level !== ctx.level)
    add('level', `must be ${ctx.level} (the folder)`);
  if (ctx.week !== null && week.week !== ctx.week)
    add('week', `must be ${ctx.week} (the file name)`);
  const book = ctx.books.get(week.book);
  if (!book) add('book', `no book with id ${week.book} in content/books`);
  else if (book.level !== week.level)
    add('book', `book ${week.book} is level ${book.level}, not ${week.level}`);

  const courses = week.days.flatMap((day, d) => [
    ...day.major.map((course, i) => ({ course, field: `days.${d}.major.${i}` })),
    ...day.minor.map((course, i) => ({ course, field: `days.${d}.minor.${i}` })),
  ]);
  const videos = courses.filter((c) => c.course.video);
  if (videos.length !== 1 || videos[0]?.field !== 'days.0.major.0') {
    add(
      'days.0.major.0',
      'the week opens with its story video: exactly one course with video: true, the first major course of day 1',
    );
  }
  for (const { course, field } of courses) {
    if (!course.parts || !book) continue;
    course.parts.forEach((stub, p) => {
      const module = PART_MODULES[stub.type as PartType] as PartModule<{ type: string }>;
      const result = module.schema.safeParse(stub);
      const at = `${field}.parts.${p}`;
      if (!result.success) {
        problems.push(...issuesOf(ctx.file, at, result.error.issues));
        return;
      }
      for (const issue of module.check(result.data, book))
        add(`${at}.${issue.field}`, issue.message);
    });
  }
  return { week: problems.length === 0 ? week : null, problems };
}

export interface LoadedWeek {
  file: string;
  week: TWeekSource;
}

/** Every course of a week with where it sits: stage (day), major (1) or minor (2), position. */
export function coursesOfWeek(week: TWeekSource) {
  return week.days.flatMap((day, d) =>
    (['major', 'minor'] as const).flatMap((kind) =>
      day[kind].map((course: TCourseSource, i) => ({
        course,
        stage: d + 1,
        sub_path: (kind === 'major' ? 1 : 2) as 1 | 2,
        position: i + 1,
        field: `days.${d}.${kind}.${i}`,
      })),
    ),
  );
}

/**
 * Rules across the plan: uuids and process ids unique, each level's weeks numbered 1…n without
 * gaps and worlds never going back, a book used by one week only.
 */
export function validatePlan(weeks: readonly LoadedWeek[]): Problem[] {
  const problems: Problem[] = [];
  const uuids = new Map<string, string>();
  const processIds = new Map<number, string>();
  const books = new Map<number, string>();
  for (const { file, week } of weeks) {
    for (const { course, field } of coursesOfWeek(week)) {
      const other = uuids.get(course.uuid);
      if (other)
        problems.push({
          file,
          field: `${field}.uuid`,
          message: `${course.uuid} is also used in ${other}`,
        });
      uuids.set(course.uuid, file);
      const otherPid = processIds.get(course.process_id);
      if (otherPid)
        problems.push({
          file,
          field: `${field}.process_id`,
          message: `${course.process_id} is also used in ${otherPid}`,
        });
      processIds.set(course.process_id, file);
    }
    const usedBy = books.get(week.book);
    if (usedBy)
      problems.push({
        file,
        field: 'book',
        message: `book ${week.book} is also the book of ${usedBy}`,
      });
    books.set(week.book, file);
  }
  const levels = new Set(weeks.map((w) => w.week.level));
  for (const level of levels) {
    const ofLevel = weeks
      .filter((w) => w.week.level === level)
      .sort((a, b) => a.week.week - b.week.week);
    ofLevel.forEach(({ file, week }, i) => {
      if (week.week !== i + 1)
        problems.push({
          file,
          field: 'week',
          message: `level ${level} weeks must be numbered 1–${ofLevel.length} without gaps`,
        });
      const prev = ofLevel[i - 1]?.week.world ?? 1;
      if (week.world < prev || week.world > prev + 1) {
        problems.push({
          file,
          field: 'world',
          message: `worlds go 1, 2, … in week order (the week before is in world ${prev})`,
        });
      }
      if (i === 0 && week.world !== 1)
        problems.push({ file, field: 'world', message: 'week 1 is in world 1' });
    });
  }
  return problems;
}
