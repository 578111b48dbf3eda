/**
 * Test-only builders and a router harness for the library screens (not imported by the app).
 * Fetch is stubbed by endpoint name with src/test/api-stub.ts.
 */
import type { TBookCard, TBookInfo, TReadingState } from '@picbook/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from '../../shared/request/query-client';
import BookDetailPage from './pages/BookDetailPage';
import BookshelfPage from './pages/BookshelfPage';
import LibraryPage from './pages/LibraryPage';

export function buildBookInfo(overrides: Partial<TBookInfo> = {}): TBookInfo {
  const id = overrides.id ?? 1101;
  return {
    id,
    title_en: `Book ${id}`,
    title_cn: `绘本${id}`,
    level: 1,
    category: 1,
    book_type: 0,
    cover: {
      image: `/media/books/${id}/cover-512.webp`,
      image_small: `/media/books/${id}/cover-256.webp`,
      placeholder: 'data:image/webp;base64,AAAA',
    },
    page_count: 6,
    word_count: 30,
    duration: 75,
    access_code: 0,
    lock: 0,
    lock_reason: null,
    can_unlock: false,
    ...overrides,
  };
}

export function buildReading(overrides: Partial<TReadingState> = {}): TReadingState {
  return {
    process: '003',
    page: 3,
    mode: 'read',
    finished: false,
    finish_count: 0,
    last_read_at: 1_780_000_000,
    ...overrides,
  };
}

export const buildCard = (
  info: Partial<TBookInfo> = {},
  reading: TReadingState | null = null,
): TBookCard => ({ book_info: buildBookInfo(info), reading });

/** The library screens in a memory router; other paths render a marker with their path. */
export function renderLibrary(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/library', element: <LibraryPage /> },
      { path: '/library/detail/:bookId/:level/:week/:day', element: <BookDetailPage /> },
      { path: '/bookshelf/:type', element: <BookshelfPage /> },
      { path: '*', element: <p data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
