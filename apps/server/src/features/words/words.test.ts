import path from 'node:path';
import { endpoints } from '@picbook/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { contentMedia } from '../../../test/speech-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { wordReviews } from '../../platform/db/schema';
import { readManifest } from '../library';
import { importSampleBooks } from '../library/library.test-kit';

// Level 1's trial book 1101 (open to everyone) and 1103 (a standard book, locked for a guest).
const TRIAL = 1101;
const LOCKED = 1103;
const vocabularyOf = (id: number) => {
  const { manifest } = readManifest(
    path.join(contentMedia, 'books', String(id), 'manifest.json'),
    contentMedia,
  );
  if (!manifest) throw new Error(`book ${id} missing`);
  return manifest;
};

let t: TestApp;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleBooks(t.database.db, [TRIAL, LOCKED]);
}, 60_000);
afterAll(() => t.close());

async function child(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/guest_login',
    payload: { device_id: `vocab-${process.pid}-${++seq}` },
  });
  return expectOk(res, endpoints.guestLogin).access_token;
}
const get = (url: string, token: string) => t.app.inject({ url, headers: auth(token) });
const review = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/vocabs/review', headers: auth(token), payload });
const answer = { correct: 1, tries: 1, ms: 5000 };

describe('GET /api/v1/vocabs', () => {
  it('lists the level’s words from the books’ vocabulary, all new for a new child, 5 new ones today', async () => {
    const token = await child();
    const data = expectOk(await get('/api/v1/vocabs?level=1', token), endpoints.vocabs);
    const expected = [TRIAL, LOCKED].flatMap((id) =>
      vocabularyOf(id).vocabulary.map((v) => v.word),
    );
    expect(data.words.map((w) => w.word).sort()).toEqual([...expected].sort());
    expect(data.counts).toEqual({
      learned: 0,
      learning: 0,
      new: expected.length,
      total: expected.length,
    });
    expect(data.review).toEqual({ due: 0, new_words: 5, total: 5 });
    expect(data.books.map((b) => [b.book_id, b.lock, b.word_count])).toEqual([
      [TRIAL, 0, vocabularyOf(TRIAL).vocabulary.length],
      [LOCKED, 1, vocabularyOf(LOCKED).vocabulary.length],
    ]);
  });

  it('bad input → 400 / 10001 naming the field; no token → 401', async () => {
    const token = await child();
    expect(expectError(await get('/api/v1/vocabs?level=9', token), 400, 10001).msg).toContain(
      'level',
    );
    expectError(await t.app.inject({ url: '/api/v1/vocabs?level=1' }), 401, 10008);
  });
});

describe('GET /api/v1/vocabs/book/{id} and /book_words/{id}', () => {
  it('preview: every word in book order with meaning, example, its page picture and narration', async () => {
    const token = await child();
    const data = expectOk(
      await get(`/api/v1/vocabs/book/${TRIAL}?type=preview`, token),
      endpoints.vocabBook,
    );
    const book = vocabularyOf(TRIAL);
    expect(data.words.map((w) => w.word)).toEqual(book.vocabulary.map((v) => v.word));
    const kite = data.words.find((w) => w.word === 'kite');
    expect(kite).toMatchObject({
      pos: 'n.',
      meaning_cn: '风筝',
      example: 'Dad has a red kite.',
      page: 2,
    });
    expect(kite?.example_zh).toBe('爸爸有一只红风筝。');
    expect(kite?.picture.image).toBe(book.pages[1]?.image);
    expect(kite?.example_audio).toBe(book.pages[1]?.sentences[0]?.audio);
    expect(kite?.audio).toMatch(/\/media\/books\/1101\/w-kite\./);
  });

  it('a locked book gives its words with the cover and signed word audio, never page media', async () => {
    const token = await child();
    const data = expectOk(
      await get(`/api/v1/vocabs/book_words/${LOCKED}`, token),
      endpoints.vocabBookWords,
    );
    expect(data.lock).toBe(1);
    expect(data.type).toBe('detail');
    for (const w of data.words) {
      expect(w.page).toBe(0);
      expect(w.example_audio).toBeNull();
      expect(w.picture.image).toMatch(/cover-/);
      expect(w.audio).toMatch(/[?&](sig|signature|s)=/);
    }
  });

  it('bad input → 400 / 10001; an unknown book → 10024', async () => {
    const token = await child();
    expectError(await get(`/api/v1/vocabs/book/${TRIAL}?type=spell`, token), 400, 10001);
    expectError(await get('/api/v1/vocabs/book/abc', token), 400, 10001);
    expectError(await get('/api/v1/vocabs/book_words/999999', token), 200, 10024);
  });
});

