/**
 * Items of a book that a child records (learning-content §3 "work"): in repeat mode (type 1)
 * each sentence, keyed `p{page}s{n}` (n from 1); in speak mode (type 2) each page, keyed
 * `p{page}`. The same keys name a recording's `content_id` in POST /api/v1/audio.
 */

export const WORK_TYPE = { repeat: 1, speak: 2 } as const;
export type WorkType = (typeof WORK_TYPE)[keyof typeof WORK_TYPE];

/** A mode's name in routes (/library/pk/{type}/…, /library/finished/{type}/…) and strings. */
export const WORK_KIND: Readonly<Record<WorkType, 'repeat' | 'speak'>> = {
  1: 'repeat',
  2: 'speak',
};

/** The mode a route parameter names: speak (or 2), otherwise repeat. */
export function workTypeOfParam(param: string | undefined): WorkType {
  return param === 'speak' || param === '2' ? WORK_TYPE.speak : WORK_TYPE.repeat;
}

export interface ContentRef {
  page: number;
  /** 1-based sentence on the page; null for the whole page. */
  sentence: number | null;
}

const CONTENT_ID = /^p([1-9]\d{0,2})(?:s([1-9]\d?))?$/;

export function parseContentId(id: string): ContentRef | null {
  const m = CONTENT_ID.exec(id);
  if (!m) return null;
  return { page: Number(m[1]), sentence: m[2] ? Number(m[2]) : null };
}

export function contentIdOf(ref: ContentRef): string {
  return ref.sentence === null ? `p${ref.page}` : `p${ref.page}s${ref.sentence}`;
}

export interface PageText {
  page: number;
  sentences: readonly string[];
}

/** The items a work of `type` has in a book, in reading order, with the text to read. */
export function workItemsOf(
  type: WorkType,
  pages: readonly PageText[],
): Array<{ contentId: string; page: number; text: string }> {
  return [...pages]
    .sort((a, b) => a.page - b.page)
    .flatMap((p) =>
      type === WORK_TYPE.speak
        ? p.sentences.length > 0
          ? [
              {
                contentId: contentIdOf({ page: p.page, sentence: null }),
                page: p.page,
                text: p.sentences.join(' '),
              },
            ]
          : []
        : p.sentences.map((text, i) => ({
            contentId: contentIdOf({ page: p.page, sentence: i + 1 }),
            page: p.page,
            text,
          })),
    );
}

/**
 * The text a recording of `contentId` should say, or why it names nothing in this book: a
 * sentence needs repeat mode, a page needs speak mode.
 */
export function itemText(
  type: WorkType,
  contentId: string,
  pages: readonly PageText[],
): { text: string } | { error: 'bad_id' | 'no_such_item' | 'wrong_mode' } {
  const ref = parseContentId(contentId);
  if (!ref) return { error: 'bad_id' };
  if ((ref.sentence === null) !== (type === WORK_TYPE.speak)) return { error: 'wrong_mode' };
  const item = workItemsOf(type, pages).find((i) => i.contentId === contentId);
  return item ? { text: item.text } : { error: 'no_such_item' };
}
