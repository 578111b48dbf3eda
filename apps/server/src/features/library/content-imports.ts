/**
 * Books uploaded in the operator console (issue 23, decision 079): an operator picks a book folder
 * (the console zips it in the browser) and gets its validation report at once; importing it is the
 * audited action `catalogue.import`, which builds the books in a child process (the same
 * `content:import` pipeline as the shell, `--build-only`) before its transaction and loads the
 * built manifests inside it, with the audit row.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BOOK_CATEGORY_IDS,
  BOOK_TYPES,
  type BookManifest,
  type LoadedBook,
  loadBookSources,
  readYamlFile,
  subfolderNames,
} from '@picbook/content';
import { ErrorCode, type TOpsImport } from '@picbook/contracts';
import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/client';
import { books, contentImports, type ImportProblemJson } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError, invalidParams } from '../../platform/errors';
import { defineOperatorAction, type Operator } from '../../platform/ops/operator-action';
import { defineOperatorView } from '../../platform/ops/operator-view';
import { unixSeconds } from '../../platform/time';
import { importManifests, readManifest } from './import-books';

/** The zipped folder as uploaded; what it may hold unpacked. */
export const IMPORT_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
export const IMPORT_UNPACKED_MAX_BYTES = 300 * 1024 * 1024;
export const IMPORT_MAX_FILES = 3000;
/** A build (pictures, narration, alignment) longer than this is stopped and reported. */
const BUILD_TIMEOUT_MS = 15 * 60 * 1000;
/** A `building` import older than this was cut off (a crash, a restart) and may be run again. */
const STALE_BUILD_MS = BUILD_TIMEOUT_MS + 60 * 1000;

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const importScript = path.join(repoRoot, 'scripts/content/import.ts');

const importsDir = (deps: AppDeps) => path.join(deps.config.dataDir, 'imports');
const sourceDir = (deps: AppDeps, id: number) => path.join(importsDir(deps), String(id));

/**
 * A zip entry's name as a safe relative path, or null for what a folder pick or an archiver adds
 * (macOS resource forks, hidden files, directories). Throws on a path that climbs out or is absolute.
 */
export function safeEntryPath(name: string): string | null {
  if (name.endsWith('/')) return null;
  if (name.includes('\\') || name.includes('\0') || name.startsWith('/') || /^[a-z]:/i.test(name)) {
    throw invalidParams('folder', `压缩包里的路径不安全：${name}`);
  }
  const parts = name.split('/');
  if (parts.some((p) => p === '..')) throw invalidParams('folder', `压缩包里的路径不安全：${name}`);
  if (parts.some((p) => p.startsWith('.') || p === '__MACOSX')) return null;
  return parts.filter((p) => p !== '').join('/');
}

