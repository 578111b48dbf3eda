import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpoints, type TOpsImport } from '@picbook/contracts';
import { and, eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingNarrationTools } from '../../../../../scripts/content/narrate';
import { bookYaml } from '../../../test/book-source';
import { expectError, expectOk } from '../../../test/envelope';
import { multipart } from '../../../test/multipart';
import { operatorToken, runAction } from '../../../test/ops-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { books, operatorAudit } from '../../platform/db/schema';
import { findLibraryRoot, safeEntryPath } from './content-imports';
import { syncSampleLibrary } from './import-books';

const repo = path.resolve(import.meta.dirname, '../../../../..');

/**
 * Issue 23: an operator uploads a book folder in the console, reads its validation report, and
 * imports it through the audited `catalogue.import` (which builds it with the real pipeline).
 */
let t: TestApp;
let content: string;
beforeAll(async () => {
  t = await createTestApp();
  // The catalogue the uploads join: the sample library.
  await syncSampleLibrary(t.database.db, path.join(repo, 'content/media'), () => {});
  content = await operatorToken(t, ['content']);
});
afterAll(() => t.close());

function upload(files: Record<string, string | Uint8Array>, token = content) {
  const zip = zipSync(
    Object.fromEntries(
      Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : v]),
    ),
  );
  const body = multipart({}, Buffer.from(zip), 'books.zip', 'folder');
  return t.app.inject({
    method: 'POST',
    url: '/api/ops/imports',
    headers: { ops_token: token, 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('zip entries', () => {
  it.each([
    ['kite-day/book.yaml', 'kite-day/book.yaml'],
    ['books/kite-day/', null],
    ['__MACOSX/kite-day/._book.yaml', null],
    ['kite-day/.DS_Store', null],
  ])('%s → %s', (name, expected) => {
    expect(safeEntryPath(name)).toBe(expected);
  });

  it.each(['../etc/passwd', 'a/../../x', '/abs/book.yaml', 'c:/x', 'a\\b'])(
    'refuses %s',
    (name) => {
      expect(() => safeEntryPath(name)).toThrow(/不安全/);
    },
  );

  it('finds the books whether the zip holds a folder of books, one book folder or loose files', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-root-'));
    const make = (rel: string) => {
      fs.mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true });
      fs.writeFileSync(path.join(tmp, rel), bookYaml(9, 'kite-day'));
    };
    make('a/shelf/one/book.yaml');
    make('a/shelf/two/book.yaml');
    expect(findLibraryRoot(path.join(tmp, 'a'))).toBe(path.join(tmp, 'a/shelf'));
    make('b/kite-day/book.yaml');
    expect(findLibraryRoot(path.join(tmp, 'b'))).toBe(path.join(tmp, 'b'));
    make('c/book.yaml');
    const root = findLibraryRoot(path.join(tmp, 'c'));
    expect(fs.existsSync(path.join(root, 'kite-day/book.yaml'))).toBe(true);
    fs.rmSync(tmp, { recursive: true, force: true });
  });
});

