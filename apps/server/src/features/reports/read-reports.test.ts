import { endpoints } from '@picbook/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { recordings, workItems } from '../../platform/db/schema';
import { BOOK, startWorksKit, type WorksKit } from '../works/works.test-kit';

/**
 * The 跟读报告 (GET /api/v1/user/read_reports, read_report) says what was actually scored in a
 * run (issue 40 item 8, decision 098): a run left after one sentence of The Red Kite's five at 99
 * is 1/5 · 99, not the ranking's ceil(99 / 5) = 20; a run with nothing scored is not listed; an
 * item an older client filed for silence is no score.
 */
let kit: WorksKit;
beforeAll(async () => {
  kit = await startWorksKit();
});
afterAll(() => kit.close());

describe('read reports: a run by what was scored', () => {
  it('an abandoned run is 1 of 5 at 99, a whole run 5 of 5; silence is not a score; each opens its work', async () => {
    const family = await kit.family('小红');
    const abandoned = await kit.record(family, 99, { book: BOOK.kite, page: 1 });

    const whole = await kit.record(family, 90, { book: BOOK.kite, page: 1 });
    for (const [page, score] of [
      [2, 80],
      [3, 100],
      [4, 95],
      [5, 91],
    ] as const) {
      await kit.record(family, score, { book: BOOK.kite, page, uuid: whole.uuid });
    }

    // A run an older client filed with silence only (kept as 0 with verdict no_voice).
    const silent = await kit.record(family, 0, { book: BOOK.kite, page: 2 });
    await kit.t.database.db
      .update(recordings)
      .set({ result: sql`jsonb_set(${recordings.result}, '{verdict}', '"no_voice"')` })
      .where(
        eq(
          recordings.id,
          sql`(SELECT ${workItems.recordingId} FROM ${workItems} WHERE ${workItems.workId} = ${silent.workId})`,
        ),
      );

    const reads = expectOk(
      await kit.get('/api/v1/user/read_reports', family),
      endpoints.readReports,
    );
    expect(reads.list.map((r) => r.uuid)).toEqual([whole.uuid, abandoned.uuid]);
    expect(reads.list[1]).toMatchObject({
      work_id: abandoned.workId,
      book_id: BOOK.kite,
      score: 99,
      items: 1,
      item_total: 5,
      complete: false,
    });
    expect(reads.list[0]).toMatchObject({
      work_id: whole.workId,
      score: Math.ceil((90 + 80 + 100 + 95 + 91) / 5),
      items: 5,
      item_total: 5,
      complete: true,
    });

    const one = expectOk(
      await kit.get(`/api/v1/user/read_report?uuid=${abandoned.uuid}`, family),
      endpoints.readReport,
    );
    expect(one).toMatchObject({ score: 99, items: 1, item_total: 5, complete: false });
    expect(one.sentences.map((s) => [s.content_id, s.score])).toEqual([['p1s1', 99]]);

    // The silent run's report has no scored sentence (and no 0 分).
    const none = expectOk(
      await kit.get(`/api/v1/user/read_report?uuid=${silent.uuid}`, family),
      endpoints.readReport,
    );
    expect(none).toMatchObject({ items: 0, sentences: [] });

    // The book report's pronunciation leaves the silence out too.
    const book = expectOk(
      await kit.get(`/api/v1.1/reports/book/${BOOK.kite}`, family),
      endpoints.bookReport,
    );
    expect(book.pronunciation.trend.reduce((n, w) => n + w.count, 0)).toBe(6);

    // Another family sees none of it.
    const stranger = await kit.family('小明');
    expect(
      expectOk(await kit.get('/api/v1/user/read_reports', stranger), endpoints.readReports).list,
    ).toEqual([]);
    expectError(
      await kit.get(`/api/v1/user/read_report?uuid=${abandoned.uuid}`, stranger),
      200,
      10024,
    );
  });
});
