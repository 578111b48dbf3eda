import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BookManifest } from '@picbook/content';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-db';
import type { Database } from '../../platform/db/client';
import { bookPages, books, bookWords } from '../../platform/db/schema';
import { importManifests, readManifest, syncSampleLibrary } from './import-books';

const PLACEHOLDER = 'data:image/webp;base64,UklGRg==';
let database: Database;
let mediaDir: string;

/** A built book on disk: manifest plus the (tiny) files it names. */
function writeBook(id: number, patch: Partial<BookManifest> = {}): BookManifest {
  const dir = path.join(mediaDir, 'books', String(id));
  fs.mkdirSync(dir, { recursive: true });
  const file = (name: string) => {
    fs.writeFileSync(path.join(dir, name), name);
    return `/media/books/${id}/${name}`;
  };
  const words = [
    { w: 'I', o: 0, start: 0.17, end: 0.3 },
    { w: 'see.', o: 2, start: 0.3, end: 0.7 },
  ];
  const manifest: BookManifest = {
    format: 1,
    images_hash: 'img1',
    audio_hash: 'aud1',
    id,
    slug: `book-${id}`,
    title_en: 'I See',
    title_cn: '我看见',
    level: 1,
    category: 4,
    book_type: 1,
    summary_cn: '一本测试用的小书，只有一页。',
    cover: {
      image: file('cover-512.aaaaaaaa.webp'),
      image_small: file('cover-256.aaaaaaaa.webp'),
      placeholder: PLACEHOLDER,
    },
    pages: [
      {
        page: 1,
        image: file('p1-1280.bbbbbbbb.webp'),
        image_small: file('p1-640.bbbbbbbb.webp'),
        placeholder: PLACEHOLDER,
        audio: file('p1.cccccccc.mp3'),
        duration: 0.9,
        sentences: [
          { en: 'I see.', zh: '我看见。', audio: file('p1-s1.dddddddd.mp3'), duration: 0.9 },
        ],
        note_cn: null,
        note_audio: null,
        read_sentences_timeline: JSON.stringify([{ i: 0, start: 0, end: 0.9 }]),
        read_words_timeline: JSON.stringify(words.map((w) => ({ s: 0, ...w }))),
        sentences_timeline: JSON.stringify([
          { i: 0, audio: `/media/books/${id}/p1-s1.dddddddd.mp3`, duration: 0.9 },
        ]),
        words_timeline: JSON.stringify([words]),
        hotspots: [
          { word: 'eye', audio: file('h-eye.ffffffff.mp3'), x: 0.1, y: 0.2, w: 0.3, h: 0.4 },
        ],
      },
    ],
    vocabulary: [
      {
        word: 'see',
        pos: 'v.',
        meaning_cn: '看见',
        example: 'I see.',
        audio: file('w-see.eeeeeeee.mp3'),
      },
    ],
    word_count: 2,
    duration: 0.9,
    timing_source: 'festival',
    ...patch,
  };
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return manifest;
}

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-books-'));
});
afterAll(async () => {
  await database.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('importing built books', () => {
  it('imports once, then changes nothing on a re-import of the same content', async () => {
    const m = writeBook(9001);
    expect(await importManifests(database.db, [m])).toMatchObject({
      imported: [9001],
      unchanged: [],
    });
    expect(await importManifests(database.db, [m])).toMatchObject({
      imported: [],
      unchanged: [9001],
    });
    const rows = await database.db.select().from(books).where(eq(books.id, 9001));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ titleCn: '我看见', level: 1, bookType: 1, pageCount: 1 });
  });

  it('updates a changed book in place, keeping its id and never duplicating pages or words', async () => {
    const changed = writeBook(9001, { title_en: 'I Can See', audio_hash: 'aud2' });
    expect((await importManifests(database.db, [changed])).imported).toEqual([9001]);
    expect(await database.db.select().from(books).where(eq(books.id, 9001))).toMatchObject([
      { titleEn: 'I Can See' },
    ]);
    expect(
      await database.db.select().from(bookPages).where(eq(bookPages.bookId, 9001)),
    ).toHaveLength(1);
    expect(
      await database.db.select().from(bookWords).where(eq(bookWords.bookId, 9001)),
    ).toHaveLength(1);
  });

  it('refuses a slug that belongs to another book', async () => {
    const clash = writeBook(9002, { slug: 'book-9001' });
    const report = await importManifests(database.db, [clash]);
    expect(report.imported).toEqual([]);
    expect(report.problems[0]?.message).toBe('"book-9001" belongs to book 9001');
  });

  it('reports a manifest naming missing media, and imports nothing from it', () => {
    const m = writeBook(9003);
    const audio = m.pages[0]?.audio ?? '';
    fs.rmSync(path.join(mediaDir, audio.replace('/media/', '')));
    const result = readManifest(path.join(mediaDir, 'books/9003/manifest.json'), mediaDir);
    expect(result.manifest).toBeNull();
    expect(result.problems).toEqual([
      expect.objectContaining({ field: 'media', message: `${audio} is missing` }),
    ]);
  });

  it('reports schema problems with their field', () => {
    const dir = path.join(mediaDir, 'books/9004');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ format: 1, id: 'x' }));
    const result = readManifest(path.join(dir, 'manifest.json'), mediaDir);
    expect(result.problems.map((p) => p.field)).toEqual(
      expect.arrayContaining(['id', 'pages', 'cover']),
    );
  });

  it('syncs the sample library at start: valid books in, broken ones reported', async () => {
    const logs: string[] = [];
    const report = await syncSampleLibrary(database.db, mediaDir, (m) => logs.push(m));
    expect(report.unchanged).toContain(9001);
    expect(report.problems.map((p) => path.basename(path.dirname(p.file)))).toEqual(
      expect.arrayContaining(['9003', '9004']),
    );
    expect(logs.some((l) => l.includes('9003'))).toBe(true);
  });
});
