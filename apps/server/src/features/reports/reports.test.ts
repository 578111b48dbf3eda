import fs from 'node:fs';
import path from 'node:path';
import { endpoints } from '@picbook/contracts';
import { PLACEMENT } from '@picbook/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { operatorToken, runAction } from '../../../test/ops-kit';
import { contentMedia } from '../../../test/speech-kit';
import { feedback } from '../../platform/db/schema';
import { importSampleBooks } from '../library/library.test-kit';
import { type Family, FIRST, type PlanKit, startPlanKit } from '../study-plan/study-plan.test-kit';
import { writeWeeklySummaries } from './parent-space';
import { loadItemBank } from './placement';

let kit: PlanKit;
beforeAll(async () => {
  kit = await startPlanKit();
  // Every sample book (the placement test's item bank is built from all six levels).
  const ids = fs.readdirSync(path.join(contentMedia, 'books')).map(Number);
  await importSampleBooks(kit.t.database.db, ids);
  // Rows are stamped by the database's clock: let the app's clock agree.
  kit.t.clock.set(new Date());
}, 90_000);
afterAll(() => kit.close());

/** A child who finished the video and the reading course, and the listening course at 72. */
async function listenedAt72(family: Family) {
  await kit.finish(family, FIRST.video);
  await kit.finish(family, FIRST.read);
  const listen = await kit.course(family, FIRST.listen);
  const answers = await kit.answers(family, listen, { speakScore: 72 });
  const result = expectOk(await kit.submit(family, listen, answers), endpoints.submitCourse);
  return { listen, result };
}

