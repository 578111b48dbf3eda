import type { TDeletionSummary } from '@picbook/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { queryClient } from '../../../shared/request/query-client';
import { useSession } from '../../../shared/session/session';
import { useStartup } from '../../../shared/startup/startup-store';
import { useToasts } from '../../../shared/toast/toast-store';
import {
  type ApiAnswers,
  type ApiError,
  apiError,
  httpError,
  stubApi,
} from '../../../test/api-stub';
import { buildUserInfo } from '../../../test/factories';
import DeleteAccountPage from './DeleteAccountPage';

vi.mock(import('../../../shared/analytics/pingback'), async (original) => ({
  ...(await original()),
  track: vi.fn(),
}));

const GUEST = buildUserInfo({ is_guest: true, phone: '', has_password: false });
const WITH_PASSWORD = buildUserInfo({ phone: '', has_password: true });
const WITH_PHONE = buildUserInfo({ phone: '138****8000', nation_code: '86' });

const NOTHING: TDeletionSummary = {
  rights: [],
  points: 0,
  coins: 0,
  credits: 0,
  diamonds: 0,
  gift_cards: [],
  undelivered_prizes: 0,
  unlocked_books: 0,
  camps: [],
  lottery_chances: 0,
  paid_orders: 0,
};
/** VIP until 2027-02-21 (the end of that China day) and 1,710 points, as in issue 40. */
const VIP_AND_POINTS: TDeletionSummary = {
  ...NOTHING,
  rights: [
    { name: 'vip', expire_time: Date.UTC(2027, 1, 21, 16) / 1000, lifetime: false },
    { name: 'library', expire_time: Date.UTC(2099, 11, 31, 16) / 1000, lifetime: true },
  ],
  points: 1710,
  coins: 12,
  gift_cards: [{ kind: 'right', right: 'vip', days: 31, title: null }],
  unlocked_books: 2,
  camps: [{ name: '7天阅读营' }],
  paid_orders: 1,
};

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  useToasts.setState({ toasts: [] });
  useSession.getState().setLogin('token-1');
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The page for this account, with the summary and POST /api/v1/user/cancel answered. */
function show(user: typeof GUEST, summary: TDeletionSummary = NOTHING, more: ApiAnswers = {}) {
  useStartup.setState({ user, userState: 'done' });
  const bodies: unknown[] = [];
  const api = stubApi({
    deletionSummary: () => summary,
    cancelAccount: ({ body }) => {
      bodies.push(body);
      return { deleted: true };
    },
    ...more,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <DeleteAccountPage />
    </QueryClientProvider>,
  );
  return { bodies, calls: api.calls };
}

const deleteButton = () => screen.getByRole('button', { name: '确认注销' });
const dialog = () => screen.queryByRole('dialog', { name: '确定注销账号吗？' });
/** The dialog's own 确认注销 (the page's button only opens the dialog). */
const confirmInDialog = () =>
  within(dialog() as HTMLElement).getByRole('button', { name: '确认注销' });
const tickUnderstood = () =>
  act(async () => fireEvent.click(screen.getByRole('checkbox', { name: /我已了解/ })));
/** Types into a box found by its label (the boxes are labelled: issue 40 item 5). */
const type = (label: string, value: string) =>
  act(async () =>
    fireEvent.input(
      label === '密码'
        ? screen.getByLabelText(label)
        : screen.getByRole('textbox', { name: label }),
      { target: { value } },
    ),
  );
const notice = () => screen.queryByTestId('delete-notice')?.textContent ?? null;
const smsCalls = (calls: () => string[]) => calls().filter((c) => c.startsWith('GET /api/v1/sms'));

describe('DeleteAccountPage', () => {
  it('a guest confirms in a dialog before anything is deleted; Cancel deletes nothing', async () => {
    const { bodies } = show(GUEST);
    expect(screen.getByText(/游客账号无需验证码/)).toBeTruthy();
    await screen.findByText('账号里没有会员权益、积分或其他余额。');
    await tickUnderstood();
    await act(async () => fireEvent.click(deleteButton()));
    // The page's button only asks: the account is still there.
    expect(dialog()).toBeTruthy();
    expect(screen.getByText(/已购买的会员权益将被永久删除/)).toBeTruthy();
    expect(bodies).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '取消' })));
    expect(dialog()).toBeNull();
    expect(bodies).toEqual([]);
    expect(useSession.getState().token).toBe('token-1');

    await act(async () => fireEvent.click(deleteButton()));
    await waitFor(() => expect((confirmInDialog() as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(confirmInDialog()));
    await waitFor(() => expect(bodies).toEqual([{}]));
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(dialog()).toBeNull();
    expect(useToasts.getState().toasts.map((t) => t.message)).toContain('账号已注销');
  });

  it('names every right and balance with its value, on the page and in the final dialog', async () => {
    show(GUEST, VIP_AND_POINTS);
    const expected = [
      'VIP会员，有效期至 2027-02-21',
      '绘本馆，终身有效',
      '积分 1,710',
      '金币 12',
      '未激活的礼品卡：VIP会员 31天',
      '已解锁的绘本 2 本',
      '训练营「7天阅读营」的进度和未领取的奖励',
    ];
    const page = await screen.findByTestId('deletion-losses');
    expect([...page.querySelectorAll('li')].map((li) => li.textContent)).toEqual(expected);
    expect(screen.getByText(/会得到一个全新的空账号/)).toBeTruthy();
    expect(screen.getByText(/已付款的订单（1 笔）/)).toBeTruthy();

    await tickUnderstood();
    await act(async () => fireEvent.click(deleteButton()));
    const box = within(dialog() as HTMLElement);
    await waitFor(() =>
      expect(box.getAllByRole('listitem').map((li) => li.textContent)).toEqual(expected),
    );
    expect(box.getByText(/会得到一个全新的空账号/)).toBeTruthy();
  });

  it('without the summary the final confirmation cannot be given; retry reads it', async () => {
    let fail = true;
    const { bodies } = show(GUEST, NOTHING, {
      deletionSummary: () => (fail ? httpError(502) : VIP_AND_POINTS),
    });
    await screen.findByText(/没能读取账号里的权益和余额/, undefined, { timeout: 4000 });
    await tickUnderstood();
    await act(async () => fireEvent.click(deleteButton()));
    // Opening the dialog reads the summary again (it failed again: the request layer retries once).
    await waitFor(
      () => expect(within(dialog() as HTMLElement).getByText(/没能读取/)).toBeTruthy(),
      {
        timeout: 4000,
      },
    );
    expect((confirmInDialog() as HTMLButtonElement).disabled).toBe(true);
    fail = false;
    await act(async () =>
      fireEvent.click(within(dialog() as HTMLElement).getByRole('button', { name: '重新读取' })),
    );
    await waitFor(() => expect((confirmInDialog() as HTMLButtonElement).disabled).toBe(false));
    expect(within(dialog() as HTMLElement).getByText('积分 1,710')).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('a member goes through the same dialog after their password (a labelled box)', async () => {
    const { bodies } = show(WITH_PASSWORD);
    await type('密码', 'hunter22');
    await tickUnderstood();
    await act(async () => fireEvent.click(deleteButton()));
    expect(dialog()).toBeTruthy();
    expect(bodies).toEqual([]);
    await waitFor(() => expect((confirmInDialog() as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(confirmInDialog()));
    await waitFor(() => expect(bodies).toEqual([{ password: 'hunter22' }]));
  });

  it('without "I understand" no dialog opens and nothing is sent', async () => {
    const { bodies } = show(GUEST);
    await act(async () => fireEvent.click(deleteButton()));
    expect(dialog()).toBeNull();
    expect(bodies).toEqual([]);
    expect(useToasts.getState().toasts.map((t) => t.message)).toContain(
      '请先勾选“我已了解注销后数据无法恢复”',
    );
    expect(notice()).toBe('请先勾选“我已了解注销后数据无法恢复”');
  });

  it('a phone that is not the account’s is refused at once: no request, no countdown', async () => {
    const { calls } = show(WITH_PHONE);
    expect(screen.getByRole('textbox', { name: '手机号' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '验证码' })).toBeTruthy();
    await type('手机号', '13900139000');
    await act(async () => fireEvent.click(screen.getByTestId('sms-button')));
    expect(notice()).toBe('请输入本账号绑定的手机号');
    expect(screen.getByRole('alert').textContent).toBe('请输入本账号绑定的手机号');
    expect(screen.getByTestId('sms-button').dataset.state).toBe('send');
    expect(smsCalls(calls)).toEqual([]);
    // An empty or short number says so too.
    await type('手机号', '139');
    await act(async () => fireEvent.click(screen.getByTestId('sms-button')));
    expect(notice()).toMatch(/手机号/);
    expect(smsCalls(calls)).toEqual([]);
  });

  it('the server’s refusals are said on the page: a wrong phone, a wait (429), a wrong code', async () => {
    let smsAnswer: () => ApiError = () =>
      apiError(10001, '请输入本账号绑定的手机号', { field: 'mobile' });
    let cancelAnswer: () => ApiError = () => apiError(11102, '验证码错误，请重新验证');
    const { calls } = show(WITH_PHONE, NOTHING, {
      sms: () => smsAnswer(),
      cancelAccount: () => cancelAnswer(),
    });
    // Matches the mask, but the server knows better.
    await type('手机号', '13812348000');
    await act(async () => fireEvent.click(screen.getByTestId('sms-button')));
    await waitFor(() => expect(notice()).toBe('请输入本账号绑定的手机号'));
    expect(screen.getByTestId('sms-button').dataset.state).toBe('send');

    await type('手机号', '13800138000');
    smsAnswer = () => httpError(429, { code: 10429, msg: 'x', data: { retry_after: 42 } });
    await act(async () => fireEvent.click(screen.getByTestId('sms-button')));
    await waitFor(() => expect(notice()).toBe('发送太频繁，请 42 秒后再获取验证码'));
    expect(screen.getByTestId('sms-button').dataset.state).toBe('countdown');
    expect(smsCalls(calls)).toHaveLength(2);

    await type('验证码', '1234');
    await tickUnderstood();
    await act(async () => fireEvent.click(deleteButton()));
    await waitFor(() => expect((confirmInDialog() as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(confirmInDialog()));
    await waitFor(() => expect(notice()).toBe('注销没有完成：验证码错误，请重新验证'));
    expect(useSession.getState().token).toBe('token-1');

    cancelAnswer = () => httpError(429);
    await act(async () => fireEvent.click(deleteButton()));
    await waitFor(() => expect((confirmInDialog() as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(confirmInDialog()));
    await waitFor(() => expect(notice()).toBe('注销没有完成：尝试次数过多，请稍后再试'));
  });

  it('without a code the page says to get one first', async () => {
    show(WITH_PHONE);
    await type('手机号', '13800138000');
    await tickUnderstood();
    await act(async () => fireEvent.click(deleteButton()));
    expect(dialog()).toBeNull();
    expect(notice()).toBe('请先获取并输入验证码');
  });
});
