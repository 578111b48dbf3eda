/**
 * Turns one validated book source into its built form under `<mediaDir>/books/<id>/`:
 * illustrations (a scene through the art library, or the operator's picture), narration and
 * timelines (Festival for the sample library; an operator's recording aligned with
 * soundswallower otherwise), and manifest.json. Shared by `content:build` and `content:import`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  type BookManifest,
  type Hotspot,
  hotspotWord,
  type ImageSet,
  type LoadedBook,
  MANIFEST_FORMAT,
  type ManifestPage,
  type TScene,
} from '@picbook/content';
import { alignWords, loadAudio } from '@picbook/speech';
import sharp from 'sharp';
import {
  COVER_CANVAS,
  PAGE_CANVAS,
  placeholderDataUri,
  renderScene,
  renderWebp,
  sceneHotspots,
} from './art/index';
import { CHINESE_VOICE, hasChineseVoice, speakChinese } from './chinese-voice';
import type { Lexicon } from './lexicon';
import {
  durationOf,
  encodeMp3,
  ensureNarrationTools,
  type Narrated,
  synthesise,
  type TimedWord,
} from './narrate';
import { pageTimelines, SENTENCE_GAP_S, type SentenceTiming } from './timelines';
import { concatWithGaps, normaliseLoudness, type Pcm } from './wav';

/** Bump when the narration or image steps change in a way that must rebuild everything. */
export const AUDIO_VERSION = 'audio-3';
export const IMAGE_VERSION = 'image-1';
/** Bump when the notes' voices must be made again (decision 099). */
export const NOTES_VERSION = 'notes-1';

const artDir = path.join(import.meta.dirname, 'art');

export const sha = (...parts: Array<string | Buffer>) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 16);
};

/** Everything pictures depend on besides the scenes: the art code. */
export const artHash = sha(
  IMAGE_VERSION,
  ...fs
    .readdirSync(artDir)
    .filter((f) => f.endsWith('.ts') && !f.includes('.test.') && !f.includes('sheet'))
    .sort()
    .map((f) => fs.readFileSync(path.join(artDir, f))),
);

export function readManifestFile(file: string): BookManifest | null {
  try {
    const m = JSON.parse(fs.readFileSync(file, 'utf8')) as BookManifest;
    return m.format === MANIFEST_FORMAT ? m : null;
  } catch {
    return null;
  }
}

/** Where an asset build writes: its folder, the folder's /media URL, and what it keeps. */
export interface AssetCtx {
  dir: string;
  /** The /media URL of `dir`, e.g. /media/books/1101. */
  urlBase: string;
  keep: Set<string>;
  /** Content hash → URL of a file already written for this book (one file per content). */
  written: Map<string, string>;
}

/** Writes a file named by its content hash (immutable caching) and answers its /media URL. */
export function writeAsset(ctx: AssetCtx, base: string, ext: string, data: Buffer): string {
  const hash = sha(data).slice(0, 8);
  const same = ctx.written.get(`${hash}.${ext}`);
  if (same) return same;
  const name = `${base}.${hash}.${ext}`;
  const file = path.join(ctx.dir, name);
  if (!fs.existsSync(file)) fs.writeFileSync(file, data);
  ctx.keep.add(name);
  const url = `${ctx.urlBase}/${name}`;
  ctx.written.set(`${hash}.${ext}`, url);
  return url;
}

export function mp3Asset(ctx: AssetCtx, base: string, pcm: Pcm): string {
  const temp = path.join(ctx.dir, `.${base}.tmp.mp3`);
  encodeMp3(pcm, temp);
  const url = writeAsset(ctx, base, 'mp3', fs.readFileSync(temp));
  fs.rmSync(temp);
  return url;
}

