import {
  ErrorCode,
  type TLearnSetting,
  type TParentMessages,
  type TParentSpace,
} from '@picbook/contracts';
import { studyMinutes, type WeekActivity, wasActive, weeklySummaryText } from '@picbook/domain';
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../platform/db/client';
import {
  children,
  courseProgress,
  courseReports,
  feedback,
  learnSettings,
  parentMessages,
  readingDays,
  readingProgress,
  recordings,
  studyTime,
  users,
  wordReviews,
} from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { probeImage } from '../../platform/media/image-probe';
import { writeMessage } from '../../platform/messages/parent-messages';
import { newObjectKey } from '../../platform/storage/keys';
import { chinaDate, chinaDay, unixSeconds } from '../../platform/time';
import { bestRecordingBetween, sentencesReadBetween } from './learning-reports';
import { studySecondsByDay } from './study-time';

const DAY_MS = 86_400_000;

/** Default learn setting until a parent saves one (15 minutes, every day, no reminder). */
const DEFAULT_SETTING = { dailyMinutes: 15, studyDays: [1, 2, 3, 4, 5, 6, 7], reminderTime: null };

/** The China week [from, to) that `now` falls in, and its Monday. */
export function chinaWeek(now: Date): { monday: string; from: Date; to: Date } {
  const { day, from } = chinaDay(now);
  const back = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const start = new Date(from.getTime() - back * DAY_MS);
  return {
    monday: chinaDate(start),
    from: start,
    to: new Date(start.getTime() + 7 * DAY_MS),
  };
}

/**
 * What a child did in [from, to) (China midnights): minutes per China day (courses' study time
 * and the learning screens' reported time, decision 091), courses submitted, books read, sentences
 * read aloud (the read reports' items), words reviewed, mean course score.
 */
export async function activityBetween(
  db: DbOrTx,
  userId: number,
  from: Date,
  to: Date,
): Promise<WeekActivity> {
  const inWindow = (column: AnyPgColumn) => and(gte(column, from), lt(column, to));
  const [reports, screens, books, words, sentences] = await Promise.all([
    db
      .select({
        at: courseReports.createdAt,
        seconds: courseReports.studyTime,
        score: courseReports.score,
      })
      .from(courseReports)
      .where(and(eq(courseReports.userId, userId), inWindow(courseReports.createdAt))),
    studySecondsByDay(db, userId, { from: chinaDate(from), to: chinaDate(to) }),
    db
      .select({ n: count() })
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, userId), inWindow(readingProgress.lastReadAt))),
    db
      .select({ n: count() })
      .from(wordReviews)
      .where(and(eq(wordReviews.userId, userId), inWindow(wordReviews.lastReview))),
    sentencesReadBetween(db, userId, from, to),
  ]);
  const seconds = new Map<string, number>();
  const add = (day: string, s: number) => seconds.set(day, (seconds.get(day) ?? 0) + s);
  for (const r of reports) add(chinaDate(r.at), r.seconds);
  for (const r of screens) add(r.day, r.seconds);
  return {
    minutesByDay: [...seconds.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, s]) => ({ day, minutes: studyMinutes(s) })),
    courses: reports.length,
    books: books[0]?.n ?? 0,
    sentences,
    words: words[0]?.n ?? 0,
    meanScore:
      reports.length === 0
        ? null
        : Math.round(reports.reduce((s, r) => s + r.score, 0) / reports.length),
  };
}

async function loadSetting(db: DbOrTx, userId: number) {
  const [row] = await db
    .select()
    .from(learnSettings)
    .where(eq(learnSettings.userId, userId))
    .limit(1);
  return row ?? DEFAULT_SETTING;
}

const unreadCount = async (db: DbOrTx, userId: number) =>
  (
    await db
      .select({ n: count() })
      .from(parentMessages)
      .where(and(eq(parentMessages.userId, userId), isNull(parentMessages.clickedAt)))
  )[0]?.n ?? 0;

/** GET /api/v1/parent_space: the overview a parent opens first. */
export async function parentSpace(deps: AppDeps, userId: number): Promise<TParentSpace> {
  const now = deps.clock.now();
  const week = chinaWeek(now);
  const today = chinaDay(now);
  const last7From = new Date(today.from.getTime() - 6 * DAY_MS);
  const db = deps.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError(ErrorCode.NotLoggedIn, '请先登录');
  const [child, thisWeek, last7, setting, unread, totals] = await Promise.all([
    db.select().from(children).where(eq(children.userId, userId)).limit(1),
    activityBetween(db, userId, week.from, week.to),
    activityBetween(db, userId, last7From, today.to),
    loadSetting(db, userId),
    unreadCount(db, userId),
    lifetimeTotals(db, userId),
  ]);
  const byDay = new Map(last7.minutesByDay.map((d) => [d.day, d.minutes]));
  const days = Array.from({ length: 7 }, (_, i) =>
    chinaDate(new Date(last7From.getTime() + i * DAY_MS)),
  );
  return {
    child: {
      nickname: child[0]?.nickname ?? '',
      avatar: child[0]?.avatar ?? '',
      level: user.level,
    },
    today_minutes: byDay.get(today.day) ?? 0,
    week: {
      minutes: thisWeek.minutesByDay.reduce((s, d) => s + d.minutes, 0),
      courses: thisWeek.courses,
      books: thisWeek.books,
      words: thisWeek.words,
    },
    daily_minutes: days.map((day) => ({ day, minutes: byDay.get(day) ?? 0 })),
    totals,
    unread_messages: unread,
    learn_setting: {
      daily_minutes: setting.dailyMinutes,
      study_days: setting.studyDays,
      reminder_time: setting.reminderTime,
      level: user.level,
    },
  };
}

