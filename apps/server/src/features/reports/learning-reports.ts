import { ErrorCode, type TBookReport, type TReportCards, type TStars } from '@picbook/contracts';
import {
  type BestRecording,
  CHILD_CURRENCIES,
  type ChildCurrency,
  courseItems,
  LEDGER_REASON_TITLES_ZH,
  ledgerReasonBook,
  ledgerReasonKind,
  type RunSummary,
  soundStrengths,
  studyMinutes,
  summarizeRun,
  WORK_TYPE,
  weeklyTrend,
  workItemsOf,
} from '@picbook/domain';
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import {
  bookPages,
  books,
  bookWords,
  courseProgress,
  courseReports,
  courses,
  ledgerEntries,
  planWeeks,
  recordings,
  studyTime,
  wordReviews,
  workItems,
  works,
} from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { readBalances } from '../../platform/ledger/ledger';
import { recordingUrl } from '../../platform/storage/serve-uploads';
import { chinaDate, unixSeconds } from '../../platform/time';
import { scoredRecording } from '../works';
import { studySecondsByDay } from './study-time';

/** A level's courses with this child's progress, in plan order. */
async function levelCourses(db: DbOrTx, userId: number, level: number) {
  return db
    .select({
      processId: courses.processId,
      uuid: courses.uuid,
      week: courses.week,
      stage: courses.stage,
      bookId: courses.bookId,
      titleCn: courses.titleCn,
      stars: courseProgress.stars,
      bestScore: courseProgress.bestScore,
      finishCount: courseProgress.finishCount,
    })
    .from(courses)
    .leftJoin(
      courseProgress,
      and(eq(courseProgress.courseUuid, courses.uuid), eq(courseProgress.userId, userId)),
    )
    .where(eq(courses.level, level))
    .orderBy(asc(courses.week), asc(courses.stage), asc(courses.subPath), asc(courses.position));
}

/** The latest report id of each of these courses for this child. */
async function lastReports(db: DbOrTx, userId: number, uuids: string[]) {
  if (uuids.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ uuid: courseReports.courseUuid, id: courseReports.id })
    .from(courseReports)
    .where(and(eq(courseReports.userId, userId), inArray(courseReports.courseUuid, uuids)))
    .orderBy(asc(courseReports.id));
  return new Map(rows.map((r) => [r.uuid, r.id]));
}

/** Whole minutes per day, summed: how a book report's minutes chart adds up. */
function sumDailyMinutes(days: Map<string, number>): number {
  let total = 0;
  for (const seconds of days.values()) total += studyMinutes(seconds);
  return total;
}

/**
 * Minutes per book of these courses' books: the courses' study time and the learning screens'
 * time, rounded per day as the book report does, so a card and its report agree.
 */
async function bookMinutes(
  db: DbOrTx,
  userId: number,
  rows: Array<{ uuid: string; bookId: number }>,
): Promise<Map<number, number>> {
  const bookIds = [...new Set(rows.map((r) => r.bookId))];
  if (bookIds.length === 0) return new Map();
  const bookOf = new Map(rows.map((r) => [r.uuid, r.bookId]));
  const [reports, screens] = await Promise.all([
    db
      .select({
        uuid: courseReports.courseUuid,
        at: courseReports.createdAt,
        seconds: courseReports.studyTime,
      })
      .from(courseReports)
      .where(
        and(
          eq(courseReports.userId, userId),
          inArray(courseReports.courseUuid, [...bookOf.keys()]),
        ),
      ),
    db
      .select({ bookId: studyTime.bookId, day: studyTime.day, seconds: studyTime.seconds })
      .from(studyTime)
      .where(and(eq(studyTime.userId, userId), inArray(studyTime.bookId, bookIds))),
  ]);
  const byBook = new Map<number, Map<string, number>>();
  const add = (bookId: number | undefined, day: string, seconds: number) => {
    if (bookId === undefined) return;
    const days = byBook.get(bookId) ?? new Map<string, number>();
    days.set(day, (days.get(day) ?? 0) + seconds);
    byBook.set(bookId, days);
  };
  for (const r of reports) add(bookOf.get(r.uuid), chinaDate(r.at), r.seconds);
  for (const s of screens) add(s.bookId, s.day, s.seconds);
  return new Map([...byBook].map(([bookId, days]) => [bookId, sumDailyMinutes(days)]));
}