/** An SVG scene, or an operator's picture file, at two widths with a blurred placeholder. */
async function imageSet(
  source: { scene: TScene } | { file: string },
  canvas: { width: number; height: number },
  widths: [number, number],
  base: string,
  ctx: AssetCtx,
): Promise<ImageSet> {
  if ('scene' in source) {
    const svg = renderScene(source.scene, canvas);
    const [big, small] = await Promise.all([
      renderWebp(svg, { width: widths[0] }),
      renderWebp(svg, { width: widths[1] }),
    ]);
    return {
      image: writeAsset(ctx, `${base}-${widths[0]}`, 'webp', big),
      image_small: writeAsset(ctx, `${base}-${widths[1]}`, 'webp', small),
      placeholder: await placeholderDataUri(svg),
    };
  }
  const aspect = canvas.height / canvas.width;
  const render = (width: number) =>
    sharp(source.file, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width, height: Math.round(width * aspect), fit: 'cover' })
      .webp({ quality: 80, effort: 6 })
      .toBuffer();
  const [big, small, tiny] = await Promise.all([
    render(widths[0]),
    render(widths[1]),
    sharp(source.file).resize({ width: 20 }).blur(1.2).webp({ quality: 40 }).toBuffer(),
  ]);
  return {
    image: writeAsset(ctx, `${base}-${widths[0]}`, 'webp', big),
    image_small: writeAsset(ctx, `${base}-${widths[1]}`, 'webp', small),
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}

/** 24 kHz 16-bit mono of an operator's recording (any format ffmpeg reads). */
async function loadPcm(file: string): Promise<Pcm> {
  const samples = await loadAudio(file, { sampleRate: 24_000 });
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++)
    pcm[i] = Math.max(-32768, Math.min(32767, Math.round((samples[i] ?? 0) * 32767)));
  return normaliseLoudness({ sampleRate: 24_000, samples: pcm });
}

/**
 * A recorded page: word times by forced alignment of the page's text, sentences cut at the
 * silence between their last and next first word. Warnings (relaxed pass, guessed words) are
 * passed on to the operator.
 */
