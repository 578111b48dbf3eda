import {
  CAMP_KIND_VALUES,
  ErrorCode,
  type TCampCalendar,
  type TCampState,
  type TCampSuggest,
} from '@picbook/contracts';
import { type CampKind, campCalendar, campDayOf, campFinished } from '@picbook/domain';
import { and, desc, eq, gte, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { books, campDays, campMembers, camps, readingProgress } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError, invalidParams } from '../../platform/errors';
import { postInTransaction } from '../../platform/ledger/ledger';
import { withMediaUrls } from '../../platform/media/media-url';
import { CHINA_OFFSET_MS, chinaDate, unixSeconds } from '../../platform/time';
import { userLevel } from './user-level';

type Camp = typeof camps.$inferSelect;
type Member = typeof campMembers.$inferSelect;

/** Promotions a finished camp may open, and where they live. */
export const CAMP_PROMO_LINKS: Record<string, string> = {
  lifelong: '/act/upgradeLifeVip/freeRead',
};

export const isCampKind = (k: string): k is CampKind =>
  (CAMP_KIND_VALUES as readonly string[]).includes(k);

/** The camp a family joins for a kind: the newest active one. */
async function activeCamp(db: DbOrTx, kind: CampKind): Promise<Camp | null> {
  const rows = await db
    .select()
    .from(camps)
    .where(and(eq(camps.kind, kind), eq(camps.active, true)))
    .orderBy(desc(camps.id))
    .limit(1);
  return rows[0] ?? null;
}

async function memberOf(db: DbOrTx, campId: number, userId: number): Promise<Member | null> {
  const rows = await db
    .select()
    .from(campMembers)
    .where(and(eq(campMembers.campId, campId), eq(campMembers.userId, userId)));
  return rows[0] ?? null;
}

/** 43100 naming the activity (§8: the 0-yuan learn and read variants name their own). */
const notJoined = (camp: Camp | null) =>
  new AppError(
    ErrorCode.ActivityNotJoined,
    camp ? `您还没有参加「${camp.name}」活动` : '您还没有参加该活动',
  );

async function requireMember(deps: AppDeps, kind: CampKind, userId: number) {
  const camp = await activeCamp(deps.db, kind);
  const member = camp ? await memberOf(deps.db, camp.id, userId) : null;
  if (!camp || !member) throw notJoined(camp);
  return { camp, member };
}

/** The day's books of a member (rows of their level or of every level). */
async function dayBooks(db: DbOrTx, camp: Camp, member: Member) {
  return db
    .select({
      day: campDays.day,
      title: campDays.title,
      bookId: books.id,
      titleEn: books.titleEn,
      titleCn: books.titleCn,
      level: books.level,
      cover: books.cover,
    })
    .from(campDays)
    .innerJoin(books, eq(books.id, campDays.bookId))
    .where(and(eq(campDays.campId, camp.id), inArray(campDays.level, [0, member.level])))
    .orderBy(campDays.day);
}

/**
 * Books finished since joining: read to the end at least once, and opened after joining (the
 * reading record keeps the last read, not every read).
 */
async function booksReadSinceJoining(db: DbOrTx, member: Member): Promise<Set<number>> {
  const rows = await db
    .select({ bookId: readingProgress.bookId })
    .from(readingProgress)
    .where(
      and(
        eq(readingProgress.userId, member.userId),
        isNotNull(readingProgress.finishedAt),
        gte(readingProgress.lastReadAt, member.joinedAt),
      ),
    );
  return new Set(rows.map((r) => r.bookId));
}

async function progressOf(db: DbOrTx, camp: Camp, member: Member) {
  const [entries, read] = await Promise.all([
    dayBooks(db, camp, member),
    booksReadSinceJoining(db, member),
  ]);
  const byDay = new Map<number, typeof entries>();
  for (const e of entries) byDay.set(e.day, [...(byDay.get(e.day) ?? []), e]);
  const doneDays = new Set<number>();
  for (const [day, list] of byDay) if (list.every((e) => read.has(e.bookId))) doneDays.add(day);
  return { entries, read, byDay, doneDays };
}

/** Seconds of China midnight of a YYYY-MM-DD date. */
const chinaMidnight = (isoDay: string) =>
  unixSeconds(new Date(Date.parse(`${isoDay}T00:00:00Z`) - CHINA_OFFSET_MS));

const campInfo = (camp: Camp): NonNullable<TCampState['camp']> => ({
  id: camp.id,
  kind: camp.kind as CampKind,
  name: camp.name,
  desc: camp.description,
  days: camp.days,
  levels: camp.levels,
  reward: { coins: camp.rewardCoins, diamonds: camp.rewardDiamonds },
  promo: camp.promo,
});

/**
 * Pays a finished camp's reward once: the member row is stamped only while unstamped, in the
 * same transaction as the ledger posting camp:{campId}:{userId}.
 */