const mean = (xs: number[]) =>
  xs.length === 0 ? 0 : Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);

/** GET /api/v1.1/reports/cards: one card per week's book of a level. */
export async function reportCards(
  deps: AppDeps,
  userId: number,
  level: number,
): Promise<TReportCards> {
  const [weeks, rows] = await Promise.all([
    deps.db
      .select({
        week: planWeeks.week,
        bookId: planWeeks.bookId,
        titleCn: books.titleCn,
        titleEn: books.titleEn,
        cover: books.cover,
      })
      .from(planWeeks)
      .innerJoin(books, eq(books.id, planWeeks.bookId))
      .where(eq(planWeeks.level, level))
      .orderBy(asc(planWeeks.week)),
    levelCourses(deps.db, userId, level),
  ]);
  const [last, minutes] = await Promise.all([
    lastReports(
      deps.db,
      userId,
      rows.map((r) => r.uuid),
    ),
    bookMinutes(deps.db, userId, rows),
  ]);
  return {
    level,
    cards: weeks.map((w) => {
      const ofWeek = rows.filter((r) => r.week === w.week);
      const done = ofWeek.filter((r) => (r.finishCount ?? 0) > 0);
      const reportIds = ofWeek.map((r) => last.get(r.uuid)).filter((id) => id !== undefined);
      return {
        book_id: w.bookId,
        week: w.week,
        title_cn: w.titleCn,
        title_en: w.titleEn,
        cover: w.cover,
        courses_done: done.length,
        course_num: ofWeek.length,
        score: mean(done.map((r) => r.bestScore ?? 0)),
        stars: done.reduce((s, r) => s + (r.stars ?? 0), 0),
        last_report_id: reportIds.length > 0 ? Math.max(...reportIds) : null,
        minutes: minutes.get(w.bookId) ?? 0,
      };
    }),
  };
}

/** GET /api/v1/user/stars: a level's stars by week and course. */
export async function userStars(deps: AppDeps, userId: number, level: number): Promise<TStars> {
  const [rows, weeks] = await Promise.all([
    levelCourses(deps.db, userId, level),
    deps.db
      .select({ week: planWeeks.week, themeCn: planWeeks.themeCn })
      .from(planWeeks)
      .where(eq(planWeeks.level, level))
      .orderBy(asc(planWeeks.week)),
  ]);
  const out = weeks.map((w) => {
    const list = rows
      .filter((r) => r.week === w.week)
      .map((r) => ({
        process_id: r.processId,
        title_cn: r.titleCn,
        stage: r.stage,
        stars: r.stars ?? 0,
      }));
    return {
      week: w.week,
      title_cn: w.themeCn,
      stars: list.reduce((s, c) => s + c.stars, 0),
      courses: list,
    };
  });
  return {
    level,
    total: out.reduce((s, w) => s + w.stars, 0),
    possible: rows.length * 3,
    weeks: out,
  };
}

/** What a ledger entry was for, in the parents' words (by ledgerReasonKind). */
export const reasonTitle = (reason: string): string =>
  LEDGER_REASON_TITLES_ZH[ledgerReasonKind(reason)];

type ChildCurrencyFilter = { currency?: ChildCurrency | undefined };

/**
 * GET /api/v1/user/my_award: balances, everything earned, and the latest entries — earnings of
 * every balance, or with `currency` that one balance's earnings and spendings (the top bar's
 * pills open them).
 */