async function alignRecordedPage(
  file: string,
  sentences: string[],
  lexicon: Lexicon,
  warn: (msg: string) => void,
): Promise<{ page: Pcm; parts: Narrated[]; offsets: number[] }> {
  const page = await loadPcm(file);
  const audio16k = await loadAudio(file);
  const result = await alignWords(audio16k, sentences.join(' '), { extraDict: lexicon });
  for (const w of result.warnings) warn(`${path.basename(file)}: ${w}`);
  if (result.pass === 'relaxed')
    warn(`${path.basename(file)}: aligned with the relaxed settings (first pass failed)`);
  const duration = page.samples.length / page.sampleRate;
  const counts = sentences.map((s) => s.split(/\s+/).filter((t) => /[A-Za-z]/.test(t)).length);
  const groups: Array<typeof result.words> = [];
  let k = 0;
  for (const n of counts) {
    groups.push(result.words.slice(k, k + n));
    k += n;
  }
  const bounds = groups.map((g, i) => {
    const prevEnd = groups[i - 1]?.at(-1)?.end ?? 0;
    const nextStart = groups[i + 1]?.[0]?.start ?? duration;
    const first = g[0]?.start ?? 0;
    const last = g.at(-1)?.end ?? first;
    return {
      start: Math.max(prevEnd, first - 0.2, 0),
      end: Math.min(nextStart, last + 0.25, duration),
    };
  });
  const parts = groups.map((g, i) => {
    const b = bounds[i] ?? { start: 0, end: duration };
    const from = Math.floor(b.start * page.sampleRate);
    const to = Math.ceil(b.end * page.sampleRate);
    const text = sentences[i] ?? '';
    let offset = 0;
    const words: TimedWord[] = g.map((w) => {
      const o = text.indexOf(w.word, offset);
      offset = o >= 0 ? o + w.word.length : offset;
      return {
        w: w.word,
        o: Math.max(0, o),
        start: round(w.start - b.start),
        end: round(w.end - b.start),
      };
    });
    return { pcm: { sampleRate: page.sampleRate, samples: page.samples.slice(from, to) }, words };
  });
  // The recording stays the page audio; sentences start where they were cut from it.
  return {
    page,
    parts,
    offsets: bounds.map((b) => Math.floor(b.start * page.sampleRate) / page.sampleRate),
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

function placeHotspots(
  spots: ReturnType<typeof sceneHotspots>,
  wordAudio: ReadonlyMap<string, string>,
): Hotspot[] {
  return spots.flatMap((h) => {
    const word = hotspotWord(h.id);
    const audio = wordAudio.get(word);
    return audio ? [{ word, audio, x: h.x, y: h.y, w: h.w, h: h.h }] : [];
  });
}

export interface BuildOptions {
  mediaDir: string;
  lexicon: Lexicon;
  lexiconText: string;
  force?: boolean;
  warn?: (msg: string) => void;
}

export type BuildResult = 'built' | 'images' | 'audio' | 'unchanged';

export async function buildBook(
  loaded: LoadedBook,
  options: BuildOptions,
): Promise<{ manifest: BookManifest; result: BuildResult }> {
  const { book } = loaded;
  const warn = options.warn ?? ((m: string) => console.warn(m));
  const dir = path.join(options.mediaDir, 'books', String(book.id));
  const manifestFile = path.join(dir, 'manifest.json');
  const previous = options.force ? null : readManifestFile(manifestFile);
  const recorded = book.pages.every((p) => p.audio);
  const fileHash = (rel: string | undefined) =>
    rel ? sha(fs.readFileSync(path.join(loaded.dir, rel))) : '';
  const imagesHash = sha(
    artHash,
    JSON.stringify({ cover: book.cover, pages: book.pages.map((p) => p.scene ?? p.image) }),
    ...book.pages.map((p) => fileHash(p.image)),
    'image' in book.cover ? fileHash(book.cover.image) : '',
  );
  // Tappable figures and props of each page, and the words they say.
  const spotsByPage = book.pages.map((p) => (p.scene ? sceneHotspots(p.scene, PAGE_CANVAS) : []));
  const hotspotWords = [...new Set(spotsByPage.flat().map((h) => hotspotWord(h.id)))].sort();
  const audioHash = sha(
    AUDIO_VERSION,
    options.lexiconText,
    hotspotWords.join('|'),
    JSON.stringify({
      pages: book.pages.map((p) => p.sentences.map((s) => s.en)),
      words: book.vocabulary.map((v) => v.word),
    }),
    ...book.pages.map((p) => fileHash(p.audio)),
    ...book.vocabulary.map((v) => fileHash(v.audio)),
  );
  const redoImages = previous?.images_hash !== imagesHash;
  const redoAudio = previous?.audio_hash !== audioHash;
  fs.mkdirSync(dir, { recursive: true });
  const ctx: AssetCtx = {
    dir,
    urlBase: `/media/books/${book.id}`,
    keep: new Set(['manifest.json']),
    written: new Map(),
  };

  let cover: ImageSet;
  let pageImages: ImageSet[];
  if (!redoImages && previous) {
    cover = previous.cover;
    pageImages = previous.pages.map((p) => ({
      image: p.image,
      image_small: p.image_small,
      placeholder: p.placeholder,
    }));
  } else {
    cover = await imageSet(
      'bg' in book.cover
        ? { scene: book.cover }
        : { file: path.join(loaded.dir, book.cover.image) },
      COVER_CANVAS,
      [512, 256],
      'cover',
      ctx,
    );
    pageImages = [];
    for (const [i, page] of book.pages.entries()) {
      const source = page.scene
        ? { scene: page.scene }
        : { file: path.join(loaded.dir, page.image ?? '') };
      pageImages.push(await imageSet(source, PAGE_CANVAS, [1280, 640], `p${i + 1}`, ctx));
    }
  }
  for (const set of [cover, ...pageImages])
    for (const url of [set.image, set.image_small]) ctx.keep.add(path.basename(url));

  let pages: ManifestPage[];
  let vocabulary: BookManifest['vocabulary'];
  if (!redoAudio && previous) {
    pages = previous.pages.map((p, i) => ({
      ...p,
      ...pageImages[i],
      note_cn: book.pages[i]?.note_cn ?? null,
      sentences: p.sentences.map((s, j) => ({ ...s, zh: book.pages[i]?.sentences[j]?.zh ?? s.zh })),
    }));
    vocabulary = previous.vocabulary.map((v, i) => ({
      ...v,
      ...book.vocabulary[i],
      audio: v.audio,
    }));
    // Same hotspot words (they are part of the audio hash): reuse their audio, and place the
    // areas again in case the pictures moved.
    const wordAudio = new Map(
      previous.pages.flatMap((p) => p.hotspots.map((h) => [h.word, h.audio] as const)),
    );
    pages = pages.map((p, i) => ({
      ...p,
      hotspots: placeHotspots(spotsByPage[i] ?? [], wordAudio),
    }));
    for (const p of pages)
      for (const url of [
        p.audio,
        ...p.sentences.map((s) => s.audio),
        ...p.hotspots.map((h) => h.audio),
      ])
        ctx.keep.add(path.basename(url));
    for (const v of vocabulary) ctx.keep.add(path.basename(v.audio));
  } else {
    // Festival narrates what no recording covers: every sentence of a sample book, and any
    // vocabulary word an operator did not record.
    const festivalTexts = [
      ...(recorded ? [] : book.pages.flatMap((p) => p.sentences.map((s) => s.en))),
      ...book.vocabulary.filter((v) => !v.audio).map((v) => v.word),
      ...hotspotWords,
    ];
    if (festivalTexts.length > 0) ensureNarrationTools();
    const narrated = festivalTexts.length > 0 ? synthesise(festivalTexts, options.lexicon) : [];
    let k = 0;
    pages = [];
    for (const [i, page] of book.pages.entries()) {
      let parts: Narrated[];
      let pagePcm: Pcm;
      let offsets: number[];
      if (recorded) {
        const aligned = await alignRecordedPage(
          path.join(loaded.dir, page.audio ?? ''),
          page.sentences.map((s) => s.en),
          options.lexicon,
          warn,
        );
        parts = aligned.parts;
        pagePcm = aligned.page;
        offsets = aligned.offsets;
      } else {
        parts = page.sentences.map(() => {
          const n = narrated[k++];
          if (!n) throw new Error('narration missing');
          return n;
        });
        const joined = concatWithGaps(
          parts.map((n) => n.pcm),
          SENTENCE_GAP_S,
        );
        pagePcm = joined.pcm;
        offsets = joined.offsets;
      }
      if (recorded) {
        // The page audio is the sentences as cut, back to back, so both timelines agree.
        const joined = concatWithGaps(
          parts.map((n) => n.pcm),
          0,
        );
        pagePcm = joined.pcm;
        offsets = joined.offsets;
      }
      const timings: SentenceTiming[] = parts.map((n, j) => ({
        audio: mp3Asset(ctx, `p${i + 1}-s${j + 1}`, n.pcm),
        duration: durationOf(n.pcm),
        words: n.words,
      }));
      pages.push({
        page: i + 1,
        ...(pageImages[i] as ImageSet),
        audio: mp3Asset(ctx, `p${i + 1}`, pagePcm),
        duration: durationOf(pagePcm),
        sentences: page.sentences.map((s, j) => ({
          en: s.en,
          zh: s.zh,
          audio: timings[j]?.audio ?? '',
          duration: timings[j]?.duration ?? 0,
        })),
        note_cn: page.note_cn ?? null,
        note_audio: null, // made below with the other notes
        ...pageTimelines(timings, offsets),
        hotspots: [],
      });
    }
    vocabulary = [];
    for (const v of book.vocabulary) {
      const pcm = v.audio ? await loadPcm(path.join(loaded.dir, v.audio)) : narrated[k++]?.pcm;
      if (!pcm) throw new Error('narration missing');
      vocabulary.push({
        word: v.word,
        pos: v.pos,
        meaning_cn: v.meaning_cn,
        example: v.example,
        audio: mp3Asset(ctx, `w-${v.word.toLowerCase().replace(/[^a-z]+/g, '-')}`, pcm),
      });
    }
    const wordAudio = new Map<string, string>();
    for (const word of hotspotWords) {
      const n = narrated[k++];
      if (n)
        wordAudio.set(
          word,
          mp3Asset(ctx, `h-${word.toLowerCase().replace(/[^a-z]+/g, '-')}`, n.pcm),
        );
    }
    pages = pages.map((p, i) => ({
      ...p,
      hotspots: placeHotspots(spotsByPage[i] ?? [], wordAudio),
    }));
  }

  // The teacher's notes said in Mandarin (精讲, 中文辅助读): the operator's recording when the page
  // has one, else the app's Chinese voice (the owl's); only remade when a note changes.
  const notes = await buildNotes(loaded, previous, ctx, fileHash, warn);
  pages = pages.map((p, i) => ({ ...p, note_audio: notes.audio[i] ?? null }));

  const manifest: BookManifest = {
    format: MANIFEST_FORMAT,
    images_hash: imagesHash,
    audio_hash: audioHash,
    notes_hash: notes.hash,
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
    word_count: book.pages.reduce(
      (n, p) => n + p.sentences.reduce((m, s) => m + s.en.split(/\s+/).length, 0),
      0,
    ),
    duration: Math.round(pages.reduce((n, p) => n + p.duration, 0) * 10) / 10,
    timing_source: recorded ? 'alignment' : 'festival',
  };
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  for (const name of fs.readdirSync(dir)) if (!ctx.keep.has(name)) fs.rmSync(path.join(dir, name));
  const result: BuildResult =
    redoImages && redoAudio ? 'built' : redoImages ? 'images' : redoAudio ? 'audio' : 'unchanged';
  return { manifest, result };
}

/**
 * Each page's note_cn as an MP3 (null for a page without a note): the operator's recording
 * (`note_audio` in book.yaml) wins; otherwise espeak-ng reads the note in the owl's voice. Without
 * espeak-ng (an operator's server) a note stays silent and its hash says so, so the next build
 * with the voice makes it.
 */
async function buildNotes(
  loaded: LoadedBook,
  previous: BookManifest | null,
  ctx: AssetCtx,
  fileHash: (rel: string | undefined) => string,
  warn: (msg: string) => void,
): Promise<{ hash: string; audio: Array<string | null> }> {
  const { book } = loaded;
  const hash = sha(
    NOTES_VERSION,
    CHINESE_VOICE.join(' '),
    JSON.stringify(book.pages.map((p) => p.note_cn ?? '')),
    ...book.pages.map((p) => fileHash(p.note_audio)),
  );
  const reused = previous?.notes_hash === hash ? previous.pages.map((p) => p.note_audio) : null;
  if (
    reused &&
    reused.length === book.pages.length &&
    reused.every((url) => !url || fs.existsSync(path.join(ctx.dir, path.basename(url))))
  ) {
    for (const url of reused) if (url) ctx.keep.add(path.basename(url));
    return { hash, audio: reused };
  }
  const canSpeak = hasChineseVoice();
  let silent = 0;
  const audio: Array<string | null> = [];
  for (const [i, page] of book.pages.entries()) {
    if (!page.note_cn) {
      audio.push(null);
    } else if (page.note_audio) {
      const pcm = await loadPcm(path.join(loaded.dir, page.note_audio));
      audio.push(mp3Asset(ctx, `n${i + 1}`, pcm));
    } else if (canSpeak) {
      audio.push(mp3Asset(ctx, `n${i + 1}`, speakChinese(page.note_cn)));
    } else {
      silent++;
      audio.push(null);
    }
  }
  if (silent > 0) {
    warn(
      `${book.slug}: ${silent} note(s) not spoken: espeak-ng is missing (apt-get install -y espeak-ng)`,
    );
  }
  return { hash: silent > 0 ? `${hash}-silent` : hash, audio };
}
