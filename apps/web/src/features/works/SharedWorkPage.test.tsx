import type { TSharedWork } from '@picbook/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n';
import { queryClient } from '../../shared/request/query-client';
import { useSession } from '../../shared/session/session';
import { apiError, stubApi } from '../../test/api-stub';
import SharedWorkPage from './SharedWorkPage';

vi.mock(import('../../shared/analytics/pingback'), async (original) => ({
  ...(await original()),
  track: vi.fn(),
}));

const TOKEN = 'AAAAAY-cUA5scF2gaRZmb-6Q3kQ';

const work: TSharedWork = {
  shared: 1,
  work: {
    nickname: '乐乐',
    type: 1,
    score: 88,
    book: {
      title_en: 'The Red Kite',
      title_cn: '红风筝',
      cover: { image: '/c.webp', image_small: '/c-s.webp', placeholder: '' },
    },
    pages: [1, 3].map((page) => ({
      page,
      image: `/media/books/1101/p${page}.webp?exp=1&sig=x`,
      image_small: '',
      placeholder: '',
      sentences: [{ en: `Line ${page}.`, zh: `第${page}行。` }],
      recordings: [
        {
          content_id: `p${page}s1`,
          sentence: 1,
          audio_url: `/uploads/r${page}.wav?exp=1&sig=y&aud=public`,
          duration: 2,
          score: 88,
        },
      ],
    })),
  },
};

/** The <audio> the page plays through: records what it was asked to play. */
const played: string[] = [];
class FakeAudio {
  src = '';
  onended: (() => void) | null = null;
  onerror: (() => void) | null = null;
  play() {
    played.push(this.src);
    return Promise.resolve();
  }
  pause() {}
}

function renderShared() {
  const router = createMemoryRouter([{ path: '/s/:token', element: <SharedWorkPage /> }], {
    initialEntries: [`/s/${TOKEN}`],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  queryClient.clear();
  useSession.getState().logout();
  played.length = 0;
  vi.stubGlobal('Audio', FakeAudio);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SharedWorkPage', () => {
  it("shows the child's nickname, the pages read and plays the recordings one by one or all", async () => {
    const api = stubApi({ sharedWork: () => work });
    renderShared();
    expect((await screen.findByTestId('shared-title')).textContent).toBe('乐乐的跟读作品');
    expect(api.calls()).toEqual([`GET /api/v1/shared/${TOKEN}`]);
    expect(screen.getAllByTestId('shared-page')).toHaveLength(2);
    expect(screen.getByText('Line 3.')).toBeTruthy();
    expect(screen.getByText('得分 88')).toBeTruthy();

    fireEvent.click(screen.getAllByTestId('shared-take')[1] as HTMLElement);
    expect(played).toEqual(['/uploads/r3.wav?exp=1&sig=y&aud=public']);
    expect(screen.getByTestId('shared-work').dataset.playing).toBe('p3s1');

    played.length = 0;
    fireEvent.click(screen.getByTestId('shared-play-all'));
    expect(played).toEqual(['/uploads/r1.wav?exp=1&sig=y&aud=public']);
    expect(screen.getByTestId('shared-play-all').textContent).toBe('停止播放');
  });

  it('says kindly that the work is no longer shared', async () => {
    stubApi({ sharedWork: () => ({ shared: 0, work: null }) });
    renderShared();
    expect((await screen.findByTestId('shared-gone')).textContent).toContain('这个作品已不再分享');
  });

  it('a link that is not one of ours shows the same page, without an error toast or login', async () => {
    stubApi({ sharedWork: () => apiError(10024, '分享链接不正确') });
    renderShared();
    expect((await screen.findByTestId('shared-gone')).textContent).toContain('这个作品已不再分享');
    expect(screen.queryByText(/登录/)).toBeNull();
  });
});
