import { STUDY_TIME } from '@picbook/domain';
import type { Database, DbOrTx } from '../../platform/db/client';
import { books } from '../../platform/db/schema';

/** One report of a batch: at most one per family (the study clock's row takes one at a time). */
export interface StudyTimeReport {
  userId: number;
  bookId: number;
  kind: string;
  seconds: number;
}

/**
 * A batch of study-time reports in one statement (decision 109). Each family's study clock
 * (migration 0027) is the row its reports queue on: ON CONFLICT DO UPDATE waits for the row and
 * computes from its latest committed version, so two processes' batches credit one family one
 * after the other. A report adds `creditedStudySeconds` (packages/domain): at most what it
 * reports, at most 120 s, at most the time since the family's last report that added time (none
 * yet: 120 s); a report that adds nothing leaves the clock. The added seconds go to the child's
 * row of the China day, book and kind. Study time is no money: the commit does not wait for the
 * disk (decisions 088, 103).
 */
const CREDIT_REPORTS = `with quick as (select set_config('synchronous_commit', 'off', true)),
  reports as (
    select * from jsonb_to_recordset($1::jsonb)
      as r(user_id int, book_id int, kind text, seconds float8)),
  -- Since the last report that added time: none yet (last_at null) counts as 120 s. The null is
  -- replaced before greatest(), which would skip it and make the family's clock stay at 0.
  clock as (
    insert into study_clocks as c (user_id, last_at, added)
    select user_id, case when least(seconds, $4::float8) > 0 then $2::timestamptz end,
        greatest(least(seconds, $4::float8), 0)
      from reports order by user_id
    on conflict (user_id) do update set
      added = least(excluded.added,
        greatest(coalesce(extract(epoch from $2::timestamptz - c.last_at)::float8, $4::float8), 0)),
      last_at = case when least(excluded.added,
          greatest(coalesce(extract(epoch from $2::timestamptz - c.last_at)::float8, $4::float8), 0)) > 0
        then $2::timestamptz else c.last_at end
    returning user_id, added),
  saved as (
    insert into study_time (user_id, day, book_id, kind, seconds, updated_at)
    select r.user_id, $3, r.book_id, r.kind, c.added, $2::timestamptz
      from reports r join clock c using (user_id)
      where c.added > 0
      order by r.user_id
    on conflict (user_id, day, book_id, kind) do update set
      seconds = study_time.seconds + excluded.seconds,
      updated_at = excluded.updated_at)
  select clock.user_id, clock.added from clock, quick`;

/** The statements of the study clock (decision 091) and of its batches (decision 109). */
export function createStudyTimeQueries(db: DbOrTx) {
  return {
    /** Every book id (kept in process until a book changes: a report names one). */
    async bookIds(): Promise<Set<number>> {
      const rows = await db.select({ id: books.id }).from(books);
      return new Set(rows.map((r) => r.id));
    },
  };
}

/**
 * Credits a batch of reports (one per family) at `now`, on the China day `day`: what each family's
 * report added, by user id (a family that is gone is missing: its clock row cannot be written, so
 * the statement fails and the caller splits the batch).
 */
export async function creditReports(
  database: Pick<Database, 'queryNamed'>,
  reports: readonly StudyTimeReport[],
  now: Date,
  day: string,
): Promise<Map<number, number>> {
  const rows = await database.queryNamed<{ user_id: number; added: number }>(
    'credit-study-time',
    CREDIT_REPORTS,
    [
      JSON.stringify(
        reports.map((r) => ({
          user_id: r.userId,
          book_id: r.bookId,
          kind: r.kind,
          seconds: r.seconds,
        })),
      ),
      now.toISOString(),
      day,
      STUDY_TIME.maxReportSeconds,
    ],
  );
  return new Map(rows.map((r) => [r.user_id, Number(r.added)]));
}
