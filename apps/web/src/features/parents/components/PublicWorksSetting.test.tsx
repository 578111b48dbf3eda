import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { queryClient } from '../../../shared/request/query-client';
import { useSession } from '../../../shared/session/session';
import { stubApi } from '../../../test/api-stub';
import { PublicWorksSetting } from './PublicWorksSetting';

vi.mock(import('../../../shared/analytics/pingback'), async (original) => ({
  ...(await original()),
  track: vi.fn(),
}));

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  queryClient.clear();
  useSession.getState().setLogin('token-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <PublicWorksSetting />
    </QueryClientProvider>,
  );

describe('PublicWorksSetting', () => {
  it("shows the guardian's choice (off by default) and saves a change", async () => {
    const bodies: unknown[] = [];
    stubApi({
      getPublicWorks: () => ({ consented: 0, updated_at: null }),
      setPublicWorks: ({ body }) => {
        bodies.push(body);
        return { consented: body.consented === 1 ? 1 : 0, updated_at: 1_780_000_000 };
      },
    });
    show();
    const select = await screen.findByRole('combobox', { name: /公开孩子的作品/ });
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('0'));
    expect(screen.getByText(/其他小朋友可以在排行榜里看到/)).toBeTruthy();
    await act(async () => fireEvent.change(select, { target: { value: '1' } }));
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('1'));
    expect(bodies).toEqual([{ consented: 1 }]);
  });
});
