/**
 * Test-only builders and a router harness for the library screens (not imported by the app).
 * Fetch is stubbed by URL: each test answers the API paths it needs.
 */
import type { TBookCard, TBookInfo, TReadingState } from '@picbook/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { queryClient } from '../../shared/request/query-client';
import BookDetailPage from './pages/BookDetailPage';
import BookshelfPage from './pages/BookshelfPage';
import LibraryPage from './pages/LibraryPage';

export const json = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

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

type Answer = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

/**
 * Stubs fetch with answers by "METHOD /path" (query ignored); anything else fails the test
 * loudly with a 404-like business error so a missing stub is visible.
 */
export function stubApi(answers: Record<string, Answer>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const answer = answers[key];
    if (!answer) return json(null, 10024, `no stub for ${key}`);
    return answer(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = () =>
    fetchMock.mock.calls.map(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    });
  return { fetchMock, calls };
}

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
