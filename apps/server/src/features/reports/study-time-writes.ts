import type { Database } from '../../platform/db/client';
import { chinaDate } from '../../platform/time';
import { creditReports, type StudyTimeReport } from './study-time.queries';

export type { StudyTimeReport } from './study-time.queries';

interface Waiting extends StudyTimeReport {
  resolve: (added: number) => void;
  reject: (error: unknown) => void;
}

/** Reports per statement; more wait for the next one. */
const MAX_BATCH = 256;

/**
 * The next batch: the oldest waiting report of each family, in arrival order, up to MAX_BATCH.
 * A family's later reports wait for the next statement: its study clock's row is written once
 * per statement, and the next one sees it (a second report at the same moment adds nothing).
 */
export function takeBatch(waiting: readonly Waiting[]): { batch: Waiting[]; rest: Waiting[] } {
  const batch: Waiting[] = [];
  const rest: Waiting[] = [];
  const families = new Set<number>();
  for (const report of waiting) {
    if (batch.length < MAX_BATCH && !families.has(report.userId)) {
      families.add(report.userId);
      batch.push(report);
    } else rest.push(report);
  }
  return { batch, rest };
}

/**
 * Writes study-time reports in batches, one statement at a time per process (decision 109, like
 * the page turns of decision 103): a report that arrives while a statement is on its way waits
 * for the next one with every other report that arrives meanwhile, so under load one round trip
 * and one commit serve many families, and at rest a report goes out alone at once. Each report is
 * answered only after its statement committed, with what it added. A batch that fails is written
 * again report by report, so only the report that cannot be written is refused.
 */
export function createStudyTimeWriter(database: Pick<Database, 'queryNamed'>, now: () => Date) {
  let waiting: Waiting[] = [];
  let running = false;

  const write = async (batch: Waiting[]): Promise<void> => {
    const at = now();
    let added: Map<number, number>;
    try {
      added = await creditReports(database, batch, at, chinaDate(at));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const report of batch) await write([report]);
      return;
    }
    for (const report of batch) {
      const seconds = added.get(report.userId);
      if (seconds === undefined) report.reject(new Error('study time credit returned no row'));
      else report.resolve(seconds);
    }
  };

  const drain = async () => {
    try {
      while (waiting.length > 0) {
        const { batch, rest } = takeBatch(waiting);
        waiting = rest;
        await write(batch);
      }
    } finally {
      running = false;
    }
  };

  return {
    /** Credits one report; resolves with the seconds it added, once they are committed. */
    report(report: StudyTimeReport): Promise<number> {
      return new Promise((resolve, reject) => {
        waiting.push({ ...report, resolve, reject });
        if (!running) {
          running = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}

const writers = new WeakMap<object, ReturnType<typeof createStudyTimeWriter>>();

/** Credits a report through the database's one study-time writer. */
export function reportStudyTime(
  database: Pick<Database, 'queryNamed'>,
  now: () => Date,
  report: StudyTimeReport,
): Promise<number> {
  let writer = writers.get(database);
  if (!writer) {
    writer = createStudyTimeWriter(database, now);
    writers.set(database, writer);
  }
  return writer.report(report);
}