describe('placement test', () => {
  it('the item bank has at least 15 items per level, each with its key among three options', async () => {
    const bank = await loadItemBank(kit.t.database.db);
    for (let level = 1; level <= 6; level++) {
      const items = [...bank.values()].filter((i) => i.level === level);
      expect(items.length, `level ${level}`).toBeGreaterThanOrEqual(15);
      for (const item of items) {
        expect(item.options).toHaveLength(3);
        expect(item.options[['a', 'b', 'c'].indexOf(item.answer)]).toBe(item.page);
      }
    }
  });

  it('words of every level; the quiz climbs on right answers, falls on wrong ones; grading recommends, the parent switches', async () => {
    const family = await kit.family();
    const words = expectOk(
      await kit.get('/api/v1/grades/words?age=8&grade=2'),
      endpoints.gradeWords,
    );
    expect(words.basis_level).toBe(2);
    for (let level = 1; level <= 6; level++) {
      expect(words.words.filter((w) => w.level === level)).toHaveLength(PLACEMENT.wordsPerLevel);
    }
    const bank = await loadItemBank(kit.t.database.db);
    const answers: Array<{ id: string; choice: 'a' | 'b' | 'c' }> = [];
    const levels: number[] = [];
    // Right while below level 4, wrong from there: the staircase settles around 3–4.
    for (;;) {
      const pairs = answers.map((a) => `${a.id}:${a.choice}`).join(',');
      const quiz = expectOk(
        await kit.get(`/api/v1/grades/quiz?start=2&answers=${pairs}`),
        endpoints.gradeQuiz,
      );
      if (quiz.done || !quiz.item) break;
      levels.push(quiz.level);
      expect(quiz.item.options).toHaveLength(3);
      const key = bank.get(quiz.item.id)?.answer as 'a' | 'b' | 'c';
      const wrong = (['a', 'b', 'c'] as const).find((k) => k !== key) ?? 'a';
      answers.push({ id: quiz.item.id, choice: quiz.level < 4 ? key : wrong });
    }
    expect(answers).toHaveLength(PLACEMENT.quizLength);
    expect(levels.slice(0, 4)).toEqual([2, 3, 4, 3]);
    const known = words.words.filter((w) => w.level <= 4).map((w) => w.id);
    const graded = expectOk(
      await kit.post('/api/v1/user/grading', family, {
        age: 8,
        grade: 2,
        known_words: known,
        shown_words: words.words.map((w) => w.id),
        answers,
      }),
      endpoints.grading,
    );
    // A recommendation with its evidence: the child's level is unchanged (decision 095).
    expect(graded).toMatchObject({
      level: 3,
      current_level: 1,
      quiz_level: 3,
      vocabulary_level: 4,
      start_level: 2,
      quiz_right: 5,
      quiz_total: 8,
      words_known: 16,
      words_shown: 24,
    });
    expect(graded.by_level).toEqual([
      { level: 2, right: 1, total: 1 },
      { level: 3, right: 4, total: 4 },
      { level: 4, right: 0, total: 3 },
    ]);
    let info = expectOk(await kit.get('/api/v1/user', family), endpoints.userInfo);
    expect(info.level).toBe(1);
    // The parent confirms the switch.
    expectOk(await kit.post('/api/v1/user/level/3', family, { type: 20 }), endpoints.setUserLevel);
    info = expectOk(await kit.get('/api/v1/user', family), endpoints.userInfo);
    expect(info.level).toBe(3);
  });

  it('bad input → 400 / 10001; grading needs a login', async () => {
    expectError(await kit.get('/api/v1/grades/words?age=1&grade=0'), 400, 10001);
    expectError(await kit.get('/api/v1/grades/quiz?start=7'), 400, 10001);
    expectError(await kit.get('/api/v1/grades/quiz?start=1&answers=Lnope:a'), 400, 10001);
    const family = await kit.family();
    expectError(
      await kit.post('/api/v1/user/grading', family, {
        age: 8,
        grade: 2,
        known_words: [],
        shown_words: ['W9999.1'],
        answers: [{ id: 'L1101p1', choice: 'a' }],
      }),
      400,
      10001,
    );
    const res = await kit.t.app.inject({
      method: 'POST',
      url: '/api/v1/user/grading',
      payload: {
        age: 8,
        grade: 2,
        known_words: [],
        shown_words: [],
        answers: [{ id: 'L1101p1', choice: 'a' }],
      },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('course reports and redo', () => {
  it('a report per finished course: parts, items with replayable recordings, time; another family gets 10024', async () => {
    const family = await kit.family();
    const { result } = await listenedAt72(family);
    const report = expectOk(
      await kit.get(`/api/v1/reports?report_id=${result.report_id}`, family),
      endpoints.report,
    );
    expect(report).toMatchObject({ score: 86, stars: 2, study_time: 600, redo_count: 0 });
    expect(report.course.process_id).toBe(FIRST.listen);
    expect(report.parts.map((p) => [p.part_type, p.score])).toEqual([
      ['listen_train', 100],
      ['listen_repeat', 72],
    ]);
    const speak = report.items.filter((i) => i.kind === 'speak');
    expect(speak.length).toBeGreaterThan(0);
    for (const item of speak) {
      expect(item.text).toBeTruthy();
      const audio = await kit.t.app.inject({ url: item.audio_url ?? '' });
      expect(audio.statusCode).toBe(200);
    }
    const other = await kit.family();
    expectError(await kit.get(`/api/v1/reports?report_id=${result.report_id}`, other), 200, 10024);
    expectError(await kit.get('/api/v1/reports?report_id=abc', family), 400, 10001);
    expectError(
      await kit.post('/api/poster', other, {
        id: result.report_id,
        user_id: family.userId,
        arg: 'course',
      }),
      200,
      10024,
    );
  });

  it('a better redo replaces the items’ scores, pays only what it adds, once; a worse one changes nothing', async () => {
    const family = await kit.family();
    const { listen, result } = await listenedAt72(family);
    const redo = expectOk(
      await kit.get(
        `/api/v1/reports/redo?report_id=${result.report_id}&course_id=${FIRST.listen}`,
        family,
      ),
      endpoints.reportRedo,
    );
    expect(redo.redo_ids.every((id) => id.startsWith('2.'))).toBe(true);
    const pronounce = expectOk(
      await kit.get(`/api/v1/reports/redo/pronounce?report_id=${result.report_id}&type=1`, family),
      endpoints.reportRedoPronounce,
    );
    expect(pronounce.items.map((i) => i.id)).toEqual(redo.redo_ids);

    const all = await kit.answers(family, listen, { speakScore: 95 });
    const again = all.filter((a) => redo.redo_ids.includes(a.exam_detail.id));
    const body = {
      uuid: listen.uuid,
      report_id: result.report_id,
      process_id: listen.process_id,
      study_time: 60,
      answers: again,
    };
    const better = expectOk(
      await kit.post('/api/v1.2/reports/redo', family, body),
      endpoints.submitReportRedo,
    );
    // listen_train 100 kept, repeats 72 → 95: 98, three stars; 1 more coin and the diamonds.
    expect(better).toMatchObject({ score: 98, stars: 3 });
    expect(better.improved).toEqual(redo.redo_ids);
    expect(better.reward.coins).toBe(1);
    const diamonds = better.reward.diamonds;
    expect(diamonds).toBeGreaterThan(0);

    const twice = expectOk(
      await kit.post('/api/v1.2/reports/redo', family, body),
      endpoints.submitReportRedo,
    );
    expect(twice.reward).toEqual({ coins: 0, diamonds: 0 });
    expect(twice.improved).toEqual([]);

    const worse = await kit.answers(family, listen, { speakScore: 40 });
    const pronounced = expectOk(
      await kit.post('/api/v1/reports/redo/pronounce', family, {
        report_id: result.report_id,
        type: 1,
        answers: worse
          .filter((a) => redo.redo_ids.includes(a.exam_detail.id))
          .map((a) => ({ id: a.exam_detail.id, audio_url: a.exam_detail.audio_url })),
      }),
      endpoints.submitRedoPronounce,
    );
    expect(pronounced).toMatchObject({
      score: 98,
      improved: [],
      reward: { coins: 0, diamonds: 0 },
    });
    const report = expectOk(
      await kit.get(`/api/v1/reports?report_id=${result.report_id}`, family),
      endpoints.report,
    );
    expect(report).toMatchObject({ score: 98, stars: 3, redo_count: redo.redo_ids.length });
    const award = expectOk(await kit.get('/api/v1/user/my_award', family), endpoints.myAward);
    const ofListen = award.list.filter((e) => e.reason === `course:${FIRST.listen}`);
    // 2 coins at 72, then 1 coin and the diamonds at 98: the course's worth, paid once.
    expect(ofListen.map((e) => [e.currency, e.amount]).sort()).toEqual(
      [
        ['coins', 1],
        ['coins', 2],
        ['diamonds', diamonds],
      ].sort(),
    );
    expect(ofListen[0]?.title_cn).toBe('完成课程');
    expect(ofListen[0]).toMatchObject({ kind: 'course', book_title: null });
    // One balance's entries (the top bar's coin pill): only coins, and they add up to it.
    const coins = expectOk(
      await kit.get('/api/v1/user/my_award?currency=coins', family),
      endpoints.myAward,
    );
    expect(coins.list.length).toBeGreaterThan(0);
    expect(coins.list.every((e) => e.currency === 'coins')).toBe(true);
    expect(coins.list.reduce((sum, e) => sum + e.amount, 0)).toBe(coins.balances.coins);
    expect(coins.totals.coins).toBe(coins.balances.coins);
    expectError(await kit.get('/api/v1/user/my_award?currency=points', family), 400, 10001);
    expectError(
      await kit.post('/api/v1.2/reports/redo', family, { ...body, process_id: FIRST.read }),
      400,
      10001,
    );
  });
});

describe('cards, book report, stars, read reports, posters', () => {
  it('answers from the child’s real course data', async () => {
    const family = await kit.family();
    const { listen, result } = await listenedAt72(family);
    const cards = expectOk(
      await kit.get('/api/v1.1/reports/cards?level=1', family),
      endpoints.reportCards,
    );
    expect(cards.cards[0]).toMatchObject({
      week: 1,
      courses_done: 3,
      last_report_id: result.report_id,
    });
    expect(cards.cards[0]?.stars).toBe(3 + 3 + 2);

    const stars = expectOk(
      await kit.get('/api/v1/user/stars?level=1', family),
      endpoints.userStars,
    );
    expect(stars.total).toBe(8);
    expect(stars.weeks[0]?.courses.find((c) => c.process_id === FIRST.listen)?.stars).toBe(2);
    expectError(await kit.get('/api/v1/user/stars?level=0', family), 400, 10001);

    const bookId = cards.cards[0]?.book_id ?? 0;
    const book = expectOk(
      await kit.get(`/api/v1.1/reports/book/${bookId}`, family),
      endpoints.bookReport,
    );
    expect(book.courses.filter((c) => c.report_id !== null)).toHaveLength(3);
    expect(book.daily_minutes.reduce((s, d) => s + d.minutes, 0)).toBe(30);
    expect(book.pronunciation.trend).toHaveLength(1);
    expect(book.pronunciation.trend[0]?.score).toBe(72);
    expect(book.words.total).toBeGreaterThan(0);
    expect(listen.uuid).toBeTruthy();
    const stranger = await kit.family();
    expectError(await kit.get(`/api/v1.1/reports/book/${bookId}`, stranger), 200, 10024);

    const reads = expectOk(
      await kit.get('/api/v1/user/read_reports', family),
      endpoints.readReports,
    );
    expect(reads.list).toEqual([]);
    expectError(await kit.get('/api/v1/user/read_report?uuid=nope', family), 200, 10024);

    for (const [url, arg, id] of [
      ['/api/poster', 'course', result.report_id],
      ['/api/poster/v2', 'book', bookId],
    ] as const) {
      const poster = expectOk(
        await kit.post(url, family, { id, user_id: family.userId, arg }),
        endpoints.poster,
      );
      expect(poster).toMatchObject({ width: 750, height: 1100 });
      const png = await kit.t.app.inject({ url: poster.url });
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      expect(png.rawPayload.length).toBeGreaterThan(20_000);
    }
  });
});

describe('parent space', () => {
  it('overview, learn setting, messages (weekly summary from the data, once), click, feedback', async () => {
    const family = await kit.family();
    await listenedAt72(family);
    // The day's reward collected: a reward message.
    expectOk(
      await kit.post('/api/v1/study_plan/reward/receive', family, { level: 1, world: 1, stage: 1 }),
      endpoints.studyPlanReward,
    );
    const space = expectOk(await kit.get('/api/v1/parent_space', family), endpoints.parentSpace);
    expect(space.week.courses).toBe(3);
    expect(space.today_minutes).toBe(30);
    expect(space.daily_minutes).toHaveLength(7);
    expect(space.totals).toMatchObject({ courses: 3, stars: 8 });
    expect(space.learn_setting).toMatchObject({ daily_minutes: 15, level: 1 });

    const setting = { daily_minutes: 20, study_days: [5, 1, 3], reminder_time: '19:30', level: 2 };
    expect(
      expectOk(
        await kit.post('/api/v1/parent_space/learn_setting', family, setting),
        endpoints.learnSetting,
      ),
    ).toEqual({ ...setting, study_days: [1, 3, 5] });
    expectError(
      await kit.post('/api/v1/parent_space/learn_setting', family, {
        ...setting,
        reminder_time: '25:00',
      }),
      400,
      10001,
    );
    const after = expectOk(await kit.get('/api/v1/parent_space', family), endpoints.parentSpace);
    expect(after.learn_setting).toMatchObject({ daily_minutes: 20, level: 2 });

    // Next week: last week's summary is written once, from the data.
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    expect(await writeWeeklySummaries(kit.t.database.db, nextWeek)).toBeGreaterThanOrEqual(1);
    expect(await writeWeeklySummaries(kit.t.database.db, nextWeek)).toBe(0);
    const messages = expectOk(
      await kit.get('/api/v1/parent_space/messages', family),
      endpoints.parentMessages,
    );
    const weekly = messages.list.filter((m) => m.kind === 'weekly');
    expect(weekly).toHaveLength(1);
    expect(weekly[0]?.body).toContain('完成课程 3 节');
    expect(weekly[0]?.body).toContain('共 30 分钟');
    expect(messages.list.find((m) => m.kind === 'reward')?.title).toBe('领取了学习日奖励');
    expect(messages.unread).toBe(2);

    const stranger = await kit.family();
    expectError(
      await kit.post('/api/v1/parent_space/click_message', stranger, { id: weekly[0]?.id }),
      200,
      10024,
    );
    const clicked = expectOk(
      await kit.post('/api/v1/parent_space/click_message', family, { id: weekly[0]?.id }),
      endpoints.clickMessage,
    );
    expect(clicked.unread).toBe(1);

    const sent = expectOk(
      await kit.post('/api/v1/parent_space/feedback', family, {
        content: '希望多一些恐龙主题的绘本',
        screenshot: `data:image/png;base64,${PNG_1X1.toString('base64')}`,
      }),
      endpoints.feedback,
    );
    const ops = await operatorToken(kit.t, ['support']);
    const answered = await runAction(kit.t, ops, 'feedback.answer', {
      id: sent.id,
      answer: '好的，下个月上架！',
    });
    expect(answered.statusCode).toBe(200);
    const inbox = expectOk(
      await kit.get('/api/v1/parent_space/messages', family),
      endpoints.parentMessages,
    );
    expect(inbox.list.map((m) => m.body)).toContain('好的，下个月上架！');
    expect(inbox.unread).toBe(3);
  });
});

/** A real 1×1 PNG, and the start of a JPEG (what the checks read). */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG_START = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

describe('feedback screenshots', () => {
  const send = (family: Family, screenshot: string) =>
    kit.post('/api/v1/parent_space/feedback', family, {
      content: '截图里的按钮点不动',
      screenshot,
    });
  const dataUrl = (type: string, bytes: Buffer) =>
    `data:image/${type};base64,${bytes.toString('base64')}`;
  const storedKey = async (id: number) =>
    (await kit.t.database.db.select().from(feedback).where(eq(feedback.id, id)))[0]?.screenshotKey;

  it('bytes that are not a PNG or JPEG are refused with 400 / 10001, whatever the data URL says', async () => {
    const family = await kit.family();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const webp = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), Buffer.alloc(16)]);
    for (const [type, bytes] of [
      ['png', html],
      ['jpeg', Buffer.from('not really a jpeg')],
      ['png', PNG_1X1.subarray(0, 20)],
      ['png', webp],
    ] as const) {
      const refused = expectError(await send(family, dataUrl(type, bytes)), 400, 10001);
      expect(refused.msg).toBe('参数错误：截图不是有效的 PNG 或 JPEG 图片');
      expect(refused.data).toEqual({ field: 'screenshot' });
    }
    // Nothing was stored for them.
    const rows = await kit.t.database.db
      .select()
      .from(feedback)
      .where(eq(feedback.userId, family.userId));
    expect(rows).toEqual([]);
  });

  it('a real PNG or JPEG is stored as what its bytes are', async () => {
    const family = await kit.family();
    const png = expectOk(await send(family, dataUrl('png', PNG_1X1)), endpoints.feedback);
    expect(await storedKey(png.id)).toMatch(/^feedback\/[0-9a-f]+\.png$/);
    // A JPEG sent under a PNG data URL is kept as a JPEG.
    const jpeg = expectOk(await send(family, dataUrl('png', JPEG_START)), endpoints.feedback);
    const key = (await storedKey(jpeg.id)) ?? '';
    expect(key).toMatch(/\.jpg$/);
    const stored = await kit.t.app.deps.storage.get(key);
    expect(stored?.contentType).toBe('image/jpeg');
    expect(stored?.body.equals(JPEG_START)).toBe(true);
  });
});