describe('uploading a book folder', () => {
  it('answers the validation report and imports nothing', async () => {
    const auditBefore = (await t.database.db.select().from(operatorAudit)).length;
    const report = expectOk(
      await upload({
        'shelf/kite-day/book.yaml': bookYaml(9701, 'kite-day'),
        'shelf/broken-book/book.yaml': bookYaml(9702, 'broken-book', { level: 9 }),
        'shelf/no-yaml/readme.txt': 'hello',
      }),
      endpoints.opsUploadImport,
    );
    expect(report.status, JSON.stringify(report.problems)).toBe('validated');
    expect(report.file_name).toBe('books.zip');
    expect(report.books).toEqual([
      expect.objectContaining({ id: 9701, slug: 'kite-day', pages: 4, update: false }),
    ]);
    expect(report.problems).toEqual(
      expect.arrayContaining([
        { file: 'broken-book/book.yaml', field: 'level', message: 'must be 1–6' },
        { file: 'no-yaml', field: '(folder)', message: 'has no book.yaml' },
      ]),
    );
    // No server path leaks into the report.
    expect(JSON.stringify(report)).not.toContain(os.tmpdir());
    expect(await t.database.db.select().from(books).where(eq(books.id, 9701))).toEqual([]);
    expect((await t.database.db.select().from(operatorAudit)).length).toBe(auditBefore);
  });

  it('checks the trial-book rule against the catalogue the books join, not the upload alone', async () => {
    const level1Trials = and(eq(books.level, 1), eq(books.bookType, 1));
    const problemsOf = async () =>
      expectOk(
        await upload({ 'kite-day/book.yaml': bookYaml(9707, 'kite-day') }),
        endpoints.opsUploadImport,
      ).problems;
    // The catalogue has level-1 trial books: a standard level-1 book alone is fine.
    expect(await problemsOf()).toEqual([]);
    await t.database.db.update(books).set({ withdrawnAt: new Date() }).where(level1Trials);
    expect(await problemsOf()).toEqual([
      {
        file: '(catalogue)',
        field: 'level 1',
        message: 'needs at least one free trial book (book_type: 1)',
      },
    ]);
    await t.database.db.update(books).set({ withdrawnAt: null }).where(level1Trials);
  });

  it('a folder with no valid book is invalid and cannot be imported', async () => {
    const report = expectOk(
      await upload({ 'x/book.yaml': bookYaml(9703, 'bad-one', { pages: [] }) }),
      endpoints.opsUploadImport,
    );
    expect(report.status).toBe('invalid');
    expect(report.problems[0]).toMatchObject({ field: 'pages' });
    expectError(
      await runAction(t, content, 'catalogue.import', { import_id: report.id }),
      200,
      10400,
    );
  });

  it('refuses what is not a safe zip, and roles other than content', async () => {
    const slip = await upload({ '../evil/book.yaml': bookYaml(9704, 'evil') });
    expectError(slip, 400, 10001);
    const notZip = multipart({}, Buffer.from('not a zip at all'), 'x.zip', 'folder');
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/ops/imports',
        headers: { ops_token: content, 'content-type': notZip.contentType },
        payload: notZip.payload,
      }),
      400,
      10001,
    );
    const support = await operatorToken(t, ['support']);
    expectError(await upload({ 'k/book.yaml': bookYaml(9705, 'k') }, support), 403, 10403);
    expectError(await runAction(t, content, 'catalogue.import', { import_id: 999999 }), 200, 10024);
  });
});

const missingTools = missingNarrationTools();
if (missingTools) console.log(`SKIPPED console import build test: ${missingTools}`);

describe.skipIf(missingTools !== null)('importing an uploaded folder', () => {
  it('builds the book with the real pipeline, loads it into the catalogue and writes one audit row', async () => {
    const report = expectOk(
      await upload({ 'kite-day-two/book.yaml': bookYaml(9711, 'kite-day-two') }),
      endpoints.opsUploadImport,
    );
    expect(report.status).toBe('validated');
    const run = expectOk(
      await runAction(t, content, 'catalogue.import', { import_id: report.id }),
      endpoints.opsRunAction,
    );
    expect(run.result).toMatchObject({ imported: [9711], unchanged: [], problems: [] });
    const [book] = await t.database.db.select().from(books).where(eq(books.id, 9711));
    expect(book).toMatchObject({ slug: 'kite-day-two', level: 1, pageCount: 4 });
    const manifest = path.join(t.config.dataMediaDir, 'books/9711/manifest.json');
    expect(fs.existsSync(manifest)).toBe(true);
    const [audit] = await t.database.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.id, run.audit_id));
    expect(audit).toMatchObject({
      action: 'catalogue.import',
      target: `import:${report.id}`,
      before: { in_catalogue: [] },
      after: { status: 'imported', imported: [9711] },
    });
    // The console's list shows the outcome; the same upload cannot be imported twice.
    const seen = expectOk(
      await t.app.inject({
        method: 'POST',
        url: '/api/ops/views/catalogue.imports',
        headers: { ops_token: content },
        payload: { input: {} },
      }),
      endpoints.opsReadView,
    ).result as { list: TOpsImport[] };
    expect(seen.list.find((i) => i.id === report.id)).toMatchObject({
      status: 'imported',
      outcome: { imported: [9711] },
    });
    expectError(
      await runAction(t, content, 'catalogue.import', { import_id: report.id }),
      200,
      10400,
    );
    // Uploading the same book again reports it as an update of the catalogue's copy.
    const again = expectOk(
      await upload({ 'kite-day-two/book.yaml': bookYaml(9711, 'kite-day-two') }),
      endpoints.opsUploadImport,
    );
    expect(again.books[0]).toMatchObject({ id: 9711, update: true });
  }, 240_000);
});