export async function myAward(deps: AppDeps, userId: number, query: ChildCurrencyFilter = {}) {
  const mine = eq(ledgerEntries.userId, userId);
  const shown = query.currency
    ? and(mine, eq(ledgerEntries.currency, query.currency))
    : and(mine, gt(ledgerEntries.delta, 0), inArray(ledgerEntries.currency, [...CHILD_CURRENCIES]));
  const [balances, sums, list] = await Promise.all([
    readBalances(deps.db, userId),
    deps.db
      .select({
        currency: ledgerEntries.currency,
        earned: sql<number>`sum(${ledgerEntries.delta})::int`,
      })
      .from(ledgerEntries)
      .where(
        and(
          mine,
          gt(ledgerEntries.delta, 0),
          inArray(ledgerEntries.currency, [...CHILD_CURRENCIES]),
        ),
      )
      .groupBy(ledgerEntries.currency),
    deps.db.select().from(ledgerEntries).where(shown).orderBy(desc(ledgerEntries.id)).limit(50),
  ]);
  const totals = { coins: 0, credits: 0, diamonds: 0 };
  for (const s of sums) totals[s.currency as ChildCurrency] = s.earned;
  const bookIds = [
    ...new Set(list.map((e) => ledgerReasonBook(e.reason)).filter((b) => b !== null)),
  ];
  const titles = new Map(
    bookIds.length === 0
      ? []
      : (
          await deps.db
            .select({ id: books.id, title: books.titleCn })
            .from(books)
            .where(inArray(books.id, bookIds))
        ).map((b) => [b.id, b.title]),
  );
  return {
    balances: { coins: balances.coins, credits: balances.credits, diamonds: balances.diamonds },
    totals,
    list: list.map((e) => {
      const book = ledgerReasonBook(e.reason);
      return {
        reason: e.reason,
        kind: ledgerReasonKind(e.reason),
        title_cn: reasonTitle(e.reason),
        book_title: book === null ? null : (titles.get(book) ?? null),
        currency: e.currency,
        amount: e.delta,
        created_at: unixSeconds(e.createdAt),
      };
    }),
  };
}

/** The text of a work item (p{page}s{n} a sentence, p{page} a whole page). */
function workItemText(
  pages: Map<number, Array<{ en: string }>>,
  contentId: string,
  page: number,
): string {
  const m = /^p\d+s(\d+)$/.exec(contentId);
  const sentences = pages.get(page) ?? [];
  if (m) return sentences[Number(m[1]) - 1]?.en ?? '';
  return sentences.map((s) => s.en).join(' ');
}

async function pageTexts(db: DbOrTx, bookIds: number[]) {
  const out = new Map<number, Map<number, Array<{ en: string }>>>();
  if (bookIds.length === 0) return out;
  const rows = await db
    .select({ bookId: bookPages.bookId, page: bookPages.page, sentences: bookPages.sentences })
    .from(bookPages)
    .where(inArray(bookPages.bookId, bookIds));
  for (const r of rows) {
    const book = out.get(r.bookId) ?? new Map();
    book.set(r.page, r.sentences);
    out.set(r.bookId, book);
  }
  return out;
}

const notFound = () => new AppError(ErrorCode.RecordNotFound, '这本书还没有学习报告');

/**
 * GET /api/v1.1/reports/book/{id}: a book's courses and what the child did with the book —
 * minutes per day (courses' study time and the learning screens' time, decision 091), words learned (reviewed at least once),
 * and pronunciation (every scored recording of the book's courses and works) by week and sound.
 */
