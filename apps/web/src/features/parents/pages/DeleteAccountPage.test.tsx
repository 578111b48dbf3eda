import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStartup } from '../../../app/startup/startup-store';
import { i18n } from '../../../shared/i18n';
import { useSession } from '../../../shared/session/session';
import { useToasts } from '../../../shared/toast/toast-store';
import { buildUserInfo } from '../../../test/factories';
import { json, stubApi } from '../../library/test-kit';
import DeleteAccountPage from './DeleteAccountPage';

vi.mock(import('../../../shared/analytics/pingback'), async (original) => ({
  ...(await original()),
  track: vi.fn(),
}));

const GUEST = buildUserInfo({ is_guest: true, phone: '', has_password: false });
const WITH_PASSWORD = buildUserInfo({ phone: '', has_password: true });

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  useToasts.setState({ toasts: [] });
  useSession.getState().setLogin('token-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The page for this account, with POST /api/v1/user/cancel answered; the bodies it was sent. */
function show(user: typeof GUEST) {
  useStartup.setState({ user, userState: 'done' });
  const bodies: unknown[] = [];
  stubApi({
    'POST /api/v1/user/cancel': (init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return json({ deleted: true });
    },
  });
  render(<DeleteAccountPage />);
  return bodies;
}

const deleteButton = () => screen.getByRole('button', { name: '确认注销' });
const dialog = () => screen.queryByRole('dialog', { name: '确定注销账号吗？' });
/** The dialog's own 确认注销 (the page's button only opens the dialog). */
const confirmInDialog = () =>
  within(dialog() as HTMLElement).getByRole('button', { name: '确认注销' });
const tickUnderstood = () =>
  act(async () => fireEvent.click(screen.getByRole('checkbox', { name: /我已了解/ })));

describe('DeleteAccountPage', () => {
  it('a guest confirms in a dialog before anything is deleted; Cancel deletes nothing', async () => {
    const bodies = show(GUEST);
    expect(screen.getByText(/游客账号无需验证码/)).toBeTruthy();
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
    await act(async () => fireEvent.click(confirmInDialog()));
    await waitFor(() => expect(bodies).toEqual([{}]));
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(dialog()).toBeNull();
    expect(useToasts.getState().toasts.map((t) => t.message)).toContain('账号已注销');
  });

  it('a member goes through the same dialog after their password', async () => {
    const bodies = show(WITH_PASSWORD);
    await act(async () =>
      fireEvent.input(screen.getByLabelText('password'), { target: { value: 'hunter22' } }),
    );
    await tickUnderstood();
    await act(async () => fireEvent.click(deleteButton()));
    expect(dialog()).toBeTruthy();
    expect(bodies).toEqual([]);
    await act(async () => fireEvent.click(confirmInDialog()));
    await waitFor(() => expect(bodies).toEqual([{ password: 'hunter22' }]));
  });

  it('without "I understand" no dialog opens and nothing is sent', async () => {
    const bodies = show(GUEST);
    await act(async () => fireEvent.click(deleteButton()));
    expect(dialog()).toBeNull();
    expect(bodies).toEqual([]);
    expect(useToasts.getState().toasts.map((t) => t.message)).toContain(
      '请先勾选“我已了解注销后数据无法恢复”',
    );
  });
});
