import { endpoints } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { CHINA_OFFSET_MS } from '../../platform/time';
import { type Family, FIRST, type PlanKit, startPlanKit } from '../study-plan/study-plan.test-kit';

/**
 * Issue 40 item 1 (decision 091): the learning screens report their time; the parents' space,
 * the week chart and the book report count it per child and China day; a report adds at most the
 * time that passed since the family's previous one.
 */
const DAY_MS = 86_400_000;
let kit: PlanKit;
let bookId = 0;
beforeAll(async () => {
  kit = await startPlanKit();
  // Now, or 15 minutes earlier when a China midnight (UTC+8) is less than 15 minutes away: the
  // first tests' reports span about 7 minutes of one China day, with the rows the database
  // stamps itself (a run at 23:56 China time split them over two days).
  const now = Date.now();
  const toMidnight = DAY_MS - ((now + CHINA_OFFSET_MS) % DAY_MS);
  kit.t.clock.set(new Date(toMidnight < 15 * 60_000 ? now - 15 * 60_000 : now));
  bookId = (await kit.course(await kit.family(), FIRST.video)).book_id;
}, 90_000);
afterAll(() => kit.close());

const report = (family: Family, seconds: number, kind = 'read', book = bookId) =>
  kit.post('/api/v1/user/study_time', family, { book_id: book, kind, seconds });
const added = async (family: Family, seconds: number, kind = 'read', book = bookId) =>
  expectOk(await report(family, seconds, kind, book), endpoints.studyTime).added;
const tick = (seconds: number) =>
  kit.t.clock.set(new Date(kit.t.clock.now().getTime() + seconds * 1000));
const space = async (family: Family) =>
  expectOk(await kit.get('/api/v1/parent_space', family), endpoints.parentSpace);
const bookReport = async (family: Family) =>
  expectOk(await kit.get(`/api/v1.1/reports/book/${bookId}`, family), endpoints.bookReport);
const sum = (days: Array<{ minutes: number }>) => days.reduce((s, d) => s + d.minutes, 0);

describe('POST /api/v1/user/study_time', () => {
  it('reading, repeating and word practice count: today, this week, the 7-day chart and the book report agree', async () => {
    const family = await kit.family();
    // Before anything: 0 minutes and no book report.
    expect((await space(family)).today_minutes).toBe(0);
    expectError(await kit.get(`/api/v1.1/reports/book/${bookId}`, family), 200, 10024);

    // Four minutes of reading, one of repeating, one of words, each reported every 30 s.
    for (const [kind, reports] of [
      ['read', 8],
      ['repeat', 2],
      ['words', 2],
    ] as const) {
      for (let i = 0; i < reports; i++) {
        tick(30);
        expect(await added(family, 30, kind)).toBe(30);
      }
    }
    const overview = await space(family);
    expect(overview.today_minutes).toBe(6);
    expect(overview.week.minutes).toBe(6);
    expect(overview.daily_minutes.at(-1)?.minutes).toBe(6);
    expect(sum(overview.daily_minutes)).toBe(6);
    expect(overview.totals.days).toBe(1);
    const book = await bookReport(family);
    expect(sum(book.daily_minutes)).toBe(6);
    expect(book.daily_minutes.at(-1)?.minutes).toBe(6);
    // The level's report card of the book shows it, without a course done.
    const cards = expectOk(
      await kit.get('/api/v1.1/reports/cards?level=1', family),
      endpoints.reportCards,
    );
    expect(cards.cards.find((c) => c.book_id === bookId)).toMatchObject({
      courses_done: 0,
      minutes: 6,
    });
    expect(cards.cards.filter((c) => c.book_id !== bookId).every((c) => c.minutes === 0)).toBe(
      true,
    );
  });

  it('courses’ study time and the screens’ time add up in the card and the book report', async () => {
    const family = await kit.family();
    await kit.finish(family, FIRST.video);
    const courses = sum((await bookReport(family)).daily_minutes);
    tick(30);
    expect(await added(family, 30)).toBe(30);
    tick(30);
    expect(await added(family, 30)).toBe(30);
    const book = await bookReport(family);
    expect(sum(book.daily_minutes)).toBe(courses + 1);
    const cards = expectOk(
      await kit.get('/api/v1.1/reports/cards?level=1', family),
      endpoints.reportCards,
    );
    expect(cards.cards.find((c) => c.book_id === bookId)?.minutes).toBe(courses + 1);
    expect((await space(family)).today_minutes).toBe(courses + 1);
  });

  it('adds at most the time that passed since the last report, and at most 120 s at once', async () => {
    const family = await kit.family();
    tick(1);
    expect(await added(family, 3600)).toBe(120);
    // The same instant again: nothing passed, nothing added.
    expect(await added(family, 30)).toBe(0);
    tick(10);
    expect(await added(family, 30)).toBe(10);
    tick(86_400 - 60);
    expect(await added(family, 3600)).toBe(120);
    expectError(await report(family, 3601), 400, 10001);
    expectError(await report(family, -1), 400, 10001);
    expectError(await report(family, 30, 'sleep'), 400, 10001);
    expectError(await report(family, 30, 'read', 999_999), 200, 10024);
    const guest = await kit.t.app.inject({
      method: 'POST',
      url: '/api/v1/user/study_time',
      payload: { book_id: bookId, kind: 'read', seconds: 30 },
    });
    expect(guest.statusCode).toBe(401);
  });

  it('a first report that adds nothing (1e-323 s, too small for the database) does not stop the clock', async () => {
    const family = await kit.family();
    tick(1);
    // It answered 500 (a float4 underflow) before the seconds were kept to the millisecond.
    expect(await added(family, 1e-323)).toBe(0);
    tick(10);
    // No report has added time yet, so this one adds what it reports (up to 120 s); it added 0
    // before, and so did every later report of this family.
    expect(await added(family, 29.998_765_4)).toBe(29.999);
    tick(10);
    expect(await added(family, 30)).toBe(10);
  });

  it('fifty forged reports at once add one report’s worth (the family row is locked)', async () => {
    const family = await kit.family();
    tick(1);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => report(family, 3600, i % 2 ? 'read' : 'words')),
    );
    const total = results.reduce((s, r) => s + expectOk(r, endpoints.studyTime).added, 0);
    expect(total).toBe(120);
    expect((await space(family)).today_minutes).toBe(2);
  });

  it('a day is a China day (UTC+8): 23:59:40 and 00:00:10 are two days', async () => {
    const family = await kit.family();
    const start = kit.t.clock.now();
    // 23:59:40 China time of the day after the clock's current one.
    const china = new Date(start.getTime() + 8 * 3_600_000 + 86_400_000);
    const evening = new Date(
      Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate(), 15, 59, 40),
    );
    kit.t.clock.set(evening);
    expect(await added(family, 40)).toBe(40);
    tick(30);
    expect(await added(family, 30)).toBe(30);
    const overview = await space(family);
    const [yesterday, today] = overview.daily_minutes.slice(-2);
    expect(yesterday?.minutes).toBe(1);
    expect(today?.minutes).toBe(1);
    expect(overview.today_minutes).toBe(1);
    expect(overview.totals.days).toBe(2);
  });
});
