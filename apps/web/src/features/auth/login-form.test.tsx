import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/request/query-client';
import { useToasts } from '../../shared/toast/toast-store';
import { apiError, stubApi } from '../../test/api-stub';
import { Agreement } from './components/Agreement';
import { SmsButton } from './components/SmsButton';
import { submitPhone, useLogin } from './login-store';

vi.mock(import('../../shared/analytics/pingback'), async (original) => ({
  ...(await original()),
  track: vi.fn(),
}));

beforeEach(() => useToasts.setState({ toasts: [] }));
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const toasts = () => useToasts.getState().toasts.map((t) => t.message);

/** The server's answer to a second code within its window (sms-codes.ts: 10429, retry_after). */
const tooSoon = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 429,
    headers: { 'content-type': 'application/json', ...headers },
  });

function renderSms() {
  render(
    <QueryClientProvider client={queryClient}>
      <SmsButton abbr="CN" nationCode="86" phone="13800138000" />
    </QueryClientProvider>,
  );
  return screen.getByTestId('sms-button');
}

describe('a second SMS code within the window counts down instead of an error (issue 39)', () => {
  it.each([
    [
      "the envelope's retry_after",
      tooSoon(
        { code: 10429, msg: '发送太频繁，请42秒后再试', data: { retry_after: 42 } },
        { 'retry-after': '42' },
      ),
      42,
    ],
    ['the Retry-After header alone', tooSoon('busy', { 'retry-after': '17' }), 17],
  ])('429 with %s → the countdown from the seconds left, no toast', async (_how, answer, left) => {
    stubApi({ sms: () => answer });
    const button = renderSms();
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('data-state')).toBe('countdown'));
    expect(button.textContent).toBe(`${left}秒后重发`);
    expect(toasts()).toEqual([]);
    expect(toasts().join()).not.toContain('服务繁忙');
  });

  it('a sent code counts down the server’s resend_after; another failure still says so and allows a retry', async () => {
    stubApi({ sms: () => ({ resend_after: 60 }) });
    const button = renderSms();
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('60秒后重发'));
    cleanup();
    stubApi({ sms: () => apiError(10001, '请输入正确的手机号') });
    const again = renderSms();
    fireEvent.click(again);
    await waitFor(() => expect(toasts()).toEqual(['请输入正确的手机号']));
    expect(again.getAttribute('data-state')).toBe('send');
  });
});

describe('consent is an act: the agreement box starts unticked (issue 39)', () => {
  it('unticked on a fresh form; logging in without ticking says so and sends nothing', async () => {
    act(() => useLogin.getState().reset('phone'));
    render(<Agreement legal={undefined} />);
    const box = screen.getByTestId('agreement') as HTMLInputElement;
    expect(box.checked).toBe(false);
    const { fetchMock } = stubApi({});
    act(() => {
      useLogin.getState().setField('phone', '13800138000');
      useLogin.getState().setField('pin', '1234');
    });
    await act(() => submitPhone(async () => {}, false));
    expect(toasts()).toEqual([
      '请阅读并同意《用户协议》《隐私政策》《儿童个人信息保护规则及监护人须知》',
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
    // Ticking it is the parent's own act.
    fireEvent.click(box);
    expect(useLogin.getState().form.hasAgreed).toBe(true);
  });
});
