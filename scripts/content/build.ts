/**
 * `npm run content:build`: book sources (content/books) → illustrations (WebP at two widths and a
 * blurred placeholder), narration (MP3 per sentence, page and vocabulary word, Festival slt voice),
 * timelines from Festival's own word times, and a manifest per book under
 * content/media/books/<id>/. Only what changed is rebuilt (hashes of the inputs in the manifest).
 *   --force   rebuild everything      --only <slug,…>   just these books
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BOOK_CATEGORY_IDS, formatProblems, type LoadedBook, loadBookSources, type TScene } from '@picbook/content';
import { COVER_CANVAS, PAGE_CANVAS, placeholderDataUri, renderScene, renderWebp } from './art/index';
import { readLexicon } from './lexicon';
import { type BookManifest, type ImageSet, MANIFEST_FORMAT, type ManifestPage } from './manifest';
import { durationOf, encodeMp3, ensureNarrationTools, synthesise } from './narrate';
import { pageTimelines, SENTENCE_GAP_S } from './timelines';
import { concatWithGaps } from './wav';

/** Bump when the narration or image steps change in a way that must rebuild everything. */
const AUDIO_VERSION = 'audio-1';
const IMAGE_VERSION = 'image-1';

const repo = path.resolve(import.meta.dirname, '../..');
const booksDir = path.join(repo, 'content/books');
const mediaDir = path.join(repo, 'content/media');
const lexiconFile = path.join(repo, 'content/lexicon.json');
const artDir = path.join(import.meta.dirname, 'art');

const { values } = parseArgs({ options: { force: { type: 'boolean' }, only: { type: 'string' } } });

const sha = (...parts: Array<string | Buffer>) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 16);
};

/** Everything the pictures depend on: the art code, and per book its scenes. */
const artHash = sha(
  IMAGE_VERSION,
  ...fs
    .readdirSync(artDir)
    .filter((f) => f.endsWith('.ts') && !f.includes('.test.') && !f.includes('sheet'))
    .sort()
    .map((f) => fs.readFileSync(path.join(artDir, f))),
);
const lexiconText = fs.readFileSync(lexiconFile, 'utf8');

function readManifest(file: string): BookManifest | null {
  try {
    const m = JSON.parse(fs.readFileSync(file, 'utf8')) as BookManifest;
    return m.format === MANIFEST_FORMAT ? m : null;
  } catch {
    return null;
  }
}

/** Writes a file named by its content hash (immutable caching) and answers its /media URL. */
function writeAsset(bookDir: string, id: number, base: string, ext: string, data: Buffer, keep: Set<string>): string {
  const name = `${base}.${sha(data).slice(0, 8)}.${ext}`;
  const file = path.join(bookDir, name);
  if (!fs.existsSync(file)) fs.writeFileSync(file, data);
  keep.add(name);
  return `/media/books/${id}/${name}`;
}

function renderImageSet(
  scene: TScene,
  canvas: { width: number; height: number },
  widths: [number, number],
  base: string,
  ctx: { dir: string; id: number; keep: Set<string> },
): Promise<ImageSet> {
  const svg = renderScene(scene, canvas);
  return Promise.all([renderWebp(svg, { width: widths[0] }), renderWebp(svg, { width: widths[1] })]).then(([big, small]) => ({
    image: writeAsset(ctx.dir, ctx.id, `${base}-${widths[0]}`, 'webp', big, ctx.keep),
    image_small: writeAsset(ctx.dir, ctx.id, `${base}-${widths[1]}`, 'webp', small, ctx.keep),
    placeholder: placeholderDataUri(svg),
  }));
}

