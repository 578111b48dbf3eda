import {
  ErrorCode,
  type TMission,
  type TMissionCollected,
  type TMissions,
} from '@picbook/contracts';
import {
  footprintCurrentIndex,
  MISSION_STATUS,
  missionAggregateStatus,
  missionStatus,
} from '@picbook/domain';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { perUserCache, sharedCache } from '../../platform/cache/change-cache';
import type { DbOrTx } from '../../platform/db/client';
import { books, readingProgress, userMissions } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { postInTransaction, readBalances } from '../../platform/ledger/ledger';
import { chinaDay } from '../../platform/time';
import { createActivityQueries } from './activity.queries';
import {
  FOOTPRINT_BOOKS_PER_DAY,
  FOOTPRINT_REWARD,
  MISSION_SOURCES,
  type MissionSource,
  type Window,
} from './activity-sources';
import { recommendationsFor } from './recommendations';
import { userLevel } from './user-level';

type MissionRow = typeof userMissions.$inferSelect;
type BookHead = Pick<typeof books.$inferSelect, 'id' | 'titleEn' | 'titleCn' | 'level' | 'cover'>;

const DAY_MS = 86_400_000;

/** The China day and the China week (Monday 00:00 to Monday 00:00) of `now`. */
export function periodsOf(now: Date): {
  day: Window & { key: string };
  week: Window & { key: string };
} {
  const d = chinaDay(now);
  const isoIndex = (new Date(`${d.day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const weekFrom = new Date(d.from.getTime() - isoIndex * DAY_MS);
  const weekKey = new Date(Date.parse(`${d.day}T00:00:00Z`) - isoIndex * DAY_MS)
    .toISOString()
    .slice(0, 10);
  return {
    day: { from: d.from, to: d.to, key: d.day },
    week: { from: weekFrom, to: new Date(weekFrom.getTime() + 7 * DAY_MS), key: `w${weekKey}` },
  };
}

const sourceById = new Map(MISSION_SOURCES.map((s) => [s.id, s]));

/** The rows of today's and this week's activity missions (the first call of a period makes them). */
const isActivityRow = (p: ReturnType<typeof periodsOf>) => (r: MissionRow) =>
  (r.period === p.day.key || r.period === p.week.key) && sourceById.has(r.innerId);

/**
 * Makes (once) today's and this week's missions of the user and answers their rows with every
 * footprint row of the user (any level: the hints read them in the same statement). Reads first
 * and writes only when a row is missing (the first call of a day or week), so the hints every
 * start asks for are reads (issue 41); the insert stays idempotent for concurrent first calls.
 */
async function ensureActivityMissions(
  deps: AppDeps,
  userId: number,
  p: ReturnType<typeof periodsOf>,
): Promise<{ activity: MissionRow[]; footprints: MissionRow[] }> {
  const read = async () => {
    const rows = await deps.db
      .select()
      .from(userMissions)
      .where(
        and(
          eq(userMissions.userId, userId),
          inArray(userMissions.period, [p.day.key, p.week.key, 'once']),
        ),
      )
      .orderBy(asc(userMissions.type), asc(userMissions.bookSeq));
    return {
      activity: rows.filter(isActivityRow(p)),
      footprints: rows.filter((r) => r.period === 'once' && r.innerId.startsWith('footprint:')),
    };
  };
  const existing = await read();
  if (existing.activity.length >= MISSION_SOURCES.length) return existing;
  const values = MISSION_SOURCES.map((s) => ({
    userId,
    innerId: s.id,
    period: s.kind === 'daily' ? p.day.key : p.week.key,
    type: s.type,
    target: s.target,
    coins: s.coins,
    diamonds: s.diamonds,
  }));
  await deps.db.insert(userMissions).values(values).onConflictDoNothing();
  return read();
}

/** The window a mission row counts activity in (from its period key). */
function windowOf(row: MissionRow): Window {
  const weekly = row.period.startsWith('w');
  const day = weekly ? row.period.slice(1) : row.period;
  const from = chinaDay(new Date(Date.parse(`${day}T00:00:00Z`))).from;
  return { from, to: new Date(from.getTime() + (weekly ? 7 : 1) * DAY_MS) };
}

/** Progress of a mission row from the child's activity. */
async function progressOf(db: DbOrTx, row: MissionRow): Promise<number> {
  const source = sourceById.get(row.innerId);
  if (source) return source.count(db, row.userId, windowOf(row));
  if (row.bookId === null) return 0;
  const done = await db
    .select({ bookId: readingProgress.bookId })
    .from(readingProgress)
    .where(
      and(
        eq(readingProgress.userId, row.userId),
        eq(readingProgress.bookId, row.bookId),
        isNotNull(readingProgress.finishedAt),
      ),
    )
    .limit(1);
  return done.length;
}

function present(
  row: MissionRow,
  progress: number,
  source: MissionSource | undefined,
  book: BookHead | undefined,
): TMission {
  return {
    id: row.id,
    inner_id: row.innerId,
    title: source?.title ?? (book ? `读《${book.titleCn}》` : '读一本绘本'),
    desc: source?.desc ?? (book ? `从头到尾读完 ${book.titleEn}` : ''),
    day: row.day,
    type: row.type,
    status: missionStatus(progress, row.target, row.collectedAt !== null),
    book_seq: row.bookSeq,
    step: Math.min(progress, row.target),
    target: row.target,
    book_info: book
      ? {
          id: book.id,
          title_en: book.titleEn,
          title_cn: book.titleCn,
          level: book.level,
          cover: book.cover,
        }
      : null,
    reward: { coins: row.coins, diamonds: row.diamonds },
    link: source?.link ?? (book ? `/library/detail/${book.id}/${book.level}/0/0` : null),
  };
}

/** GET /api/v1/user/missions. */
export async function listMissions(deps: AppDeps, userId: number): Promise<TMissions> {
  const { list } = await activityMissions(deps, userId, periodsOf(deps.clock.now()));
  return {
    status: missionAggregateStatus(list),
    list,
    recommend: await recommendationsFor(deps, userId),
  };
}

type Hints = { hints: number; status: number };

/**
 * Every table the growth hints read (issue 41, decision 109): a committed change of any of them
 * for the family drops its cached hints on every process (migrations 0018, 0020 and 0027); books
 * change as a whole table.
 */
const HINT_TABLES = [
  'user_missions',
  'reading_progress',
  'reading_days',
  'course_progress',
  'course_reports',
  'works',
  'users',
  'books',
] as const;
/** The hints of the families who opened the app lately, per China day (the missions' periods). */
const cachedHints = perUserCache<Hints>(HINT_TABLES, 20_000);

/**
 * GET /api/v1/user/missions/hints: what waits to be collected (activity and footprints), asked
 * at every start. Kept per family and China day while the change feed is live; a miss is two
 * statements (the mission rows; the counts with the level and the finished books) and the
 * level's books from the content kept in process.
 */
export async function missionHints(deps: AppDeps, userId: number): Promise<Hints> {
  const p = periodsOf(deps.clock.now());
  const hints = await cachedHints(deps.db, userId, () => loadHints(deps, userId, p), p.day.key);
  if (!hints) throw new Error('mission hints missing');
  return hints;
}

async function loadHints(
  deps: AppDeps,
  userId: number,
  p: ReturnType<typeof periodsOf>,
): Promise<Hints> {
  const { list, rows, level, finishedBookIds } = await activityMissions(deps, userId, p);
  const footprints = (
    await footprintMissions(deps, userId, level, {
      rows: rows.footprints,
      finished: finishedBookIds,
    })
  ).map((f) => f.mission);
  const all = [...list, ...footprints];
  return {
    hints: all.filter((m) => m.status === MISSION_STATUS.finished).length,
    status: missionAggregateStatus(all),
  };
}

/** Today's and this week's missions with their progress: every count in one statement. */
async function activityMissions(deps: AppDeps, userId: number, p: ReturnType<typeof periodsOf>) {
  const rows = await ensureActivityMissions(deps, userId, p);
  const sources = rows.activity.map((row) => sourceById.get(row.innerId));
  const { counts, level, finishedBookIds } = await createActivityQueries(deps.db).countMany(
    userId,
    rows.activity.flatMap((row, i) => {
      const source = sources[i];
      return source ? [{ count: source.measure, window: windowOf(row) }] : [];
    }),
  );
  let k = 0;
  const list = rows.activity.map((row, i) => {
    const source = sources[i];
    const progress = source ? (counts[k++] ?? 0) : 0;
    return present(row, progress, source, undefined);
  });
  return { list, rows, level, finishedBookIds };
}

type LevelBooks = Map<number, BookHead[]>;
/** Every book's head by level, kept until a book changes (the footprint paths of every level). */
const bookHeadsByLevel = sharedCache<LevelBooks>(['books']);

async function booksOfLevel(db: DbOrTx, level: number): Promise<BookHead[]> {
  const byLevel = await bookHeadsByLevel(db, async () => {
    const rows = await db
      .select({
        id: books.id,
        titleEn: books.titleEn,
        titleCn: books.titleCn,
        level: books.level,
        cover: books.cover,
      })
      .from(books)
      .orderBy(asc(books.id));
    const map: LevelBooks = new Map();
    for (const b of rows) map.set(b.level, [...(map.get(b.level) ?? []), b]);
    return map;
  });
  return byLevel.get(level) ?? [];
}

/**
 * The level's footprint path: its books in order, two per day card, one mission each. `known`
 * passes the user's footprint rows and finished books when the caller read them already.
 */
async function footprintMissions(
  deps: AppDeps,
  userId: number,
  level: number,
  known?: { rows: MissionRow[]; finished: number[] },
) {
  const levelBooks = await booksOfLevel(deps.db, level);
  if (levelBooks.length === 0) return [];
  const prefix = `footprint:${level}:`;
  const readRows = async () =>
    (
      await deps.db
        .select()
        .from(userMissions)
        .where(
          and(
            eq(userMissions.userId, userId),
            eq(userMissions.level, level),
            eq(userMissions.period, 'once'),
            sql`${userMissions.innerId} like ${`${prefix}%`}`,
          ),
        )
        .orderBy(asc(userMissions.bookSeq))
    ).filter((r) => r.innerId.startsWith(prefix));
  const [existing, finished] = known
    ? [
        known.rows
          .filter((r) => r.level === level && r.innerId.startsWith(prefix))
          .sort((a, b) => a.bookSeq - b.bookSeq),
        known.finished,
      ]
    : await Promise.all([
        readRows(),
        deps.db
          .select({ bookId: readingProgress.bookId })
          .from(readingProgress)
          .where(and(eq(readingProgress.userId, userId), isNotNull(readingProgress.finishedAt)))
          .then((rows) => rows.map((r) => r.bookId)),
      ]);
  // Written once per level (and again only when a book joins the level): reads otherwise.
  const have = new Set(existing.map((r) => r.bookId));
  const rows = levelBooks.every((b) => have.has(b.id))
    ? existing
    : await insertFootprints(deps, userId, level, levelBooks).then(readRows);
  const done = new Set(finished);
  const byId = new Map(levelBooks.map((b) => [b.id, b]));
  return rows
    .filter((r) => r.bookId !== null && byId.has(r.bookId))
    .map((row) => ({
      row,
      mission: present(
        row,
        row.bookId !== null && done.has(row.bookId) ? 1 : 0,
        undefined,
        row.bookId === null ? undefined : byId.get(row.bookId),
      ),
    }));
}

async function insertFootprints(
  deps: AppDeps,
  userId: number,
  level: number,
  levelBooks: Pick<BookHead, 'id'>[],
) {
  await deps.db
    .insert(userMissions)
    .values(
      levelBooks.map((b, i) => ({
        userId,
        innerId: `footprint:${level}:${b.id}`,
        period: 'once',
        type: 1,
        day: Math.floor(i / FOOTPRINT_BOOKS_PER_DAY) + 1,
        level,
        bookId: b.id,
        bookSeq: i + 1,
        target: 1,
        coins: FOOTPRINT_REWARD.coins,
        diamonds: FOOTPRINT_REWARD.diamonds,
      })),
    )
    .onConflictDoNothing();
}

/** GET /api/v1/user/footprints?level: day cards of the level's path with the current card. */
export async function footprints(deps: AppDeps, userId: number, level?: number) {
  const lvl = level ?? (await userLevel(deps.db, userId));
  const missions = (await footprintMissions(deps, userId, lvl)).map((f) => f.mission);
  const byDay = new Map<number, TMission[]>();
  for (const m of missions) byDay.set(m.day, [...(byDay.get(m.day) ?? []), m]);
  const days = [...byDay.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([day, list]) => ({ day, missions: list }));
  const current = footprintCurrentIndex(days);
  return {
    level: lvl,
    current_day: current >= 0 ? (days[current]?.day ?? 0) : 0,
    days: days.map((d, i) => ({ day: d.day, current: i === current, list: d.missions })),
  };
}

/**
 * POST /api/v1/user/missions/{id}: pays a finished mission's coins and diamonds once. The row is
 * locked, so of 20 concurrent collects one pays and the others find it collected (10104); the
 * ledger key mission:{id} is the last guard.
 */
export async function collectMission(
  deps: AppDeps,
  userId: number,
  missionId: number,
): Promise<TMissionCollected> {
  const paid = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userMissions)
      .where(and(eq(userMissions.id, missionId), eq(userMissions.userId, userId)))
      .for('update');
    if (!row) throw new AppError(ErrorCode.RecordNotFound, '任务不存在');
    if (row.collectedAt) throw new AppError(ErrorCode.AlreadyReceived, '这个任务的奖励已经领过啦');
    const progress = await progressOf(tx, row);
    if (progress < row.target) {
      throw new AppError(ErrorCode.NotAllowed, '任务还没完成哦，完成后再来领奖励吧');
    }
    await tx
      .update(userMissions)
      .set({ collectedAt: deps.clock.now() })
      .where(eq(userMissions.id, row.id));
    await postInTransaction(tx, {
      userId,
      idempotencyKey: `mission:${row.id}`,
      reason: `mission:${row.innerId}`,
      lines: [
        { currency: 'coins', delta: row.coins },
        { currency: 'diamonds', delta: row.diamonds },
      ],
    });
    return { coins: row.coins, diamonds: row.diamonds };
  });
  const balances = await readBalances(deps.db, userId);
  return { id: missionId, reward: paid, coins: balances.coins, diamonds: balances.diamonds };
}
