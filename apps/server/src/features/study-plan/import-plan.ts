import fs from 'node:fs';
import path from 'node:path';
import { type Problem, type WeekManifest, ZWeekManifest } from '@picbook/content';
import { and, eq, getTableColumns, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { courses, planWeeks } from '../../platform/db/schema';

/** On a conflicting uuid, every column takes the incoming row's value. */
const EXCLUDED_COURSE = Object.fromEntries(
  Object.entries(getTableColumns(courses))
    .filter(([key]) => key !== 'uuid')
    .map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
);

/** Reads and checks every built week under `<mediaDir>/courses/l{L}w{W}/manifest.json`. */
export function readWeekManifests(mediaDir: string): {
  weeks: WeekManifest[];
  problems: Problem[];
} {
  const root = path.join(mediaDir, 'courses');
  const weeks: WeekManifest[] = [];
  const problems: Problem[] = [];
  if (!fs.existsSync(root)) return { weeks, problems };
  for (const name of fs.readdirSync(root).sort()) {
    const file = path.join(root, name, 'manifest.json');
    if (!/^l\d+w\d+$/.test(name) || !fs.existsSync(file)) continue;
    try {
      const parsed = ZWeekManifest.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
      if (parsed.success) weeks.push(parsed.data);
      else
        problems.push(
          ...parsed.error.issues.map((i) => ({
            file,
            field: i.path.join('.') || '(manifest)',
            message: i.message,
          })),
        );
    } catch (error) {
      problems.push({ file, field: '(json)', message: (error as Error).message });
    }
  }
  return { weeks, problems };
}

/**
 * Loads built weeks into the database: one transaction per week, in place by (level, week) and
 * by course uuid, skipping weeks whose hash is unchanged. A week whose book is missing is
 * reported and left out. Courses that left a week are removed (with their progress).
 */
export async function importWeeks(
  db: Db,
  weeks: readonly WeekManifest[],
): Promise<{ imported: string[]; problems: Problem[] }> {
  const report = { imported: [] as string[], problems: [] as Problem[] };
  const existing = await db
    .select({ level: planWeeks.level, week: planWeeks.week, hash: planWeeks.contentHash })
    .from(planWeeks);
  const hashOf = new Map(existing.map((w) => [`${w.level}:${w.week}`, w.hash]));
  for (const week of weeks) {
    const key = `${week.level}:${week.week}`;
    if (hashOf.get(key) === week.hash) continue;
    try {
      await db.transaction(async (tx) => {
        const values = {
          level: week.level,
          week: week.week,
          world: week.world,
          bookId: week.book_id,
          themeCn: week.theme_cn,
          themeEn: week.theme_en,
          days: week.days,
          contentHash: week.hash,
        };
        await tx
          .insert(planWeeks)
          .values(values)
          .onConflictDoUpdate({ target: [planWeeks.level, planWeeks.week], set: values });
        // One statement for the week's courses (a first start imports every week).
        const rows = week.courses.map((c) => ({
          uuid: c.uuid,
          processId: c.process_id,
          level: week.level,
          week: week.week,
          stage: c.stage,
          subPath: c.sub_path,
          position: c.position,
          bookId: week.book_id,
          titleCn: c.title_cn,
          titleEn: c.title_en,
          duration: c.duration,
          content: c.content,
        }));
        await tx
          .insert(courses)
          .values(rows)
          .onConflictDoUpdate({ target: courses.uuid, set: EXCLUDED_COURSE });
        await tx.delete(courses).where(
          and(
            eq(courses.level, week.level),
            eq(courses.week, week.week),
            notInArray(
              courses.uuid,
              week.courses.map((c) => c.uuid),
            ),
          ),
        );
      });
      report.imported.push(key);
    } catch (error) {
      report.problems.push({
        file: `level ${week.level} week ${week.week}`,
        field: 'book_id',
        message: `could not be imported (${(error as Error).message.split('\n')[0]})`,
      });
    }
  }
  return report;
}

/** The sample study plan is brought into the database at start, after the books it uses. */
export async function syncStudyPlan(
  db: Db,
  mediaDir: string,
  log: (msg: string) => void,
): Promise<{ imported: string[]; problems: Problem[] }> {
  const { weeks, problems } = readWeekManifests(mediaDir);
  const report = await importWeeks(db, weeks);
  report.problems.unshift(...problems);
  if (report.imported.length > 0)
    log(`study plan: ${report.imported.length} week(s) imported or updated`);
  for (const p of report.problems) log(`study plan problem: ${p.file}: ${p.field}: ${p.message}`);
  return report;
}
