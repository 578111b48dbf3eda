/**
 * Builds the study plan's weeks (content/courses/level-{L}/week-{W}.yaml) into
 * content/media/courses/l{L}w{W}/: manifest.json with every course in the player's form, the
 * narrator's reading of hand-written English (questions, choices, model answers), and the week's
 * story video made from the book's own pictures and narration (H.264 MP4 640×360 with a poster
 * frame and WebVTT English subtitles). The spoken Chinese instructions of the part types are
 * built once into content/media/courses/guide/. Only what changed is rebuilt.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type BookManifest,
  COURSE_MANIFEST_FORMAT,
  coursesOfWeek,
  type LoadedWeek,
  PART_MODULES,
  type PartBuildContext,
  type PartModule,
  type PartType,
  SENTENCE_ID,
  type WeekManifest,
  weekFolder,
  ZWeekManifest,
} from '@picbook/content';
import type {
  TCourseContent,
  TCoursePage,
  TCoursePart,
  TCourseSentence,
  TCourseVideo,
  TPicture,
} from '@picbook/contracts';
import { parsePageTimelines } from '@picbook/domain';
import sharp from 'sharp';
import { type AssetCtx, mp3Asset, readManifestFile, sha, writeAsset } from './book-builder';
import { CHINESE_VOICE, ensureTool, speakChinese } from './chinese-voice';
import type { Lexicon } from './lexicon';
import { durationOf, ensureNarrationTools, synthesise } from './narrate';

/** Bump when the course build changes in a way that must rebuild every week. */
export const COURSE_BUILD_VERSION = 'course-1';
/**
 * Bump when only the weeks' manifests change (not their videos or guide voices, which hash
 * COURSE_BUILD_VERSION alone). weeks-2: a video's minutes are its own length (issue 39 item 10).
 */
const WEEK_MANIFEST_VERSION = 'weeks-2';
/** A course's minutes when its source gives none and it is not a video (docs/course-format.md). */
const DEFAULT_COURSE_MINUTES = 3;
/** A video's whole minutes, rounded: 0 for one under half a minute (shown as 不到 1 分钟). */
export const videoMinutes = (seconds: number) => Math.round(seconds / 60);
/** Video: 640×360 H.264 at 24 fps; each page shows its narration with a lead-in and a tail. */
export const VIDEO = { width: 640, height: 360, fps: 24, lead: 0.6, tail: 0.9 } as const;
/** The owl's voice: the app's one Chinese voice (scripts/content/chinese-voice.ts). */
const GUIDE_VOICE = CHINESE_VOICE;