async function buildBook(loaded: LoadedBook, force: boolean): Promise<'built' | 'images' | 'audio' | 'unchanged'> {
  const { book } = loaded;
  const dir = path.join(mediaDir, 'books', String(book.id));
  const manifestFile = path.join(dir, 'manifest.json');
  const previous = force ? null : readManifest(manifestFile);
  const scenes = JSON.stringify({ cover: book.cover, pages: book.pages.map((p) => p.scene) });
  const imagesHash = sha(artHash, scenes);
  const audioHash = sha(
    AUDIO_VERSION,
    lexiconText,
    JSON.stringify({ pages: book.pages.map((p) => p.sentences.map((s) => s.en)), words: book.vocabulary.map((v) => v.word) }),
  );
  const redoImages = previous?.images_hash !== imagesHash;
  const redoAudio = previous?.audio_hash !== audioHash;
  fs.mkdirSync(dir, { recursive: true });
  const keep = new Set<string>(['manifest.json']);
  const ctx = { dir, id: book.id, keep };

  // Pictures: reuse the previous set when nothing they depend on changed.
  let cover: ImageSet;
  let pageImages: ImageSet[];
  if (!redoImages && previous) {
    cover = previous.cover;
    pageImages = previous.pages.map((p) => ({ image: p.image, image_small: p.image_small, placeholder: p.placeholder }));
  } else {
    if (!('bg' in book.cover)) throw new Error(`${loaded.file}: sample books need a cover scene`);
    cover = await renderImageSet(book.cover, COVER_CANVAS, [512, 256], 'cover', ctx);
    pageImages = [];
    for (const [i, page] of book.pages.entries()) {
      if (!page.scene) throw new Error(`${loaded.file}: pages.${i} needs a scene`);
      pageImages.push(await renderImageSet(page.scene, PAGE_CANVAS, [1280, 640], `p${i + 1}`, ctx));
    }
  }
  for (const set of [cover, ...pageImages]) {
    for (const url of [set.image, set.image_small]) keep.add(path.basename(url));
  }

  // Narration: one Festival run for every sentence and vocabulary word of the book.
  let pages: ManifestPage[];
  let vocabulary: BookManifest['vocabulary'];
  if (!redoAudio && previous) {
    pages = previous.pages.map((p, i) => ({ ...p, ...pageImages[i], note_cn: book.pages[i]?.note_cn ?? null,
      sentences: p.sentences.map((s, j) => ({ ...s, zh: book.pages[i]?.sentences[j]?.zh ?? s.zh })) }));
    vocabulary = previous.vocabulary.map((v, i) => ({ ...v, ...book.vocabulary[i], audio: v.audio }));
    for (const p of pages) {
      keep.add(path.basename(p.audio));
      for (const s of p.sentences) keep.add(path.basename(s.audio));
    }
    for (const v of vocabulary) keep.add(path.basename(v.audio));
  } else {
    const texts = [...book.pages.flatMap((p) => p.sentences.map((s) => s.en)), ...book.vocabulary.map((v) => v.word)];
    const narrated = synthesise(texts, readLexicon(lexiconFile));
    let k = 0;
    pages = book.pages.map((page, i) => {
      const parts = page.sentences.map(() => narrated[k++]);
      const timings = parts.map((n, j) => {
        if (!n) throw new Error('narration missing');
        const file = path.join(dir, 'tmp.mp3');
        encodeMp3(n.pcm, file);
        const audio = writeAsset(dir, book.id, `p${i + 1}-s${j + 1}`, 'mp3', fs.readFileSync(file), keep);
        fs.rmSync(file);
        return { audio, duration: durationOf(n.pcm), words: n.words };
      });
      const { pcm, offsets } = concatWithGaps(parts.map((n) => n?.pcm ?? { sampleRate: 32000, samples: new Int16Array() }), SENTENCE_GAP_S);
      const pageFile = path.join(dir, 'tmp.mp3');
      encodeMp3(pcm, pageFile);
      const audio = writeAsset(dir, book.id, `p${i + 1}`, 'mp3', fs.readFileSync(pageFile), keep);
      fs.rmSync(pageFile);
      return {
        page: i + 1,
        ...(pageImages[i] as ImageSet),
        audio,
        duration: durationOf(pcm),
        sentences: page.sentences.map((s, j) => ({ en: s.en, zh: s.zh, audio: timings[j]?.audio ?? '', duration: timings[j]?.duration ?? 0 })),
        note_cn: page.note_cn ?? null,
        ...pageTimelines(timings, offsets),
      };
    });
    vocabulary = book.vocabulary.map((v) => {
      const n = narrated[k++];
      if (!n) throw new Error('narration missing');
      const file = path.join(dir, 'tmp.mp3');
      encodeMp3(n.pcm, file);
      const slug = v.word.toLowerCase().replace(/[^a-z]+/g, '-');
      const audio = writeAsset(dir, book.id, `w-${slug}`, 'mp3', fs.readFileSync(file), keep);
      fs.rmSync(file);
      return { word: v.word, pos: v.pos, meaning_cn: v.meaning_cn, example: v.example, audio };
    });
  }

  const manifest: BookManifest = {
    format: MANIFEST_FORMAT,
    images_hash: imagesHash,
    audio_hash: audioHash,
    id: book.id,
    slug: book.slug,
    title_en: book.title_en,
    title_cn: book.title_cn,
    level: book.level,
    category: book.category,
    book_type: book.book_type,
    summary_cn: book.summary_cn,
    cover,
    pages,
    vocabulary,
    word_count: book.pages.reduce((n, p) => n + p.sentences.reduce((m, s) => m + s.en.split(/\s+/).length, 0), 0),
    duration: Math.round(pages.reduce((n, p) => n + p.duration, 0) * 10) / 10,
    timing_source: 'festival',
  };
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  // Files of earlier builds that this one no longer uses.
  for (const name of fs.readdirSync(dir)) if (!keep.has(name)) fs.rmSync(path.join(dir, name));
  if (redoImages && redoAudio) return 'built';
  if (redoImages) return 'images';
  if (redoAudio) return 'audio';
  return 'unchanged';
}

const { books, problems } = loadBookSources(booksDir, BOOK_CATEGORY_IDS);
if (problems.length > 0) {
  console.error(formatProblems(problems));
  console.error(`\n${problems.length} problem(s); fix them first (npm run content:validate).`);
  process.exit(1);
}
const only = values.only?.split(',');
const selected = books.filter((b) => !only || only.includes(b.book.slug));
ensureNarrationTools();
const counts: Record<string, number> = {};
for (const loaded of selected) {
  const t0 = Date.now();
  const result = await buildBook(loaded, Boolean(values.force));
  counts[result] = (counts[result] ?? 0) + 1;
  if (result !== 'unchanged') console.log(`${loaded.book.slug}: ${result} (${Date.now() - t0} ms)`);
}
// Books whose sources are gone leave no stale assets behind.
const ids = new Set(books.map((b) => String(b.book.id)));
const builtRoot = path.join(mediaDir, 'books');
if (!only && fs.existsSync(builtRoot)) {
  for (const id of fs.readdirSync(builtRoot)) if (!ids.has(id)) fs.rmSync(path.join(builtRoot, id), { recursive: true });
}
console.log(`content:build done: ${Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ') || 'nothing to do'}`);
