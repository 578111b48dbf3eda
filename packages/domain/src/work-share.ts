import { parseContentId } from './work-items';

/**
 * Sharing one work with the family (decision 092): which pages of the book a shared work shows
 * and whether it opens at all.
 */

export interface ShareableItem {
  contentId: string;
}

export interface SharedPagePlan<T extends ShareableItem> {
  page: number;
  /** The page's recordings in reading order: the whole page first, then its sentences. */
  items: Array<T & { sentence: number | null }>;
}

/**
 * The pages a work's items cover, in reading order, each with its items. Only pages the child
 * recorded appear (a locked book's other pages stay closed); an item whose id names no page is
 * left out.
 */
export function sharedPagesOf<T extends ShareableItem>(items: readonly T[]): SharedPagePlan<T>[] {
  const pages = new Map<number, Array<T & { sentence: number | null }>>();
  for (const item of items) {
    const ref = parseContentId(item.contentId);
    if (!ref) continue;
    const list = pages.get(ref.page) ?? [];
    list.push({ ...item, sentence: ref.sentence });
    pages.set(ref.page, list);
  }
  return [...pages.entries()]
    .sort(([a], [b]) => a - b)
    .map(([page, list]) => ({
      page,
      items: list.sort((a, b) => (a.sentence ?? 0) - (b.sentence ?? 0)),
    }));
}

export type ShareState = 'shared' | 'withdrawn';

/**
 * Whether a shared address opens: only while the work exists (not deleted, its account not
 * deleted) and the guardian lets others see the child's works. Every other case is one answer,
 * "no longer shared", so the page tells nothing about which.
 */
export function shareStateOf(facts: { workExists: boolean; consented: boolean }): ShareState {
  return facts.workExists && facts.consented ? 'shared' : 'withdrawn';
}