const mediaFile = (mediaDir: string, url: string) =>
  path.join(mediaDir, url.replace(/^\/media\//, ''));

export interface CourseBuildOptions {
  mediaDir: string;
  lexicon: Lexicon;
  lexiconText: string;
  force?: boolean;
}

/** The spoken instruction of every part type, read by espeak-ng's Mandarin voice. */
export function buildGuides(options: CourseBuildOptions): Record<PartType, string> {
  const dir = path.join(options.mediaDir, 'courses/guide');
  fs.mkdirSync(dir, { recursive: true });
  const indexFile = path.join(dir, 'index.json');
  const modules = Object.values(PART_MODULES) as Array<PartModule<{ type: string }>>;
  const hash = sha(COURSE_BUILD_VERSION, GUIDE_VOICE.join(' '), ...modules.map((m) => m.guide_cn));
  try {
    const previous = JSON.parse(fs.readFileSync(indexFile, 'utf8')) as {
      hash: string;
      audio: Record<PartType, string>;
    };
    if (!options.force && previous.hash === hash) return previous.audio;
  } catch {
    // First build.
  }
  ensureTool('espeak-ng', 'espeak-ng');
  const ctx: AssetCtx = {
    dir,
    urlBase: '/media/courses/guide',
    keep: new Set(['index.json']),
    written: new Map(),
  };
  const audio = {} as Record<PartType, string>;
  for (const module of modules) {
    audio[module.type as PartType] = mp3Asset(
      ctx,
      module.type.replace(/_/g, '-'),
      speakChinese(module.guide_cn),
    );
  }
  fs.writeFileSync(indexFile, `${JSON.stringify({ hash, audio }, null, 2)}\n`);
  for (const name of fs.readdirSync(dir)) if (!ctx.keep.has(name)) fs.rmSync(path.join(dir, name));
  return audio;
}

/** The week's book in the player's terms: sentences, pages and pictures by number. */
function bookLookups(book: BookManifest) {
  const pictureOf = (p: BookManifest['pages'][number]): TPicture => ({
    image: p.image,
    image_small: p.image_small,
    placeholder: p.placeholder,
  });
  const page = (n: number): TCoursePage => {
    const p = book.pages[n - 1];
    if (!p) throw new Error(`book ${book.id} has no page ${n}`);
    return {
      ...pictureOf(p),
      page: p.page,
      audio: p.audio,
      duration: p.duration,
      sentences: p.sentences.map((s) => ({ en: s.en, zh: s.zh })),
      words: parsePageTimelines(p).page_words,
    };
  };
  const sentence = (id: string): TCourseSentence => {
    const m = SENTENCE_ID.exec(id);
    const p = book.pages[Number(m?.[1]) - 1];
    const index = Number(m?.[2]) - 1;
    const s = p?.sentences[index];
    if (!p || !s) throw new Error(`book ${book.id} has no sentence ${id}`);
    return {
      id,
      page: p.page,
      en: s.en,
      zh: s.zh,
      audio: s.audio,
      duration: s.duration,
      words: parsePageTimelines(p).words[index] ?? [],
      picture: pictureOf(p),
    };
  };
  const bySentence = new Map(book.pages.flatMap((p) => p.sentences.map((s) => [s.en, s] as const)));
  return {
    page,
    sentence,
    picture: (n: number) => {
      const p = book.pages[n - 1];
      if (!p) throw new Error(`book ${book.id} has no page ${n}`);
      return pictureOf(p);
    },
    bySentence,
  };
}

/**
 * The story video: every page's picture with a gentle zoom or pan for as long as its narration
 * (plus a lead-in and a tail), the narration under it, a short fade between pages. x264 runs on
 * one thread with bit-exact flags so a rebuild writes the same bytes.
 */
async function buildVideo(
  book: BookManifest,
  ctx: AssetCtx,
  mediaDir: string,
): Promise<TCourseVideo> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-video-'));
  try {
    const { width, height, fps, lead, tail } = VIDEO;
    const args: string[] = ['-hide_banner', '-loglevel', 'error', '-y'];
    const filters: string[] = [];
    const cues: string[] = [];
    let at = 0;
    for (const [i, page] of book.pages.entries()) {
      const seconds = Math.round((page.duration + lead + tail) * fps) / fps;
      const frames = Math.round(seconds * fps);
      // A PNG at twice the output size (zoompan jitters less on a bigger picture).
      const still = path.join(tmp, `p${i}.png`);
      await sharp(mediaFile(mediaDir, page.image))
        .resize(width * 2, height * 2, { fit: 'cover' })
        .png()
        .toFile(still);
      args.push('-i', still, '-i', mediaFile(mediaDir, page.audio));
      const motion = [
        `z='1+0.12*on/${frames}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2'`,
        `z='1.12-0.12*on/${frames}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2'`,
        `z=1.1:x='(iw-iw/zoom)*on/${frames}':y='ih/2-ih/zoom/2'`,
        `z=1.1:x='(iw-iw/zoom)*(1-on/${frames})':y='ih/2-ih/zoom/2'`,
      ][i % 4];
      filters.push(
        `[${2 * i}:v]zoompan=${motion}:d=${frames}:s=${width}x${height}:fps=${fps},` +
          `fade=t=in:st=0:d=0.3,fade=t=out:st=${(seconds - 0.3).toFixed(3)}:d=0.3,setsar=1[v${i}]`,
        `[${2 * i + 1}:a]aresample=44100,aformat=channel_layouts=mono,adelay=${Math.round(lead * 1000)},` +
          `apad=whole_dur=${seconds.toFixed(3)},atrim=0:${seconds.toFixed(3)}[a${i}]`,
      );
      for (const s of parsePageTimelines(page).page_sentences) {
        const text = page.sentences[s.i]?.en ?? '';
        cues.push(
          `${vttTime(at + lead + s.start)} --> ${vttTime(at + lead + s.end + 0.3)}\n${text}`,
        );
      }
      at += seconds;
    }
    const n = book.pages.length;
    filters.push(
      `${Array.from({ length: n }, (_, i) => `[v${i}][a${i}]`).join('')}concat=n=${n}:v=1:a=1[v][a]`,
    );
    const out = path.join(tmp, 'story.mp4');
    args.push(
      '-filter_complex',
      filters.join(';'),
      '-map',
      '[v]',
      '-map',
      '[a]',
      '-c:v',
      'libx264',
      '-preset',
      'slow',
      '-crf',
      '28',
      '-tune',
      'stillimage',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-g',
      String(fps * 4),
      '-threads',
      '1',
      '-x264-params',
      'threads=1:lookahead-threads=1',
      '-c:a',
      'aac',
      '-b:a',
      '48k',
      '-ac',
      '1',
      '-movflags',
      '+faststart',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-flags:v',
      '+bitexact',
      '-flags:a',
      '+bitexact',
      out,
    );
    execFileSync('ffmpeg', args, { maxBuffer: 64 * 1024 * 1024 });
    const poster = await sharp(mediaFile(mediaDir, book.pages[0]?.image ?? book.cover.image))
      .resize(width, height, { fit: 'cover' })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer();
    const vtt = `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${c}`).join('\n\n')}\n`;
    return {
      url: writeAsset(ctx, 'story', 'mp4', fs.readFileSync(out)),
      poster: writeAsset(ctx, 'poster', 'jpg', poster),
      subtitles: writeAsset(ctx, 'story', 'vtt', Buffer.from(vtt)),
      duration: Math.round(at * 100) / 100,
      width,
      height,
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = (ms % 60_000) / 1000;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${s.toFixed(3).padStart(6, '0')}`;
}