/** Unpacks the zip under `dir`, within the size and count limits. */
export function unpackZip(zip: Uint8Array, dir: string): void {
  if (zip[0] !== 0x50 || zip[1] !== 0x4b) {
    throw invalidParams('folder', '请上传 .zip 压缩包（或在后台选择绘本文件夹）');
  }
  let total = 0;
  let count = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter(file) {
        if (safeEntryPath(file.name) === null) return false;
        count += 1;
        total += file.originalSize;
        if (count > IMPORT_MAX_FILES) {
          throw invalidParams('folder', `文件太多了（最多 ${IMPORT_MAX_FILES} 个）`);
        }
        if (total > IMPORT_UNPACKED_MAX_BYTES) {
          throw new AppError(
            ErrorCode.PayloadTooLarge,
            `解压后太大了（最多 ${IMPORT_UNPACKED_MAX_BYTES / 1024 / 1024} MB）`,
            { field: 'folder' },
          );
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidParams('folder', `压缩包无法解开：${(error as Error).message}`);
  }
  for (const [name, bytes] of Object.entries(files)) {
    const rel = safeEntryPath(name);
    if (!rel) continue;
    const target = path.join(dir, rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, bytes);
  }
}

/**
 * The folder whose sub-folders are books, as the importer wants it. An operator may zip one
 * book's folder, a folder of books, or a book's files without their folder (then the book is
 * moved into a folder named after its slug).
 */
export function findLibraryRoot(dir: string): string {
  let root = dir;
  for (;;) {
    if (fs.existsSync(path.join(root, 'book.yaml'))) {
      const yaml = readYamlFile(path.join(root, 'book.yaml'));
      const slug =
        'raw' in yaml && typeof (yaml.raw as { slug?: unknown })?.slug === 'string'
          ? String((yaml.raw as { slug: string }).slug).replace(/[^a-z0-9-]/g, '') || 'book'
          : 'book';
      const wrapped = path.join(`${root}.wrapped`, slug);
      fs.mkdirSync(path.dirname(wrapped), { recursive: true });
      fs.renameSync(root, wrapped);
      return path.dirname(wrapped);
    }
    const subs = subfolderNames(root);
    const only = subs.length === 1 ? subs[0] : undefined;
    if (only === undefined || fs.existsSync(path.join(root, only, 'book.yaml'))) return root;
    root = path.join(root, only);
  }
}

/** Problems name files relative to the uploaded folder (never this server's paths). */
function relativeProblems(problems: readonly ImportProblemJson[], root: string) {
  return problems.map((p) => ({
    ...p,
    file: path.isAbsolute(p.file) ? path.relative(root, p.file) || path.basename(p.file) : p.file,
  }));
}

type ImportRow = typeof contentImports.$inferSelect;

export function importAnswer(row: ImportRow): TOpsImport {
  return {
    id: row.id,
    operator: row.operator,
    file_name: row.fileName,
    bytes: row.bytes,
    status: row.status as TOpsImport['status'],
    books: row.books,
    problems: row.problems,
    outcome: row.outcome ?? null,
    create_time: unixSeconds(row.createdAt),
    update_time: unixSeconds(row.updatedAt),
  };
}

/**
 * The library's rule that every level has a free trial book, checked against the catalogue the
 * uploaded books join (a problem for the report; it does not stop the import).
 */
async function trialBookProblems(
  deps: AppDeps,
  uploaded: readonly LoadedBook[],
): Promise<ImportProblemJson[]> {
  const levels = [...new Set(uploaded.map((b) => b.book.level))];
  if (levels.length === 0) return [];
  const trial = await deps.db
    .selectDistinct({ level: books.level })
    .from(books)
    .where(
      and(
        inArray(books.level, levels),
        eq(books.bookType, BOOK_TYPES.trial),
        isNull(books.withdrawnAt),
      ),
    );
  const covered = new Set([
    ...trial.map((r) => r.level),
    ...uploaded.filter((b) => b.book.book_type === BOOK_TYPES.trial).map((b) => b.book.level),
  ]);
  return levels
    .filter((level) => !covered.has(level))
    .map((level) => ({
      file: '(catalogue)',
      field: `level ${level}`,
      message: 'needs at least one free trial book (book_type: 1)',
    }));
}

/** Uploaded folders stay for a retry until imported, or for a week. */
const KEEP_UPLOAD_MS = 7 * 24 * 3600 * 1000;

/** Removes the uploaded folders no import needs any more (imported, or older than a week). */
async function pruneImportFolders(deps: AppDeps, now: Date): Promise<void> {
  const dir = importsDir(deps);
  if (!fs.existsSync(dir)) return;
  const ids = subfolderNames(dir)
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  if (ids.length === 0) return;
  const rows = await deps.db
    .select({ id: contentImports.id, status: contentImports.status, at: contentImports.updatedAt })
    .from(contentImports)
    .where(inArray(contentImports.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const row = byId.get(id);
    const old = row && now.getTime() - row.at.getTime() > KEEP_UPLOAD_MS;
    if (!row || row.status === 'imported' || (old && row.status !== 'building')) {
      fs.rmSync(sourceDir(deps, id), { recursive: true, force: true });
    }
  }
}

/**
 * Receives an uploaded (zipped) book folder: unpacks it under DATA_DIR/imports/<id>, validates
 * every book with the importer's own rules and keeps the report. Nothing reaches the catalogue.
 */
export async function receiveImport(
  deps: AppDeps,
  operator: Operator,
  upload: { buffer: Buffer; filename: string },
): Promise<TOpsImport> {
  const now = deps.clock.now();
  await pruneImportFolders(deps, now);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-upload-'));
  try {
    unpackZip(upload.buffer, path.join(scratch, 'upload'));
    const root = findLibraryRoot(path.join(scratch, 'upload'));
    const loaded = loadBookSources(root, BOOK_CATEGORY_IDS, { addition: true });
    loaded.problems.push(...(await trialBookProblems(deps, loaded.books)));
    const ids = loaded.books.map((b) => b.book.id);
    const existing = new Set(
      ids.length > 0
        ? (await deps.db.select({ id: books.id }).from(books).where(inArray(books.id, ids))).map(
            (b) => b.id,
          )
        : [],
    );
    const found = loaded.books.map(({ book }) => ({
      id: book.id,
      slug: book.slug,
      title_en: book.title_en,
      title_cn: book.title_cn,
      level: book.level,
      pages: book.pages.length,
      update: existing.has(book.id),
    }));
    if (found.length === 0 && loaded.problems.length === 0) {
      loaded.problems.push({ file: upload.filename, field: '(folder)', message: 'has no books' });
    }
    const [row] = await deps.db
      .insert(contentImports)
      .values({
        operator: operator.name,
        fileName: upload.filename.slice(0, 200),
        bytes: upload.buffer.byteLength,
        status: found.length > 0 ? 'validated' : 'invalid',
        books: found,
        problems: relativeProblems(loaded.problems, root),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('content_imports insert returned nothing');
    if (found.length > 0) {
      fs.mkdirSync(importsDir(deps), { recursive: true });
      fs.rmSync(sourceDir(deps, row.id), { recursive: true, force: true });
      fs.cpSync(root, sourceDir(deps, row.id), { recursive: true });
    }
    return importAnswer(row);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

interface BuildReport {
  built: { id: number; slug: string; manifest: string }[];
  problems: ImportProblemJson[];
  warnings: string[];
}

/** Runs `content:import --build-only` on the folder in a child process (CPU-heavy, minutes). */
function buildInChild(deps: AppDeps, folder: string): Promise<BuildReport> {
  const report = path.join(folder, '..', `${path.basename(folder)}.report.json`);
  fs.rmSync(report, { force: true });
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', importScript, folder, '--build-only', '--report', report],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: deps.config.dataDir, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (fs.existsSync(report)) {
        try {
          resolve(JSON.parse(fs.readFileSync(report, 'utf8')) as BuildReport);
          return;
        } catch (error) {
          reject(error);
          return;
        }
      }
      reject(
        new Error(`build stopped (${signal ?? `exit ${code}`}): ${stderr.trim().slice(-800)}`),
      );
    });
  });
}

async function setStatus(
  db: DbOrTx,
  id: number,
  values: Partial<typeof contentImports.$inferInsert>,
  now: Date,
): Promise<void> {
  await db
    .update(contentImports)
    .set({ ...values, updatedAt: now })
    .where(eq(contentImports.id, id));
}

interface Built {
  row: ImportRow;
  manifests: BookManifest[];
  problems: ImportProblemJson[];
  warnings: string[];
}

/**
 * `catalogue.import`: builds the books of a validated upload (before the transaction: minutes of
 * CPU in a child process, never holding the database), then loads them into the catalogue in the
 * action's transaction with its audit row. A book that fails to build imports nothing; the others
 * still do (as `npm run content:import`). One build per upload at a time.
 */
export const importUploadAction = defineOperatorAction({
  name: 'catalogue.import',
  summary: 'Import an uploaded book folder into the catalogue (after its validation report)',
  roles: ['content'],
  input: z.object({ import_id: z.number().int().positive() }),
  async prepare({ deps, input, now }): Promise<Built> {
    const [row] = await deps.db
      .update(contentImports)
      .set({ status: 'building', updatedAt: now })
      .where(
        and(
          eq(contentImports.id, input.import_id),
          or(
            inArray(contentImports.status, ['validated', 'failed']),
            and(
              eq(contentImports.status, 'building'),
              lt(contentImports.updatedAt, new Date(now.getTime() - STALE_BUILD_MS)),
            ),
          ),
        ),
      )
      .returning();
    if (!row) {
      const [current] = await deps.db
        .select({ status: contentImports.status })
        .from(contentImports)
        .where(eq(contentImports.id, input.import_id));
      if (!current) throw new AppError(ErrorCode.RecordNotFound, '没有这次上传');
      throw new AppError(
        ErrorCode.NotAllowed,
        current.status === 'building'
          ? '这批绘本正在生成，请稍候'
          : `这次上传不能导入（状态：${current.status}）`,
      );
    }
    const folder = sourceDir(deps, row.id);
    let report: BuildReport;
    try {
      if (!fs.existsSync(folder)) throw new Error('the uploaded folder is gone; upload it again');
      report = await buildInChild(deps, folder);
    } catch (error) {
      const problems = [
        { file: row.fileName, field: '(build)', message: (error as Error).message },
      ];
      await setStatus(deps.db, row.id, { status: 'failed', problems }, deps.clock.now());
      throw new AppError(ErrorCode.Internal, `生成失败：${(error as Error).message}`, {
        cause: error,
      });
    }
    const problems = relativeProblems(report.problems, folder);
    const manifests: BookManifest[] = [];
    for (const built of report.built) {
      const read = readManifest(built.manifest, deps.config.dataMediaDir);
      problems.push(...relativeProblems(read.problems, deps.config.dataMediaDir));
      if (read.manifest) manifests.push(read.manifest);
    }
    if (manifests.length === 0) {
      await setStatus(deps.db, row.id, { status: 'failed', problems }, deps.clock.now());
      throw new AppError(ErrorCode.NotAllowed, '没有能导入的绘本，请看检查报告');
    }
    return { row, manifests, problems, warnings: report.warnings };
  },
  async run({ tx, input, now, prepared }) {
    const report = await importManifests(tx, prepared.manifests);
    const problems = [...prepared.problems, ...report.problems];
    const outcome = {
      imported: report.imported,
      unchanged: report.unchanged,
      warnings: prepared.warnings,
    };
    await setStatus(tx, input.import_id, { status: 'imported', problems, outcome }, now);
    return {
      result: { import_id: input.import_id, ...outcome, problems },
      target: `import:${input.import_id}`,
      before: { in_catalogue: prepared.row.books.filter((b) => b.update).map((b) => b.id) },
      after: { status: 'imported', ...outcome, problems: problems.length },
    };
  },
});

/** Recent uploads with their reports, newest first (content role). */
export const importsView = defineOperatorView({
  name: 'catalogue.imports',
  summary: 'Uploaded book folders with their validation reports and import outcomes',
  roles: ['content'],
  input: z.object({ limit: z.number().int().min(1).max(50).default(20) }),
  async read({ deps, input }) {
    const rows = await deps.db
      .select()
      .from(contentImports)
      .orderBy(desc(contentImports.id))
      .limit(input.limit);
    return { result: { list: rows.map(importAnswer) } };
  },
});
