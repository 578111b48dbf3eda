/**
 * Test-only builders and a router harness for the works screens (not imported by the app). Fetch
 * is stubbed by endpoint name with src/test/api-stub.ts.
 */
import type { TUserOverview, TUserWorks, TWorkEntry } from '@picbook/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from '../../shared/request/query-client';
import WorksHomePage from './WorksHomePage';
import WorksListPage from './WorksListPage';

export function buildWorkEntry(
  overrides: Partial<TWorkEntry['work_info']> = {},
  entry: Partial<Omit<TWorkEntry, 'work_info'>> = {},
): TWorkEntry {
  const id = overrides.id ?? 7;
  const bookId = overrides.book_id ?? 1101;
  return {
    work_info: {
      id,
      like: 0,
      book_id: bookId,
      title_en: `Book ${bookId}`,
      title_cn: `绘本${bookId}`,
      cover: {
        image: `/media/books/${bookId}/cover-512.webp`,
        image_small: `/media/books/${bookId}/cover-256.webp`,
        placeholder: 'data:image/webp;base64,AAAA',
      },
      level: 1,
      type: 1,
      score: 80,
      created_at: 1_780_000_000,
      ...overrides,
    },
    is_liked: false,
    nickname: '乐乐',
    ...entry,
  };
}

export function buildOverview(overrides: Partial<TUserOverview> = {}): TUserOverview {
  return {
    user: {
      id: 100001,
      nickname: '乐乐',
      avatar: '/media/avatars/boy-1.svg',
      region: 214,
      regionName: '北京',
      level: 2,
    },
    is_self: true,
    is_public: false,
    works_count: 2,
    likes_total: 5,
    best: [
      buildWorkEntry({ id: 7, book_id: 1101, score: 95, type: 1, like: 3 }),
      buildWorkEntry({ id: 8, book_id: 1201, score: 60, type: 2, like: 2, level: 2 }),
    ],
    ...overrides,
  };
}

/** A page of works: `ids` on page `page` of `pageCount`. */
export function buildWorksPage(
  ids: number[],
  page = 1,
  pageCount = 1,
  total = ids.length,
): TUserWorks {
  return {
    list: ids.map((id) => buildWorkEntry({ id, book_id: 1100 + (id % 6) + 1 })),
    page,
    page_size: 50,
    page_count: pageCount,
    total,
  };
}

/** The works screens in a memory router; other paths render a marker. */
export function renderWorks(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/works/home/:userId?', element: <WorksHomePage /> },
      { path: '/works/list', element: <WorksListPage /> },
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
