import { z } from 'zod';
import { checkPage, chineseText, type PartModule, pageNumber } from '../part-kit';

/** Pages of the book a reading part covers: all of them, or [from, to]. */
const readingPart = <T extends 'book_read' | 'auto_reading'>(type: T) =>
  z
    .object({
      type: z.literal(type),
      title_cn: chineseText(2, 12).optional(),
      pages: z.tuple([pageNumber, pageNumber]).optional(),
    })
    .strict();

type ReadingSource<T extends string> = { type: T; title_cn?: string; pages?: [number, number] };

function readingModule<T extends 'book_read' | 'auto_reading'>(
  type: T,
  title_cn: string,
  guide_cn: string,
): PartModule<ReadingSource<T>> {
  return {
    type,
    schema: readingPart(type) as unknown as z.ZodType<ReadingSource<T>>,
    title_cn,
    guide_cn,
    check(part, book) {
      if (!part.pages) return [];
      const [from, to] = part.pages;
      return [
        ...checkPage(book, from, 'pages.0'),
        ...checkPage(book, to, 'pages.1'),
        ...(from > to ? [{ field: 'pages', message: 'must be [from, to] with from ≤ to' }] : []),
      ];
    },
    texts: () => [],
    build(part, ctx) {
      const [from, to] = part.pages ?? [1, ctx.pageCount];
      const pages = Array.from({ length: to - from + 1 }, (_, i) => ctx.page(from + i));
      return { type, pages } as never;
    },
  };
}

/** The child turns the pages; narration and lit words on each page, tap a sentence to hear it. */
export const bookRead = readingModule(
  'book_read',
  '读绘本',
  '我们来读绘本吧！听一听，看一看，读完一页就翻到下一页。',
);

/** The book reads itself: pages turn on their own after the narration. */
export const autoReading = readingModule(
  'auto_reading',
  '听故事',
  '坐好啦，绘本会自己读给你听，认真听哦！',
);