describe('POST /api/v1/vocabs/review (FSRS per child)', () => {
  it('reciting schedules each word for a later day: the day’s count drops, statuses follow', async () => {
    const token = await child();
    const other = await child();
    const first = expectOk(
      await review(token, { book_id: TRIAL, word: 'kite', ...answer }),
      endpoints.vocabReview,
    );
    expect(first).toMatchObject({ word: 'kite', outcome: 'right', status: 'learning' });
    expect(first.review).toEqual({ due: 0, new_words: 4, total: 4 });
    const nowS = Math.floor(t.clock.now().getTime() / 1000);
    expect(first.next_review - nowS).toBe(3 * 86_400);
    const fast = expectOk(
      await review(token, { book_id: TRIAL, word: 'red', correct: 1, tries: 1, ms: 900 }),
      endpoints.vocabReview,
    );
    expect(fast).toMatchObject({ outcome: 'fast', status: 'learned' });
    const wrong = expectOk(
      await review(token, { book_id: TRIAL, word: 'run', correct: 0, tries: 3, ms: 9000 }),
      endpoints.vocabReview,
    );
    expect(wrong.outcome).toBe('wrong');

    const list = expectOk(await get('/api/v1/vocabs?level=1', token), endpoints.vocabs);
    expect(list.counts).toMatchObject({ learned: 1, learning: 2 });
    expect(list.review.new_words).toBe(2);
    expect(list.words.slice(0, 3).map((w) => w.word)).toEqual(['red', 'kite', 'run']);
    // The other child's schedule is untouched.
    const theirs = expectOk(await get('/api/v1/vocabs?level=1', other), endpoints.vocabs);
    expect(theirs.counts.learning + theirs.counts.learned).toBe(0);

    // Two days later the wrong word is due, and the recite session puts it first.
    t.clock.advance(2 * 86_400_000);
    const later = expectOk(await get('/api/v1/vocabs?level=1', token), endpoints.vocabs);
    expect(later.review.due).toBe(1);
    const recite = expectOk(
      await get(`/api/v1/vocabs/book/${TRIAL}?type=recite`, token),
      endpoints.vocabBook,
    );
    expect(recite.words[0]).toMatchObject({ word: 'run', due_today: true });
    expect(recite.words.map((w) => w.word)).not.toContain('red');
    const again = expectOk(
      await review(token, { book_id: TRIAL, word: 'run', ...answer }),
      endpoints.vocabReview,
    );
    expect(again.review.due).toBe(0);
    t.clock.advance(-2 * 86_400_000);
  });

  it('bad input → 400 / 10001 naming the field', async () => {
    const token = await child();
    const notInBook = expectError(
      await review(token, { book_id: TRIAL, word: 'cow', ...answer }),
      400,
      10001,
    );
    expect(notInBook.msg).toContain('word');
    expectError(
      await review(token, { book_id: TRIAL, word: 'kite', ...answer, tries: 0 }),
      400,
      10001,
    );
    expectError(await review(token, { book_id: '1101', word: 'kite', ...answer }), 400, 10001);
    expectError(
      await review(token, { book_id: TRIAL, word: 'kite', ...answer, correct: true }),
      400,
      10001,
    );
  });

  it('deleting the account removes the child’s review cards', async () => {
    const token = await child();
    expectOk(
      await review(token, { book_id: TRIAL, word: 'kite', ...answer }),
      endpoints.vocabReview,
    );
    const userId = expectOk(await get('/api/v1/user', token), endpoints.userInfo).id;
    const before = await t.database.db
      .select()
      .from(wordReviews)
      .where(eq(wordReviews.userId, userId));
    expect(before).toHaveLength(1);
    const del = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/cancel',
      headers: auth(token),
      payload: {},
    });
    expectOk(del, endpoints.cancelAccount);
    const after = await t.database.db
      .select()
      .from(wordReviews)
      .where(eq(wordReviews.userId, userId));
    expect(after).toHaveLength(0);
  });
});
