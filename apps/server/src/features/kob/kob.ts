import { ErrorCode, type TKob, type TKobResult } from '@picbook/contracts';
import {
  coerceSetting,
  KOB_ENTRY_CREDITS,
  KOB_WIN_COINS,
  kobFeatureOn,
  kobOpenToday,
  kobWon,
  SETTINGS_GROUP,
  USER_SETTING_DEFAULTS,
} from '@picbook/domain';
import { and, asc, eq, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../platform/db/client';
import {
  books,
  children,
  courseProgress,
  kobChallenges,
  userSettings,
  users,
  works,
} from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { postInTransaction, readBalances } from '../../platform/ledger/ledger';
import { withMediaUrls } from '../../platform/media/media-url';
import { chinaDay } from '../../platform/time';
import { loadConfigs } from '../configs';

/** Without another child's work on the book, the challenge is against this par score. */
export const KOB_PAR_SCORE = 60;

async function gateOf(deps: AppDeps, log: FastifyBaseLogger, userId: number) {
  const [user] = await deps.db
    .select({ isGuest: users.isGuest, level: users.level })
    .from(users)
    .where(eq(users.id, userId));
  const [done] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(courseProgress)
    .where(and(eq(courseProgress.userId, userId), isNotNull(courseProgress.firstFinishedAt)));
  const [setting] = await deps.db
    .select({ value: userSettings.value })
    .from(userSettings)
    .where(
      and(
        eq(userSettings.userId, userId),
        eq(userSettings.group, SETTINGS_GROUP),
        eq(userSettings.key, 'kob_schedule'),
      ),
    );
  const gray = (await loadConfigs(deps.db, log)).gray_options;
  // Xiaodu is the client's part of the gate: the server does not know the shell.
  const access = {
    isXiaodu: false,
    isGuest: user?.isGuest ?? true,
    doneCourses: Number(done?.n ?? 0),
    gray,
  };
  const schedule = coerceSetting(setting?.value, USER_SETTING_DEFAULTS.kob_schedule);
  const day = chinaDay(deps.clock.now());
  const isoWeekday = ((new Date(`${day.day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  return {
    level: user?.level ?? 1,
    enabled: kobFeatureOn(access),
    openToday: kobOpenToday(access, schedule, isoWeekday),
    schedule,
    day,
  };
}

/** The child's best score per book read aloud (a finished work) today. */
async function todaysScores(db: DbOrTx, userId: number, day: { from: Date; to: Date }) {
  return db
    .select({
      bookId: works.bookId,
      score: sql<number>`max(${works.score})::int`,
      titleEn: books.titleEn,
      titleCn: books.titleCn,
      level: books.level,
      cover: books.cover,
    })
    .from(works)
    .innerJoin(books, eq(books.id, works.bookId))
    .where(
      and(eq(works.userId, userId), gte(works.finishedAt, day.from), lt(works.finishedAt, day.to)),
    )
    .groupBy(works.bookId, books.titleEn, books.titleCn, books.level, books.cover)
    .orderBy(asc(works.bookId));
}

const presentResult = (
  row: typeof kobChallenges.$inferSelect,
  opponentName: string | null,
): TKobResult => ({
  book_id: row.bookId,
  score: row.score,
  opponent_score: row.opponentScore,
  opponent_name: opponentName,
  won: row.won,
  credits: KOB_ENTRY_CREDITS,
  coins: row.won ? KOB_WIN_COINS : 0,
});

async function nicknameOf(db: DbOrTx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const rows = await db
    .select({ nickname: children.nickname })
    .from(children)
    .where(eq(children.userId, userId))
    .limit(1);
  return rows[0]?.nickname ?? null;
}

/** GET /api/v1/kob. */
export async function kobState(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
): Promise<TKob> {
  const gate = await gateOf(deps, log, userId);
  const [balances, scores, played] = await Promise.all([
    readBalances(deps.db, userId),
    todaysScores(deps.db, userId, gate.day),
    deps.db
      .select()
      .from(kobChallenges)
      .where(and(eq(kobChallenges.userId, userId), eq(kobChallenges.day, gate.day.day))),
  ]);
  const today = played[0]
    ? presentResult(played[0], await nicknameOf(deps.db, played[0].opponentUserId))
    : null;
  return withMediaUrls(
    {
      enabled: gate.enabled,
      open_today: gate.openToday,
      schedule: gate.schedule,
      entry_credits: KOB_ENTRY_CREDITS,
      win_coins: KOB_WIN_COINS,
      credits: balances.credits,
      coins: balances.coins,
      today,
      candidates: scores.map((s) => ({
        book_info: {
          id: s.bookId,
          title_en: s.titleEn,
          title_cn: s.titleCn,
          level: s.level,
          cover: s.cover,
        },
        score: s.score,
      })),
    },
    deps,
  );
}

/**
 * The opponent: the best finished work of each other child of the same level on the book; one
 * of them chosen by the day and the child (the same answer on a retry), or the par score.
 */
async function opponentFor(db: DbOrTx, userId: number, level: number, bookId: number, day: string) {
  const rows = await db
    .select({ userId: works.userId, score: sql<number>`max(${works.score})::int` })
    .from(works)
    .innerJoin(users, eq(users.id, works.userId))
    .where(
      and(
        eq(works.bookId, bookId),
        ne(works.userId, userId),
        isNotNull(works.finishedAt),
        eq(users.level, level),
      ),
    )
    .groupBy(works.userId)
    .orderBy(asc(works.userId));
  if (rows.length === 0) return { userId: null, score: KOB_PAR_SCORE };
  const dayNumber = Date.parse(`${day}T00:00:00Z`) / 86_400_000;
  const pick = rows[(userId + dayNumber) % rows.length] ?? rows[0];
  return { userId: pick?.userId ?? null, score: pick?.score ?? KOB_PAR_SCORE };
}

/**
 * POST /api/v1/kob/challenge: once a China day (the row's key), on a kob day, with a book read
 * aloud today; the entry credits and a win's coins post with the challenge row in one
 * transaction, under keys per child and day.
 */
export async function challenge(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  bookId: number,
): Promise<TKobResult> {
  const gate = await gateOf(deps, log, userId);
  if (!gate.enabled) throw new AppError(ErrorCode.NotAllowed, '挑战赛还没有开放');
  if (!gate.openToday) throw new AppError(ErrorCode.NotAllowed, '今天不是挑战日哦');
  const scores = await todaysScores(deps.db, userId, gate.day);
  const mine = scores.find((s) => s.bookId === bookId);
  if (!mine) throw new AppError(ErrorCode.NotAllowed, '先用跟读或口语练习读完这本书，再来挑战吧');
  const opponent = await opponentFor(deps.db, userId, gate.level, bookId, gate.day.day);
  const won = kobWon(mine.score, opponent.score);
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(kobChallenges)
      .values({
        userId,
        day: gate.day.day,
        bookId,
        score: mine.score,
        opponentUserId: opponent.userId,
        opponentScore: opponent.score,
        won,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw new AppError(ErrorCode.AlreadyReceived, '今天已经挑战过啦，明天再来吧');
    const balances = await readBalances(tx, userId);
    if (balances.credits < KOB_ENTRY_CREDITS) {
      throw new AppError(ErrorCode.NotAllowed, `学分不够啦，挑战需要 ${KOB_ENTRY_CREDITS} 学分`);
    }
    await postInTransaction(tx, {
      userId,
      idempotencyKey: `kob-entry:${userId}:${gate.day.day}`,
      reason: `kob:${bookId}`,
      lines: [{ currency: 'credits', delta: -KOB_ENTRY_CREDITS }],
    });
    if (won) {
      await postInTransaction(tx, {
        userId,
        idempotencyKey: `kob-win:${userId}:${gate.day.day}`,
        reason: `kob:${bookId}`,
        lines: [{ currency: 'coins', delta: KOB_WIN_COINS }],
      });
    }
    return inserted;
  });
  return presentResult(row, await nicknameOf(deps.db, opponent.userId));
}
