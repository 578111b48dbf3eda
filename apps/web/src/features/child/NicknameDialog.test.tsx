import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n';
import { useToasts } from '../../shared/toast/toast-store';
import { NicknameDialog } from './NicknameDialog';

const lastToast = () => useToasts.getState().toasts.at(-1);

function deferred() {
  let resolve: () => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  useToasts.setState({ toasts: [] });
});
afterEach(cleanup);

describe('NicknameDialog (spec §2 edit nickname)', () => {
  it('is titled 修改昵称 and says 确定 without a close button on first setup', () => {
    render(<NicknameDialog initial="小宝宝" isFirstSetup onSave={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: '修改昵称' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '确定' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '关闭' })).toBeNull();
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('小宝宝');
  });

  it('says 提交 with a close button when renaming later', () => {
    const onClose = vi.fn();
    render(
      <NicknameDialog initial="Tom" isFirstSetup={false} onSave={vi.fn()} onClose={onClose} />,
    );
    expect(screen.getByRole('button', { name: '提交' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says 保存中 and hides the close button while saving, and saves once', async () => {
    const pending = deferred();
    const onSave = vi.fn(() => pending.promise);
    render(
      <NicknameDialog initial="小宝宝" isFirstSetup={false} onSave={onSave} onClose={vi.fn()} />,
    );
    fireEvent.input(screen.getByRole('textbox'), { target: { value: '  乐乐 ' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(onSave).toHaveBeenCalledWith('乐乐');
    const saving = screen.getByRole('button', { name: '保存中' }) as HTMLButtonElement;
    expect(saving.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '关闭' })).toBeNull();
    fireEvent.submit(saving.form as HTMLFormElement);
    expect(onSave).toHaveBeenCalledTimes(1);
    await act(async () => pending.resolve());
    expect(screen.getByRole('button', { name: '提交' })).toBeTruthy();
  });

  it('stays editable when saving fails', async () => {
    const onSave = vi.fn(() => Promise.reject(new Error('server said no')));
    render(<NicknameDialog initial="乐乐" isFirstSetup onSave={onSave} onClose={vi.fn()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })));
    expect(screen.getByRole('button', { name: '确定' })).toBeTruthy();
    expect((screen.getByRole('textbox') as HTMLInputElement).disabled).toBe(false);
  });

  it.each([
    ['', '昵称不能为空'],
    ['   ', '昵称不能为空'],
  ])('refuses %j with the spec message %s', (value, message) => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<NicknameDialog initial="小宝宝" isFirstSetup onSave={onSave} onClose={vi.fn()} />);
    fireEvent.input(screen.getByRole('textbox'), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(lastToast()).toMatchObject({ kind: 'warning', message });
  });

  it('cuts a 17th character with the spec message; the counter stops at 16/16', () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<NicknameDialog initial="" isFirstSetup onSave={onSave} onClose={vi.fn()} />);
    fireEvent.input(screen.getByRole('textbox'), {
      target: { value: '一二三四五六七八九十一二三四五六七八九十一二' },
    });
    expect(lastToast()).toMatchObject({ kind: 'warning', message: '昵称不能超过16个字' });
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe(
      '一二三四五六七八九十一二三四五六',
    );
    expect(screen.getByText('16/16')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onSave).toHaveBeenCalledWith('一二三四五六七八九十一二三四五六');
  });

  it('has a cancel button when renaming later', () => {
    const onClose = vi.fn();
    render(
      <NicknameDialog initial="乐乐" isFirstSetup={false} onSave={vi.fn()} onClose={onClose} />,
    );
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('accepts exactly 16 Chinese characters (32 units)', () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<NicknameDialog initial="" isFirstSetup onSave={onSave} onClose={vi.fn()} />);
    fireEvent.input(screen.getByRole('textbox'), {
      target: { value: '一二三四五六七八九十一二三四五六' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onSave).toHaveBeenCalledWith('一二三四五六七八九十一二三四五六');
  });

  it('speaks English in the en locale', async () => {
    await i18n.changeLanguage('en');
    render(<NicknameDialog initial="" isFirstSetup={false} onSave={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Edit nickname' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(lastToast()?.message).toBe('Nickname cannot be empty');
  });
});
