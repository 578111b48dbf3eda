import fs from 'node:fs';
import path from 'node:path';
import { type BookManifest, type Problem, ZBookManifest } from '@picbook/content';
import type { DbOrTx } from '../../platform/db/client';
import { createBookQueries } from './library.queries';

export interface ImportReport {
  imported: number[];
  unchanged: number[];
  problems: Problem[];
}

/** The hash that says whether a manifest differs from what the database holds. */
export const contentHashOf = (m: BookManifest) =>
  `${m.images_hash}:${m.audio_hash}:${m.format}${m.notes_hash ? `:${m.notes_hash}` : ''}`;

/** Every /media URL a manifest points at (files that must exist before it is imported). */
export function mediaUrlsOf(m: BookManifest): string[] {
  return [
    m.cover.image,
    m.cover.image_small,
    ...m.pages.flatMap((p) => [
      p.image,
      p.image_small,
      p.audio,
      ...(p.note_audio ? [p.note_audio] : []),
      ...p.sentences.map((s) => s.audio),
      ...p.hotspots.map((h) => h.audio),
    ]),
    ...m.vocabulary.map((v) => v.audio),
  ];
}

/**
 * Reads and checks a built book's manifest: the schema, the timelines' shape, and that every
 * media file it names exists under `mediaDir`. Problems name the file and field.
 */
export function readManifest(
  file: string,
  mediaDir: string,
): { manifest: BookManifest | null; problems: Problem[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    return {
      manifest: null,
      problems: [{ file, field: '(json)', message: (error as Error).message }],
    };
  }
  const parsed = ZBookManifest.safeParse(raw);
  if (!parsed.success) {
    return {
      manifest: null,
      problems: parsed.error.issues.map((i) => ({
        file,
        field: i.path.join('.') || '(manifest)',
        message: i.message,
      })),
    };
  }
  const manifest = parsed.data;
  const problems: Problem[] = [];
  for (const url of mediaUrlsOf(manifest)) {
    const local = path.join(mediaDir, url.replace(/^\/media\//, ''));
    if (!local.startsWith(mediaDir) || !fs.existsSync(local)) {
      problems.push({ file, field: 'media', message: `${url} is missing` });
    }
  }
  manifest.pages.forEach((page, i) => {
    const words = JSON.parse(page.words_timeline) as unknown;
    if (!Array.isArray(words) || words.length !== page.sentences.length) {
      problems.push({
        file,
        field: `pages.${i}.words_timeline`,
        message: 'needs one word list per sentence',
      });
    }
  });
  return { manifest: problems.length === 0 ? manifest : null, problems };
}

/**
 * Loads manifests into the database: one transaction per book, inserting or updating in place by
 * the book's id (pages and words replaced), skipping books whose content hash is unchanged. A
 * slug owned by another id is refused.
 */
export async function importManifests(
  db: DbOrTx,
  manifests: BookManifest[],
): Promise<ImportReport> {
  const report: ImportReport = { imported: [], unchanged: [], problems: [] };
  const hashes = await createBookQueries(db).findHashes();
  for (const m of manifests) {
    if (hashes.get(m.id) === contentHashOf(m)) {
      report.unchanged.push(m.id);
      continue;
    }
    const owner = await createBookQueries(db).findSlugOwner(m.slug);
    if (owner !== null && owner !== m.id) {
      report.problems.push({
        file: `book ${m.id}`,
        field: 'slug',
        message: `"${m.slug}" belongs to book ${owner}`,
      });
      continue;
    }
    await db.transaction(async (tx) => {
      const q = createBookQueries(tx);
      await q.upsertBook({
        id: m.id,
        slug: m.slug,
        titleEn: m.title_en,
        titleCn: m.title_cn,
        level: m.level,
        category: m.category,
        bookType: m.book_type,
        summaryCn: m.summary_cn,
        cover: m.cover,
        pageCount: m.pages.length,
        wordCount: m.word_count,
        duration: m.duration,
        timingSource: m.timing_source,
        contentHash: contentHashOf(m),
      });
      // An operator's recorded note (catalogue.setNoteVoice) stays while its note reads the same.
      const voices = await q.findNoteVoices(m.id);
      const voiceOf = (page: number, noteCn: string | null) => {
        const voice = voices.get(page);
        return voice && voice.noteCn === noteCn ? voice.noteAudio : null;
      };
      await q.replacePages(
        m.id,
        m.pages.map((p) => ({
          bookId: m.id,
          page: p.page,
          image: p.image,
          imageSmall: p.image_small,
          placeholder: p.placeholder,
          audio: p.audio,
          duration: p.duration,
          sentences: p.sentences,
          noteCn: p.note_cn,
          noteAudio: voiceOf(p.page, p.note_cn) ?? p.note_audio,
          readSentencesTimeline: p.read_sentences_timeline,
          readWordsTimeline: p.read_words_timeline,
          sentencesTimeline: p.sentences_timeline,
          wordsTimeline: p.words_timeline,
          hotspots: p.hotspots,
        })),
      );
      await q.replaceWords(
        m.id,
        m.vocabulary.map((v, position) => ({
          bookId: m.id,
          position,
          word: v.word,
          pos: v.pos,
          meaningCn: v.meaning_cn,
          example: v.example,
          audio: v.audio,
        })),
      );
    });
    report.imported.push(m.id);
  }
  return report;
}

/**
 * The sample library (content/media/books/<id>/manifest.json) is brought into the database at
 * start: everything on the first start, and afterwards only books whose built content changed.
 */
export async function syncSampleLibrary(
  db: DbOrTx,
  mediaDir: string,
  log: (msg: string) => void,
): Promise<ImportReport> {
  const root = path.join(mediaDir, 'books');
  if (!fs.existsSync(root)) return { imported: [], unchanged: [], problems: [] };
  const manifests: BookManifest[] = [];
  const problems: Problem[] = [];
  for (const id of fs.readdirSync(root).sort()) {
    const file = path.join(root, id, 'manifest.json');
    if (!fs.existsSync(file)) continue;
    const result = readManifest(file, mediaDir);
    problems.push(...result.problems);
    if (result.manifest) manifests.push(result.manifest);
  }
  const report = await importManifests(db, manifests);
  report.problems.unshift(...problems);
  if (report.imported.length > 0)
    log(`sample library: ${report.imported.length} book(s) imported or updated`);
  for (const p of report.problems)
    log(`sample library problem: ${p.file}: ${p.field}: ${p.message}`);
  return report;
}