export async function bookReport(
  deps: AppDeps,
  userId: number,
  bookId: number,
): Promise<TBookReport> {
  const [book] = await deps.db.select().from(books).where(eq(books.id, bookId)).limit(1);
  if (!book) throw notFound();
  const [courseRows, wordTotal, learned, workRows, screens] = await Promise.all([
    deps.db
      .select({ course: courses, progress: courseProgress })
      .from(courses)
      .leftJoin(
        courseProgress,
        and(eq(courseProgress.courseUuid, courses.uuid), eq(courseProgress.userId, userId)),
      )
      .where(eq(courses.bookId, bookId))
      .orderBy(asc(courses.week), asc(courses.stage), asc(courses.subPath), asc(courses.position)),
    deps.db.select({ n: count() }).from(bookWords).where(eq(bookWords.bookId, bookId)),
    deps.db
      .select({ n: count() })
      .from(wordReviews)
      .where(
        and(
          eq(wordReviews.userId, userId),
          eq(wordReviews.bookId, bookId),
          isNotNull(wordReviews.lastReview),
        ),
      ),
    deps.db
      .select({
        contentId: workItems.contentId,
        page: workItems.secondaryId,
        score: workItems.score,
        at: recordings.createdAt,
      })
      .from(workItems)
      .innerJoin(works, eq(works.id, workItems.workId))
      .innerJoin(recordings, eq(recordings.id, workItems.recordingId))
      .where(and(eq(works.userId, userId), eq(works.bookId, bookId), scoredRecording)),
    studySecondsByDay(deps.db, userId, null, bookId),
  ]);
  const uuids = courseRows.map((r) => r.course.uuid);
  const reports =
    uuids.length === 0
      ? []
      : await deps.db
          .select()
          .from(courseReports)
          .where(and(eq(courseReports.userId, userId), inArray(courseReports.courseUuid, uuids)))
          .orderBy(asc(courseReports.id));
  const started =
    reports.length > 0 || workRows.length > 0 || screens.length > 0 || (learned[0]?.n ?? 0) > 0;
  if (!started) throw notFound();

  const minutes = new Map<string, number>();
  const addSeconds = (day: string, seconds: number) =>
    minutes.set(day, (minutes.get(day) ?? 0) + seconds);
  const spoken: Array<{ day: string; text: string; score: number }> = [];
  const byUuid = new Map(courseRows.map((r) => [r.course.uuid, r.course]));
  for (const r of reports) {
    addSeconds(chinaDate(r.createdAt), r.studyTime);
    const course = byUuid.get(r.courseUuid);
    if (!course) continue;
    const defs = new Map(courseItems(course.content).map((i) => [i.id, i]));
    for (const item of r.items) {
      const text = defs.get(item.id)?.texts?.[0];
      if (item.audio_url && item.answered && text) {
        spoken.push({ day: chinaDate(r.redoneAt ?? r.createdAt), text, score: item.score });
      }
    }
  }
  const texts = (await pageTexts(deps.db, [bookId])).get(bookId) ?? new Map();
  // The recordings' own seconds are not added: the screen they were made on reported its time.
  for (const w of workRows) {
    spoken.push({
      day: chinaDate(w.at),
      text: workItemText(texts, w.contentId, w.page),
      score: w.score,
    });
  }
  for (const s of screens) addSeconds(s.day, s.seconds);
  const last = new Map(reports.map((r) => [r.courseUuid, r.id]));
  const sounds = soundStrengths(spoken.filter((s) => s.text));
  return {
    book: {
      id: book.id,
      title_cn: book.titleCn,
      title_en: book.titleEn,
      level: book.level,
      cover: book.cover,
    },
    courses: courseRows.map(({ course, progress }) => ({
      process_id: course.processId,
      title_cn: course.titleCn,
      score: progress?.bestScore ?? 0,
      stars: progress?.stars ?? 0,
      report_id: last.get(course.uuid) ?? null,
      study_time: reports
        .filter((r) => r.courseUuid === course.uuid)
        .reduce((s, r) => s + r.studyTime, 0),
    })),
    daily_minutes: [...minutes.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, seconds]) => ({ day, minutes: studyMinutes(seconds) })),
    words: { learned: learned[0]?.n ?? 0, total: wordTotal[0]?.n ?? 0 },
    pronunciation: { trend: weeklyTrend(spoken), ...sounds },
  };
}

/** The child's works as read reports (latest first). */
async function readRuns(db: DbOrTx, userId: number, uuid?: string) {
  return db
    .select({ work: works, book: books })
    .from(works)
    .innerJoin(books, eq(books.id, works.bookId))
    .where(uuid ? and(eq(works.userId, userId), eq(works.uuid, uuid)) : eq(works.userId, userId))
    .orderBy(desc(works.createdAt))
    .limit(50);
}

type RunRow = Awaited<ReturnType<typeof readRuns>>[number];

/**
 * The scored items of runs (verdict ok; an older client filed silence and other sentences too)
 * and each run's book items in its mode (decision 098).
 */
async function runItems(db: DbOrTx, rows: readonly RunRow[]) {
  const workIds = rows.map((r) => r.work.id);
  const [items, texts] = await Promise.all([
    workIds.length === 0
      ? []
      : db
          .select({
            workId: workItems.workId,
            contentId: workItems.contentId,
            page: workItems.secondaryId,
            score: workItems.score,
            key: recordings.key,
          })
          .from(workItems)
          .innerJoin(recordings, eq(recordings.id, workItems.recordingId))
          .where(and(inArray(workItems.workId, workIds), scoredRecording))
          .orderBy(asc(workItems.secondaryId), asc(workItems.contentId)),
    pageTexts(db, [...new Set(rows.map((r) => r.book.id))]),
  ]);
  const byWork = new Map<number, typeof items>();
  for (const item of items) byWork.set(item.workId, [...(byWork.get(item.workId) ?? []), item]);
  return { byWork, texts };
}

