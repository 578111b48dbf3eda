import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookPages, pushSubscriptions } from '../../platform/db/schema';
import { chinaWeek } from '../reports';
import { BOOK, startWorksKit, type WorksKit } from '../works/works.test-kit';
import { recordingChannel } from './push.test-kit';
import { runPushRound } from './push-jobs';

/**
 * The Sunday report names the sentences the child read aloud and the week's best recording, from
 * the read reports' own items (issue 42).
 */
let kit: WorksKit;
beforeAll(async () => {
  kit = await startWorksKit();
}, 60_000);
afterAll(() => kit.close());

describe('the weekly report: sentences read and the best recording', () => {
  it('counts the scored sentences of the week and quotes the best one, opening the report', async () => {
    const family = await kit.family('小明');
    const run = await kit.record(family, 72, { book: BOOK.kite, page: 1 });
    await kit.record(family, 97, { book: BOOK.kite, page: 2, uuid: run.uuid });
    await kit.record(family, 85, { book: BOOK.kite, page: 3, uuid: run.uuid });
    await kit.t.database.db.insert(pushSubscriptions).values({
      userId: family.userId,
      kind: 'native',
      endpoint: `1a00weekly${process.pid}`,
      platform: 'android',
    });
    // The recordings carry the database's time: this week's Sunday, 19:30 China time.
    const week = chinaWeek(new Date());
    kit.t.clock.set(new Date(week.from.getTime() + 6 * 86_400_000 + 19.5 * 3600_000));
    const { channel, sent } = recordingChannel();
    await runPushRound({ db: kit.t.database.db, push: channel, clock: kit.t.clock });
    const mine = sent.filter((s) => s.target.userId === family.userId);
    expect(mine).toHaveLength(1);
    const [page2] = await kit.t.database.db
      .select({ sentences: bookPages.sentences })
      .from(bookPages)
      .where(and(eq(bookPages.bookId, BOOK.kite), eq(bookPages.page, 2)));
    const best = page2?.sentences[0]?.en ?? '';
    expect(best).not.toBe('');
    expect(mine[0]?.message).toMatchObject({ title: '本周学习报告', url: '/parents/reportList' });
    expect(mine[0]?.message.body).toContain('跟读句子 3 句');
    expect(mine[0]?.message.body).toMatch(/最棒的一句：《[^》]+》“(.+)”97 分。$/);
    expect(mine[0]?.message.body).toContain(`“${best.slice(0, 39)}`);
  });
});