async function lifetimeTotals(db: DbOrTx, userId: number) {
  const [reportDays, readDays, screenDays, books, courses, words, stars] = await Promise.all([
    db
      .selectDistinct({ at: courseReports.createdAt })
      .from(courseReports)
      .where(eq(courseReports.userId, userId)),
    db.select({ day: readingDays.day }).from(readingDays).where(eq(readingDays.userId, userId)),
    studySecondsByDay(db, userId, null),
    db
      .select({ n: count() })
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, userId), isNotNull(readingProgress.finishedAt))),
    db
      .select({ n: count() })
      .from(courseProgress)
      .where(and(eq(courseProgress.userId, userId), sql`${courseProgress.finishCount} > 0`)),
    db
      .select({ n: count() })
      .from(wordReviews)
      .where(and(eq(wordReviews.userId, userId), isNotNull(wordReviews.lastReview))),
    db
      .select({ n: sql<number>`coalesce(sum(${courseProgress.stars}), 0)::int` })
      .from(courseProgress)
      .where(eq(courseProgress.userId, userId)),
  ]);
  const days = new Set([
    ...reportDays.map((r) => chinaDate(r.at)),
    ...readDays.map((r) => r.day),
    ...screenDays.map((r) => r.day),
  ]);
  return {
    days: days.size,
    books: books[0]?.n ?? 0,
    courses: courses[0]?.n ?? 0,
    words: words[0]?.n ?? 0,
    stars: Number(stars[0]?.n ?? 0),
  };
}

/** POST /api/v1/parent_space/learn_setting (the level is the child's level: user.level). */
export async function saveLearnSetting(
  deps: AppDeps,
  userId: number,
  body: TLearnSetting,
): Promise<TLearnSetting> {
  const studyDays = [...new Set(body.study_days)].sort((a, b) => a - b);
  const values = {
    dailyMinutes: body.daily_minutes,
    studyDays,
    reminderTime: body.reminder_time,
    updatedAt: deps.clock.now(),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(learnSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: learnSettings.userId, set: values });
    await tx.update(users).set({ level: body.level }).where(eq(users.id, userId));
  });
  return { ...body, study_days: studyDays };
}