function summary(row: RunRow, run: RunSummary) {
  return {
    uuid: row.work.uuid,
    work_id: row.work.id,
    book_id: row.book.id,
    title_cn: row.book.titleCn,
    title_en: row.book.titleEn,
    cover: row.book.cover,
    type: row.work.type,
    score: run.score ?? 0,
    items: run.scored,
    item_total: run.total,
    complete: run.state === 'complete',
    created_at: unixSeconds(row.work.createdAt),
  };
}

/** A run by what was scored in it (summarizeRun), against its book's items in its mode. */
function runOf(
  row: RunRow,
  items: ReadonlyArray<{ score: number }>,
  pages: Map<number, Array<{ en: string }>>,
): RunSummary {
  const pageList = [...pages.entries()].map(([page, sentences]) => ({
    page,
    sentences: sentences.map((s) => s.en),
  }));
  const total = workItemsOf(
    row.work.type === WORK_TYPE.speak ? WORK_TYPE.speak : WORK_TYPE.repeat,
    pageList,
  ).length;
  return summarizeRun(items, total);
}

/** The scored items of a child's read runs whose recording was made in [from, to). */
const scoredItemsBetween = (userId: number, from: Date, to: Date) =>
  and(
    eq(works.userId, userId),
    scoredRecording,
    gte(recordings.createdAt, from),
    lt(recordings.createdAt, to),
  );

/** Sentences (or pages) read aloud and scored in [from, to): the read reports' items. */
export async function sentencesReadBetween(
  db: DbOrTx,
  userId: number,
  from: Date,
  to: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(works)
    .innerJoin(workItems, eq(workItems.workId, works.id))
    .innerJoin(recordings, eq(recordings.id, workItems.recordingId))
    .where(scoredItemsBetween(userId, from, to));
  return row?.n ?? 0;
}

/**
 * The best-scored recording of [from, to) among the read reports' items (the latest of equal
 * scores): its book, sentence and score, or null when nothing was read aloud.
 */
export async function bestRecordingBetween(
  db: DbOrTx,
  userId: number,
  from: Date,
  to: Date,
): Promise<BestRecording | null> {
  const [best] = await db
    .select({
      bookId: works.bookId,
      title: books.titleCn,
      contentId: workItems.contentId,
      page: workItems.secondaryId,
      score: workItems.score,
    })
    .from(works)
    .innerJoin(workItems, eq(workItems.workId, works.id))
    .innerJoin(recordings, eq(recordings.id, workItems.recordingId))
    .innerJoin(books, eq(books.id, works.bookId))
    .where(scoredItemsBetween(userId, from, to))
    .orderBy(desc(workItems.score), desc(recordings.createdAt))
    .limit(1);
  if (!best) return null;
  const pages = (await pageTexts(db, [best.bookId])).get(best.bookId) ?? new Map();
  return {
    title: best.title,
    text: workItemText(pages, best.contentId, best.page),
    score: best.score,
  };
}

/** GET /api/v1/user/read_reports: runs with something scored, latest first. */
export async function readReports(deps: AppDeps, userId: number) {
  const rows = await readRuns(deps.db, userId);
  const { byWork, texts } = await runItems(deps.db, rows);
  const list = rows.flatMap((row) => {
    const run = runOf(row, byWork.get(row.work.id) ?? [], texts.get(row.book.id) ?? new Map());
    return run.state === 'empty' ? [] : [summary(row, run)];
  });
  return { list };
}

/** GET /api/v1/user/read_report: one run's scored sentences with scores and recordings. */
export async function readReport(deps: AppDeps, userId: number, uuid: string) {
  const [row] = await readRuns(deps.db, userId, uuid);
  if (!row) throw new AppError(ErrorCode.RecordNotFound, '这份阅读报告不存在');
  const { byWork, texts } = await runItems(deps.db, [row]);
  const items = byWork.get(row.work.id) ?? [];
  const pages = texts.get(row.book.id) ?? new Map();
  return {
    ...summary(row, runOf(row, items, pages)),
    sentences: items.map((i) => ({
      content_id: i.contentId,
      page: i.page,
      text: workItemText(pages, i.contentId, i.page),
      score: i.score,
      audio_url: recordingUrl(deps, i.key, userId, userId),
    })),
  };
}
