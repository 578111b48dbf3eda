import type { TReadingState, TReadMode } from '@picbook/contracts';
import { pageProcess } from '@picbook/domain';
import { useCallback } from 'react';
import { useJump } from '../../shared/navigation/jump';
import type { JumpType } from '../../shared/navigation/jump-table';
import { prefetchBook } from './library-queries';

/** The ways into a book from its detail page: three reading modes, repeating and speaking. */
export type BookMode = TReadMode | 'repeat' | 'speak';
export const BOOK_MODES: readonly BookMode[] = ['read', 'cn_read', 'explain', 'repeat', 'speak'];

const MODE_JUMPS: Record<BookMode, JumpType> = {
  read: 'libraryRead',
  cn_read: 'libraryCnRead',
  explain: 'libraryExplain',
  repeat: 'libraryRepeat',
  speak: 'librarySpeak',
};

/** A reading mode opens where the child stopped; a finished book starts again at page 1. */
export function startProcess(reading: TReadingState | null): string {
  return reading && !reading.finished ? reading.process : pageProcess(1);
}

/**
 * Opens a book in a mode through the jump helper (curtain, return history). The book loads while
 * the curtain covers the screen.
 */
export function useOpenBook() {
  const jump = useJump();
  return useCallback(
    (bookId: number, mode: BookMode, reading: TReadingState | null) => {
      const processId =
        mode === 'speak' ? undefined : mode === 'repeat' ? pageProcess(1) : startProcess(reading);
      return jump(MODE_JUMPS[mode], { bookId, processId }, { prepare: () => prefetchBook(bookId) });
    },
    [jump],
  );
}
