import { z } from 'zod';

/**
 * The built form of a book (content/media/books/<id>/manifest.json): what the importer loads.
 * Timeline fields are JSON strings, as the spec's book fields are (docs/content-timelines.md).
 */
export const MANIFEST_FORMAT = 1;

const mediaUrl = z.string().regex(/^\/media\/[\w./-]+$/, 'must be a /media/ URL');
const dataUri = z
  .string()
  .regex(/^data:image\/(webp|png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'must be an image data URI');
const jsonString = z.string().refine((s) => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}, 'must be a JSON string');

export const ZImageSet = z.object({ image: mediaUrl, image_small: mediaUrl, placeholder: dataUri });
export type ImageSet = z.infer<typeof ZImageSet>;

export const ZManifestSentence = z.object({
  en: z.string().min(1),
  zh: z.string().min(1),
  audio: mediaUrl,
  duration: z.number().positive(),
});
export type ManifestSentence = z.infer<typeof ZManifestSentence>;

/** A tappable area of the page picture (relative 0–1) that says a word. */
export const ZHotspot = z.object({
  word: z.string().min(1),
  audio: mediaUrl,
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  w: z.number().min(0).max(1),
  h: z.number().min(0).max(1),
});
export type Hotspot = z.infer<typeof ZHotspot>;

export const ZManifestPage = ZImageSet.extend({
  page: z.number().int().positive(),
  audio: mediaUrl,
  duration: z.number().positive(),
  sentences: z.array(ZManifestSentence).min(1).max(4),
  note_cn: z.string().nullable(),
  /** The note said in Mandarin (the build's reading or the operator's recording); none without a note. */
  note_audio: mediaUrl.nullable().default(null),
  read_sentences_timeline: jsonString,
  read_words_timeline: jsonString,
  sentences_timeline: jsonString,
  words_timeline: jsonString,
  hotspots: z.array(ZHotspot).default([]),
});
export type ManifestPage = z.infer<typeof ZManifestPage>;

export const ZManifestWord = z.object({
  word: z.string().min(1),
  pos: z.string().min(1),
  meaning_cn: z.string().min(1),
  example: z.string().min(1),
  audio: mediaUrl,
});
export type ManifestWord = z.infer<typeof ZManifestWord>;

export const ZBookManifest = z.object({
  format: z.literal(MANIFEST_FORMAT),
  images_hash: z.string().min(1),
  audio_hash: z.string().min(1),
  /** What the notes' voices were made from (their texts, recordings and the voice). */
  notes_hash: z.string().optional(),
  id: z.number().int().min(1).max(999_999),
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title_en: z.string().min(1),
  title_cn: z.string().min(1),
  level: z.number().int().min(1).max(6),
  category: z.number().int(),
  book_type: z.union([z.literal(0), z.literal(1), z.literal(5)]),
  summary_cn: z.string().min(1),
  cover: ZImageSet,
  pages: z.array(ZManifestPage).min(1),
  vocabulary: z.array(ZManifestWord),
  word_count: z.number().int().nonnegative(),
  duration: z.number().nonnegative(),
  /** How timelines were made: the narrator's own times, or forced alignment of a recording. */
  timing_source: z.enum(['festival', 'alignment']),
});
export type BookManifest = z.infer<typeof ZBookManifest>;
