import type { TBook } from '@picbook/contracts';
import {
  contentIdOf,
  parsePageTimelines,
  type TimedWord,
  WORK_TYPE,
  type WorkType,
} from '@picbook/domain';
import type { PageLines } from '../../shared/recorder';
import type { ModelAudio } from '../../shared/recorder/score';

/** What a child reads aloud in one step: a sentence (repeat) or a whole page (speak). */
export interface PracticeItem {
  contentId: string;
  page: number;
  /** The English text to read (a page's sentences joined in speak mode). */
  text: string;
  zh: string;
  image: string;
  placeholder: string;
  /** The narrator's reading and its word times (tap a word of the score to hear it). */
  model: ModelAudio;
  /** Words as displayed with their offsets in `text`, for lighting while the narrator reads. */
  words: TimedWord[];
  /** The whole page's narration, and whether this is the page's first item. */
  pageAudio: string;
  firstOnPage: boolean;
}

/** The steps of a run through a book in repeat (every sentence) or speak (every page) mode. */
export function practiceItems(book: TBook, type: WorkType): PracticeItem[] {
  return [...book.pages]
    .sort((a, b) => a.page - b.page)
    .flatMap((page) => {
      const timelines = parsePageTimelines(page);
      const base = {
        page: page.page,
        image: page.image,
        placeholder: page.placeholder,
        pageAudio: page.audio,
      };
      if (type === WORK_TYPE.speak) {
        if (page.sentences.length === 0) return [];
        const text = page.sentences.map((s) => s.en).join(' ');
        // Offsets of each sentence inside the joined text.
        const starts: number[] = [];
        let at = 0;
        for (const s of page.sentences) {
          starts.push(at);
          at += s.en.length + 1;
        }
        const words = timelines.page_words.map((w) => ({
          w: w.w,
          o: (starts[w.s] ?? 0) + w.o,
          start: w.start,
          end: w.end,
        }));
        return [
          {
            ...base,
            contentId: contentIdOf({ page: page.page, sentence: null }),
            text,
            zh: page.sentences.map((s) => s.zh).join(''),
            model: { url: page.audio, words },
            words,
            firstOnPage: true,
          },
        ];
      }
      return page.sentences.map((sentence, i) => {
        const words = (timelines.words[i] ?? []).map((w) => ({ ...w }));
        return {
          ...base,
          contentId: contentIdOf({ page: page.page, sentence: i + 1 }),
          text: sentence.en,
          zh: sentence.zh,
          model: { url: sentence.audio, words },
          words,
          firstOnPage: i === 0,
        };
      });
    });
}

/** The book's pages as lines to read (the recorder's `pages`: a device's competitors). */
export function bookPageLines(book: TBook): PageLines[] {
  return [...book.pages]
    .sort((a, b) => a.page - b.page)
    .map((page) => ({
      page: page.page,
      sentences: page.sentences.map((s) => s.en).filter((en) => en.trim() !== ''),
    }));
}
