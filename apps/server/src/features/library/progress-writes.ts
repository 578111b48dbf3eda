import type { Change } from '../../platform/db/change-feed';
import type { Database } from '../../platform/db/client';
import type { ProgressRow } from './reading.queries';

/** One page turn (or the end of the book) as the reader reports it. */
export interface ProgressStep {
  userId: number;
  bookId: number;
  process: string;
  mode: string;
  finished: boolean;
  now: Date;
  /** The China date `now` falls on (yyyy-mm-dd): the growth streak counts reading days. */
  readingDay: string;
}

/** A reading_progress row as the driver returns it from raw SQL. */
interface SavedProgress {
  user_id: number;
  book_id: number;
  process: string;
  mode: string;
  finish_count: number;
  first_read_at: Date | string;
  last_read_at: Date | string;
  finished_at: Date | string | null;
  /** Whether this statement noted a new reading day of the family. */
  new_day: boolean;
}

/** The steps of one (family, book) that arrived while the previous batch was being written. */
interface Entry {
  userId: number;
  bookId: number;
  process: string;
  mode: string;
  finishCount: number;
  firstAt: Date;
  lastAt: Date;
  finishedAt: Date | null;
  days: Set<string>;
  waiters: { resolve: (row: ProgressRow) => void; reject: (error: unknown) => void }[];
}

/** Rows per statement; more wait for the next one. */
const MAX_BATCH = 256;

/**
 * Every step of a batch in one statement (decision 103): progress only moves forward (the
 * greater process, string order as spec §4), each finish counts once, the first finish stamps
 * finished_at, and each China day read is noted. Rows go in key order, so two processes' batches
 * lock shared rows in the same order. Progress is no money: the commit does not wait for the disk
 * (a database crash may lose the last fraction of a second of page turns, never half a write).
 */
const SAVE_STEPS = `with quick as (select set_config('synchronous_commit', 'off', true)),
  steps as (
    select * from jsonb_to_recordset($1::jsonb) as s(user_id int, book_id int, process text,
      mode text, finish_count int, first_read_at timestamptz, last_read_at timestamptz,
      finished_at timestamptz)),
  p as (
    insert into reading_progress (user_id, book_id, process, mode, finish_count,
      first_read_at, last_read_at, finished_at)
    select user_id, book_id, process, mode, finish_count, first_read_at, last_read_at, finished_at
      from steps order by user_id, book_id
    on conflict (user_id, book_id) do update set
      process = greatest(reading_progress.process, excluded.process),
      mode = excluded.mode,
      last_read_at = excluded.last_read_at,
      finish_count = reading_progress.finish_count + excluded.finish_count,
      finished_at = coalesce(reading_progress.finished_at, excluded.finished_at)
    returning *),
  d as (
    insert into reading_days (user_id, day)
    select distinct user_id, day from jsonb_to_recordset($2::jsonb) as r(user_id int, day text)
      order by 1, 2
    on conflict do nothing
    returning user_id)
  select p.*, p.user_id in (select user_id from d) as new_day from p, quick`;

/**
 * Writes reading progress in batches, one statement at a time per process (decision 103). A step
 * that arrives while a statement is on its way waits for the next one, with every other step
 * that arrives meanwhile: under load one round trip and one commit serve many families, and at
 * rest a step goes out alone at once. Each step is answered only after its batch committed, with
 * the row as saved, so a client reads its own write on any process, and nothing a family was told
 * is saved can be lost by this process ending. Two steps of one family and book in the same batch
 * become one row (the greater process, the later mode, both finishes). The batch's changes are
 * announced to this process's caches at its commit, before any answer (see `ChangeFeed.announce`).
 */