/** What a week's story video is made from: the book's pictures and narration, the video steps. */
export function videoKey(book: Pick<BookManifest, 'images_hash' | 'audio_hash'>): string {
  return sha(COURSE_BUILD_VERSION, book.images_hash, book.audio_hash, JSON.stringify(VIDEO));
}

const VIDEO_FILE = 'video.json';

/** The week's video from an earlier build when it was made from the same book and steps. */
function reuseVideo(dir: string, key: string): TCourseVideo | null {
  try {
    const saved = JSON.parse(fs.readFileSync(path.join(dir, VIDEO_FILE), 'utf8')) as {
      key: string;
      video: TCourseVideo;
    };
    if (saved.key !== key) return null;
    const files = [saved.video.url, saved.video.poster, saved.video.subtitles];
    const base = path.dirname(dir);
    const there = files.every((u) =>
      fs.existsSync(path.join(base, u.replace(/^\/media\/courses\//, ''))),
    );
    return there ? saved.video : null;
  } catch {
    return null;
  }
}

function writeVideoKey(dir: string, ctx: AssetCtx, key: string, video: TCourseVideo): void {
  ctx.keep.add(VIDEO_FILE);
  fs.writeFileSync(path.join(dir, VIDEO_FILE), `${JSON.stringify({ key, video })}\n`);
}

/** Keeps a file of this week's folder through the clean-up at the end of the build. */
function keepAsset(ctx: AssetCtx, url: string): void {
  const name = url.split('/').pop();
  if (name) ctx.keep.add(name);
}

export type WeekBuildResult = 'built' | 'unchanged';

/** Builds one week (skipped when its source, its book and the build steps are unchanged). */
export async function buildWeek(
  loaded: LoadedWeek,
  guides: Record<PartType, string>,
  options: CourseBuildOptions,
): Promise<{ manifest: WeekManifest; result: WeekBuildResult }> {
  const { week } = loaded;
  const book = readManifestFile(
    path.join(options.mediaDir, 'books', String(week.book), 'manifest.json'),
  );
  if (!book)
    throw new Error(`${loaded.file}: book ${week.book} is not built (npm run content:build)`);
  const folder = weekFolder(week.level, week.week);
  const dir = path.join(options.mediaDir, folder);
  const manifestFile = path.join(dir, 'manifest.json');
  const hash = sha(
    COURSE_BUILD_VERSION,
    WEEK_MANIFEST_VERSION,
    JSON.stringify(week),
    book.images_hash,
    book.audio_hash,
    options.lexiconText,
    JSON.stringify(guides),
    JSON.stringify(VIDEO),
  );
  if (!options.force) {
    try {
      const previous = ZWeekManifest.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
      if (previous.hash === hash) return { manifest: previous, result: 'unchanged' };
    } catch {
      // Not built yet, or an older format: build.
    }
  }
  fs.mkdirSync(dir, { recursive: true });
  const ctx: AssetCtx = {
    dir,
    urlBase: `/media/${folder}`,
    keep: new Set(['manifest.json']),
    written: new Map(),
  };
  const lookups = bookLookups(book);
  const placed = coursesOfWeek(week);

  // Hand-written English that is not a sentence of the book: read by the narrator in one run.
  const texts = new Set<string>();
  for (const { course } of placed) {
    for (const part of course.parts ?? []) {
      const module = PART_MODULES[part.type as PartType] as PartModule<{ type: string }>;
      for (const t of module.texts(part)) if (!lookups.bySentence.has(t)) texts.add(t);
    }
  }
  const list = [...texts];
  if (list.length > 0) ensureNarrationTools();
  const narrated = list.length > 0 ? synthesise(list, options.lexicon) : [];
  const spokenAudio = new Map(
    list.map((text, i) => {
      const n = narrated[i];
      if (!n) throw new Error('narration missing');
      const slug = text
        .toLowerCase()
        .replace(/[^a-z]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 24);
      return [text, { audio: mp3Asset(ctx, `t-${slug}`, n.pcm), duration: durationOf(n.pcm) }];
    }),
  );
  const partCtx: PartBuildContext = {
    pageCount: book.pages.length,
    book,
    page: lookups.page,
    sentence: lookups.sentence,
    picture: lookups.picture,
    spoken(text) {
      const own = lookups.bySentence.get(text);
      if (own) return { en: text, audio: own.audio, duration: own.duration };
      const made = spokenAudio.get(text);
      if (!made) throw new Error(`"${text}" was not narrated`);
      return { en: text, ...made };
    },
  };

  // The story video depends on the book alone: kept across course edits (video.json names it).
  let video: TCourseVideo | null = reuseVideo(dir, videoKey(book));
  if (video) {
    for (const url of [video.url, video.poster, video.subtitles]) keepAsset(ctx, url);
    ctx.keep.add(VIDEO_FILE);
  }
  const courses = [];
  for (const { course, stage, sub_path, position } of placed) {
    let content: TCourseContent;
    if (course.video || !course.parts) {
      video ??= await buildVideo(book, ctx, options.mediaDir);
      writeVideoKey(dir, ctx, videoKey(book), video);
      content = { kind: 'video', video };
    } else {
      const parts = course.parts.map((stub, i): TCoursePart => {
        const module = PART_MODULES[stub.type as PartType] as PartModule<{ type: string }>;
        const source = module.schema.parse(stub) as { type: string; title_cn?: string };
        return {
          ...module.build(source, partCtx),
          part: i + 1,
          title_cn: source.title_cn ?? module.title_cn,
          guide: { text_cn: module.guide_cn, audio: guides[stub.type as PartType] },
        } as TCoursePart;
      });
      content = { kind: 'parts', parts };
    }
    courses.push({
      uuid: course.uuid,
      process_id: course.process_id,
      stage,
      sub_path,
      position,
      title_cn: course.title_cn,
      title_en: course.title_en,
      duration:
        course.duration ??
        (content.kind === 'video' ? videoMinutes(content.video.duration) : DEFAULT_COURSE_MINUTES),
      content,
    });
  }
  const manifest: WeekManifest = ZWeekManifest.parse({
    format: COURSE_MANIFEST_FORMAT,
    hash,
    level: week.level,
    week: week.week,
    world: week.world,
    book_id: week.book,
    theme_cn: week.theme_cn,
    theme_en: week.theme_en,
    days: week.days.map((d, i) => ({ stage: i + 1, title_cn: d.title_cn, title_en: d.title_en })),
    courses,
  });
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest)}\n`);
  for (const name of fs.readdirSync(dir)) if (!ctx.keep.has(name)) fs.rmSync(path.join(dir, name));
  return { manifest, result: 'built' };
}