async function payCampReward(deps: AppDeps, camp: Camp, member: Member): Promise<void> {
  if (member.rewardCollectedAt) return;
  await deps.db.transaction(async (tx) => {
    const stamped = await tx
      .update(campMembers)
      .set({ rewardCollectedAt: deps.clock.now() })
      .where(
        and(
          eq(campMembers.campId, camp.id),
          eq(campMembers.userId, member.userId),
          isNull(campMembers.rewardCollectedAt),
        ),
      )
      .returning({ userId: campMembers.userId });
    if (stamped.length === 0) return;
    await postInTransaction(tx, {
      userId: member.userId,
      idempotencyKey: `camp:${camp.id}:${member.userId}`,
      reason: `camp:${camp.slug}`,
      lines: [
        { currency: 'coins', delta: camp.rewardCoins },
        { currency: 'diamonds', delta: camp.rewardDiamonds },
      ],
    });
  });
}

/** GET …/missions/{kind}: the camp and this family's state (§3 user_active holding level). */
export async function campState(
  deps: AppDeps,
  kind: CampKind,
  userId: number,
): Promise<TCampState> {
  const camp = await activeCamp(deps.db, kind);
  if (!camp) return { camp: null, user_active: null };
  const member = await memberOf(deps.db, camp.id, userId);
  if (!member) return { camp: campInfo(camp), user_active: null };
  const { doneDays } = await progressOf(deps.db, camp, member);
  const finished = campFinished(camp.days, doneDays);
  if (finished) await payCampReward(deps, camp, member);
  return {
    camp: campInfo(camp),
    user_active: {
      level: member.level,
      start_time: chinaMidnight(member.startDay),
      day: campDayOf(member.startDay, chinaDate(deps.clock.now())),
      done_days: doneDays.size,
      finished,
      reward_collected: finished,
      promo_link: finished && camp.promo ? (CAMP_PROMO_LINKS[camp.promo] ?? null) : null,
    },
  };
}

/**
 * Joins a camp (day 1 is today in China) or, already in it, changes the level (freelearn2 and
 * training choose theirs). A level outside the camp's levels is a 10001.
 */
export async function joinCamp(
  deps: AppDeps,
  kind: CampKind,
  userId: number,
  level: number | undefined,
): Promise<TCampState> {
  const camp = await activeCamp(deps.db, kind);
  if (!camp) throw new AppError(ErrorCode.RecordNotFound, '活动不存在');
  const chosen = level ?? (await userLevel(deps.db, userId));
  if (camp.levels.length > 0 && !camp.levels.includes(chosen)) {
    throw invalidParams('level', `只能选择 ${camp.levels.join('、')}`);
  }
  const now = deps.clock.now();
  await deps.db
    .insert(campMembers)
    .values({ campId: camp.id, userId, startDay: chinaDate(now), level: chosen, joinedAt: now })
    .onConflictDoUpdate({
      target: [campMembers.campId, campMembers.userId],
      set: { level: chosen },
    });
  return campState(deps, kind, userId);
}

/** GET …/calendar?month=YYYY-MM (China time). */
export async function campCalendarOf(
  deps: AppDeps,
  kind: CampKind,
  userId: number,
  month: string | undefined,
): Promise<TCampCalendar> {
  const { camp, member } = await requireMember(deps, kind, userId);
  const now = deps.clock.now();
  const today = chinaDate(now);
  const { doneDays, byDay } = await progressOf(deps.db, camp, member);
  const wanted = month ?? today.slice(0, 7);
  const list = campCalendar({
    startDay: member.startDay,
    days: camp.days,
    today,
    month: wanted,
    doneDays,
  }).map((e) => ({
    day: e.day,
    date: e.date,
    start_time: chinaMidnight(e.date),
    state: e.state,
    title: byDay.get(e.day)?.[0]?.title ?? `第${e.day}天`,
  }));
  return {
    month: wanted,
    now_time: unixSeconds(now),
    start_time: chinaMidnight(member.startDay),
    list,
  };
}

/** GET …/suggest: today's books (the last day's after the camp ended). */
export async function campSuggest(
  deps: AppDeps,
  kind: CampKind,
  userId: number,
  query: { type?: number; active_type?: number },
): Promise<TCampSuggest> {
  const { camp, member } = await requireMember(deps, kind, userId);
  const today = campDayOf(member.startDay, chinaDate(deps.clock.now()));
  const day = Math.min(Math.max(today, 1), camp.days);
  const { byDay, read } = await progressOf(deps.db, camp, member);
  const list = (byDay.get(day) ?? []).map((e) => ({
    day,
    title: e.title,
    done: read.has(e.bookId),
    book_info: {
      id: e.bookId,
      title_en: e.titleEn,
      title_cn: e.titleCn,
      level: e.level,
      cover: e.cover,
    },
  }));
  return withMediaUrls(
    { day, type: query.type ?? 1, active_type: query.active_type ?? 0, list },
    deps,
  );
}
