import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BOOK_CATEGORY_IDS, type BookManifest, loadBookSources } from '@picbook/content';
import { closeSharedAligner } from '@picbook/speech';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { buildBook } from './book-builder';
import { hasChineseVoice } from './chinese-voice';
import { missingNarrationTools } from './narrate';

const repo = path.resolve(import.meta.dirname, '../..');
const sample = path.join(repo, 'content/media/books/1101/manifest.json');
// The operator's copy has recorded pages, but its picture hotspots are narrated by Festival.
const missingTools = missingNarrationTools();
const hasSample = fs.existsSync(sample);
if (missingTools) console.log(`SKIPPED recorded-narration import test: ${missingTools}`);
if (!hasSample)
  console.log('SKIPPED recorded-narration import test: the built sample library is missing');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-import-'));
afterAll(async () => {
  await closeSharedAligner();
  fs.rmSync(tmp, { recursive: true, force: true });
});

type Word = { w: string; start: number; end: number };
const media = (url: string) => path.join(repo, 'content/media', url.replace('/media/', ''));

describe.skipIf(missingTools !== null || !hasSample)(
  'importing a book with recorded narration',
  () => {
    it('aligns the recordings: word boundaries within 60 ms of the narrator’s own times on average', async () => {
      // An operator-style copy of "The Red Kite": the narration files, no timelines.
      const festival = JSON.parse(fs.readFileSync(sample, 'utf8')) as BookManifest;
      const source = parse(
        fs.readFileSync(path.join(repo, 'content/books/red-kite/book.yaml'), 'utf8'),
      ) as Record<string, unknown> & {
        pages: Array<Record<string, unknown>>;
        vocabulary: Array<Record<string, unknown>>;
      };
      const dir = path.join(tmp, 'books', 'red-kite-recorded');
      fs.mkdirSync(dir, { recursive: true });
      source.id = 9101;
      source.slug = 'red-kite-recorded';
      source.pages.forEach((page, i) => {
        const from = festival.pages[i]?.audio ?? '';
        fs.copyFileSync(media(from), path.join(dir, `page-${i + 1}.mp3`));
        page.audio = `page-${i + 1}.mp3`;
      });
      // The operator recorded page 1's teacher's note (decision 099): it wins over the build's voice.
      const eyeRest = fs
        .readdirSync(path.join(repo, 'content/media/voice/feedback'))
        .find((f) => f.startsWith('eye-rest.'));
      fs.copyFileSync(
        path.join(repo, 'content/media/voice/feedback', eyeRest ?? ''),
        path.join(dir, 'note-1.mp3'),
      );
      (source.pages[0] as Record<string, unknown>).note_audio = 'note-1.mp3';
      source.vocabulary.forEach((word, i) => {
        fs.copyFileSync(
          media(festival.vocabulary[i]?.audio ?? ''),
          path.join(dir, `word-${i + 1}.mp3`),
        );
        word.audio = `word-${i + 1}.mp3`;
      });
      fs.writeFileSync(path.join(dir, 'book.yaml'), stringify(source));

      const { books, problems } = loadBookSources(path.join(tmp, 'books'), BOOK_CATEGORY_IDS);
      expect(problems).toEqual([]);
      const loaded = books[0];
      if (!loaded) throw new Error('book did not load');
      const warnings: string[] = [];
      const { manifest } = await buildBook(loaded, {
        mediaDir: path.join(tmp, 'media'),
        lexicon: JSON.parse(fs.readFileSync(path.join(repo, 'content/lexicon.json'), 'utf8')),
        lexiconText: '',
        warn: (m) => warnings.push(m),
      });
      expect(manifest.timing_source).toBe('alignment');
      // Page 1's note is the recording (not the sample's espeak-ng reading); the others are read
      // by the app's Chinese voice exactly as the sample library's are (same voice, same bytes).
      const name = (url: string | null | undefined) => url?.split('/').pop()?.split('.')[1];
      expect(manifest.pages[0]?.note_audio).toMatch(/^\/media\/books\/9101\/n1\.[0-9a-f]{8}\.mp3$/);
      expect(name(manifest.pages[0]?.note_audio)).not.toBe(name(festival.pages[0]?.note_audio));
      if (hasChineseVoice()) {
        expect(name(manifest.pages[1]?.note_audio)).toBe(name(festival.pages[1]?.note_audio));
      }

      const errors: number[] = [];
      manifest.pages.forEach((page, i) => {
        const aligned = JSON.parse(page.read_words_timeline) as Word[];
        const reference = JSON.parse(festival.pages[i]?.read_words_timeline ?? '[]') as Word[];
        expect(aligned.map((w) => w.w)).toEqual(reference.map((w) => w.w));
        aligned.forEach((w, k) => {
          const ref = reference[k];
          if (!ref) return;
          errors.push(Math.abs(w.start - ref.start), Math.abs(w.end - ref.end));
        });
        // Sentence audio was cut from the recording with its words inside it.
        const words = (JSON.parse(page.words_timeline) as Word[][])[0] ?? [];
        const sentence = page.sentences[0];
        expect(words.every((w) => w.start >= 0 && w.end <= (sentence?.duration ?? 0) + 0.01)).toBe(
          true,
        );
      });
      const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
      console.log(
        `alignment vs Festival: ${errors.length} boundaries, mean ${(mean * 1000).toFixed(1)} ms, max ${(Math.max(...errors) * 1000).toFixed(0)} ms`,
      );
      expect(mean).toBeLessThan(0.06);
    }, 120_000);
  },
);