export function createProgressWriter(
  database: Pick<Database, 'queryNamed'> & { changes?: Pick<Database['changes'], 'announce'> },
) {
  let gathering = new Map<string, Entry>();
  let running = false;

  const write = async (entries: Entry[]): Promise<void> => {
    entries.sort((a, b) => a.userId - b.userId || a.bookId - b.bookId);
    const steps = entries.map((e) => ({
      user_id: e.userId,
      book_id: e.bookId,
      process: e.process,
      mode: e.mode,
      finish_count: e.finishCount,
      first_read_at: e.firstAt.toISOString(),
      last_read_at: e.lastAt.toISOString(),
      finished_at: e.finishedAt?.toISOString() ?? null,
    }));
    const days = entries.flatMap((e) => [...e.days].map((day) => ({ user_id: e.userId, day })));
    let rows: SavedProgress[];
    try {
      rows = await database.queryNamed<SavedProgress>('save-progress-steps', SAVE_STEPS, [
        JSON.stringify(steps),
        JSON.stringify(days),
      ]);
    } catch (error) {
      // One family's step may fail alone (its account deleted meanwhile): the others of its batch
      // are written one by one, so only that step is refused.
      if (entries.length === 1) {
        for (const w of entries[0]?.waiters ?? []) w.reject(error);
        return;
      }
      for (const entry of entries) await write([entry]);
      return;
    }
    // Committed: this process's caches drop what the batch changed before any step is answered,
    // so the route needs no settle round trip (the database's notifications follow for all).
    const changed: Change[] = [];
    for (const r of rows) {
      changed.push({ table: 'reading_progress', owner: r.user_id });
      if (r.new_day) changed.push({ table: 'reading_days', owner: r.user_id });
    }
    database.changes?.announce(changed);
    const saved = new Map(rows.map((r) => [`${r.user_id}:${r.book_id}`, presentRow(r)]));
    for (const entry of entries) {
      const row = saved.get(`${entry.userId}:${entry.bookId}`);
      for (const w of entry.waiters)
        row ? w.resolve(row) : w.reject(new Error('reading progress upsert returned no row'));
    }
  };

  /** Takes what gathered, writes it, and again until nothing waits. */
  const drain = async () => {
    try {
      while (gathering.size > 0) {
        const all = [...gathering.values()];
        const batch = all.slice(0, MAX_BATCH);
        gathering = new Map(all.slice(MAX_BATCH).map((e) => [`${e.userId}:${e.bookId}`, e]));
        await write(batch);
      }
    } finally {
      running = false;
    }
  };

  return {
    /** Saves one step; resolves with the row as committed (with any step batched beside it). */
    save(step: ProgressStep): Promise<ProgressRow> {
      return new Promise((resolve, reject) => {
        const key = `${step.userId}:${step.bookId}`;
        const entry = gathering.get(key);
        if (entry) merge(entry, step);
        else gathering.set(key, newEntry(step));
        (entry ?? gathering.get(key))?.waiters.push({ resolve, reject });
        // The steps parsed in this turn of the event loop go together; while a statement is on
        // its way, they wait for it to come back (tried: four statements at once on PostgreSQL
        // gathered smaller batches and answered no faster).
        if (!running) {
          running = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}

function newEntry(step: ProgressStep): Entry {
  return {
    userId: step.userId,
    bookId: step.bookId,
    process: step.process,
    mode: step.mode,
    finishCount: step.finished ? 1 : 0,
    firstAt: step.now,
    lastAt: step.now,
    finishedAt: step.finished ? step.now : null,
    days: new Set([step.readingDay]),
    waiters: [],
  };
}

function merge(entry: Entry, step: ProgressStep): void {
  if (step.process > entry.process) entry.process = step.process;
  entry.mode = step.mode;
  if (step.now > entry.lastAt) entry.lastAt = step.now;
  if (step.now < entry.firstAt) entry.firstAt = step.now;
  if (step.finished) {
    entry.finishCount += 1;
    if (entry.finishedAt === null || step.now < entry.finishedAt) entry.finishedAt = step.now;
  }
  entry.days.add(step.readingDay);
}

function presentRow(row: SavedProgress): ProgressRow {
  return {
    userId: row.user_id,
    bookId: row.book_id,
    process: row.process,
    mode: row.mode,
    finishCount: row.finish_count,
    firstReadAt: new Date(row.first_read_at),
    lastReadAt: new Date(row.last_read_at),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
  };
}

const writers = new WeakMap<object, ReturnType<typeof createProgressWriter>>();

/** Saves a reading step through the database's one progress writer. */
export function saveProgress(
  database: Pick<Database, 'queryNamed' | 'changes'>,
  step: ProgressStep,
): Promise<ProgressRow> {
  let writer = writers.get(database);
  if (!writer) {
    writer = createProgressWriter(database);
    writers.set(database, writer);
  }
  return writer.save(step);
}