/** GET /api/v1/parent_space/messages: newest first. */
export async function listMessages(
  deps: AppDeps,
  userId: number,
  query: { page: number; page_size: number },
): Promise<TParentMessages> {
  const [rows, total, unread] = await Promise.all([
    deps.db
      .select()
      .from(parentMessages)
      .where(eq(parentMessages.userId, userId))
      .orderBy(desc(parentMessages.createdAt), desc(parentMessages.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    deps.db.select({ n: count() }).from(parentMessages).where(eq(parentMessages.userId, userId)),
    unreadCount(deps.db, userId),
  ]);
  return {
    list: rows.map((m) => ({
      id: m.id,
      kind: m.kind as TParentMessages['list'][number]['kind'],
      title: m.title,
      body: m.body,
      link: m.link,
      clicked: m.clickedAt !== null,
      created_at: unixSeconds(m.createdAt),
    })),
    unread,
    current_page: query.page,
    page_count: Math.max(1, Math.ceil((total[0]?.n ?? 0) / query.page_size)),
  };
}

/** POST /api/v1/parent_space/click_message: marks one of this family's messages read. */
export async function clickMessage(deps: AppDeps, userId: number, id: number) {
  const rows = await deps.db
    .update(parentMessages)
    .set({ clickedAt: sql`coalesce(${parentMessages.clickedAt}, now())` })
    .where(and(eq(parentMessages.id, id), eq(parentMessages.userId, userId)))
    .returning({ id: parentMessages.id });
  if (rows.length === 0) throw new AppError(ErrorCode.RecordNotFound, '这条消息不存在');
  return { id, unread: await unreadCount(deps.db, userId) };
}

/** Feedback a family may send per day. */
const FEEDBACK_PER_DAY = 10;

/** POST /api/v1/parent_space/feedback: stored (screenshot in object storage), acknowledged. */
export async function sendFeedback(
  deps: AppDeps,
  userId: number,
  body: { content: string; contact: string; screenshot: string | null },
) {
  const today = chinaDay(deps.clock.now());
  const [sent] = await deps.db
    .select({ n: count() })
    .from(feedback)
    .where(and(eq(feedback.userId, userId), gte(feedback.createdAt, today.from)));
  if ((sent?.n ?? 0) >= FEEDBACK_PER_DAY) {
    throw new AppError(ErrorCode.TooManyRequests, '今天的反馈已经很多啦，明天再来吧');
  }
  let screenshotKey: string | null = null;
  if (body.screenshot) {
    // The data URL's type is the client's word: the bytes must be a PNG or JPEG, and are stored
    // as what they are.
    const bytes = Buffer.from(body.screenshot.slice(body.screenshot.indexOf(',') + 1), 'base64');
    const image = probeImage(bytes);
    if (!image || image.format === 'webp') {
      throw new AppError(ErrorCode.InvalidParams, '参数错误：截图不是有效的 PNG 或 JPEG 图片', {
        field: 'screenshot',
      });
    }
    screenshotKey = newObjectKey('feedback', image.ext);
    await deps.storage.put(screenshotKey, bytes, image.contentType);
  }
  const [row] = await deps.db
    .insert(feedback)
    .values({ userId, content: body.content, contact: body.contact, screenshotKey })
    .returning({ id: feedback.id });
  const id = row?.id ?? 0;
  await writeMessage(deps.db, userId, {
    kind: 'feedback',
    title: '我们收到了您的反馈',
    body: `感谢您的反馈：“${body.content.slice(0, 40)}”。我们会尽快处理，并在这里回复您。`,
    dedupeKey: `feedback:${id}:received`,
  });
  return { id };
}

/**
 * The families with anything learned in [from, to) (China midnights): courses, books, words,
 * learning-screen time or recordings. A query, so a caller may use it as a subquery.
 */
export function activeFamiliesBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .selectDistinct({ userId: courseReports.userId })
    .from(courseReports)
    .where(and(gte(courseReports.createdAt, from), lt(courseReports.createdAt, to)))
    .union(
      db
        .selectDistinct({ userId: readingProgress.userId })
        .from(readingProgress)
        .where(and(gte(readingProgress.lastReadAt, from), lt(readingProgress.lastReadAt, to))),
    )
    .union(
      db
        .selectDistinct({ userId: wordReviews.userId })
        .from(wordReviews)
        .where(and(gte(wordReviews.lastReview, from), lt(wordReviews.lastReview, to))),
    )
    .union(
      db
        .selectDistinct({ userId: studyTime.userId })
        .from(studyTime)
        .where(and(gte(studyTime.day, chinaDate(from)), lt(studyTime.day, chinaDate(to)))),
    )
    .union(
      db
        .selectDistinct({ userId: recordings.userId })
        .from(recordings)
        .where(and(gte(recordings.createdAt, from), lt(recordings.createdAt, to))),
    );
}

/**
 * The weekly summary (decision 064): for the China week before the one `now` is in, one message
 * per family whose child was active, computed from that week's data; rerunning writes nothing
 * new (dedupe key weekly:{monday}). Answers how many were written.
 */
export async function writeWeeklySummaries(db: DbOrTx, now: Date): Promise<number> {
  const current = chinaWeek(now);
  const week = chinaWeek(new Date(current.from.getTime() - DAY_MS));
  const active = await activeFamiliesBetween(db, week.from, week.to);
  let written = 0;
  for (const { userId } of active.sort((a, b) => a.userId - b.userId)) {
    const activity = await activityBetween(db, userId, week.from, week.to);
    if (!wasActive(activity)) continue;
    const [child] = await db
      .select({ nickname: children.nickname })
      .from(children)
      .where(eq(children.userId, userId))
      .orderBy(asc(children.id))
      .limit(1);
    const sunday = chinaDate(new Date(week.to.getTime() - DAY_MS));
    const isNew = await writeMessage(db, userId, {
      kind: 'weekly',
      title: `学习周报（${week.monday.slice(5)} 至 ${sunday.slice(5)}）`,
      body: weeklySummaryText(
        child?.nickname || '宝贝',
        activity,
        await bestRecordingBetween(db, userId, week.from, week.to),
      ),
      link: '/parents/reportList',
      dedupeKey: `weekly:${week.monday}`,
    });
    if (isNew) written += 1;
  }
  return written;
}

/** Writes last week's summaries every hour in a running server (idempotent); answers a stop. */
export function startWeeklySummaries(app: FastifyInstance, everyMs = 3_600_000): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    writeWeeklySummaries(app.deps.db, app.deps.clock.now())
      .then((n) => {
        if (n > 0) app.log.info({ written: n }, 'weekly summaries written');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'weekly summaries failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
