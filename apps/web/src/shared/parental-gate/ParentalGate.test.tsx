import { GATE_ERROR_RESET_MS, GATE_PASS_DELAY_MS } from '@picbook/domain';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { ParentalGate } from './ParentalGate';

/** A random() that returns the given values in turn (then repeats the last one). */
function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)] ?? 0;
}

// pickGateNumbers: first = 1 + ⌊r·9⌋, second = 1 + ⌊r·8⌋ (+1 when ≥ first).
// 0.25, 0.7 → [3, 7]; then 0.5, 0.1 → [5, 1].
const random = () => sequence(0.25, 0.7, 0.5, 0.1);

const key = (digit: number) => screen.getByRole('button', { name: `数字 ${digit}` });
const instruction = () => screen.getByTestId('parental-gate-instruction').textContent;
const progress = () => screen.getByRole('progressbar').getAttribute('aria-valuenow');

describe('ParentalGate', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    void i18n.changeLanguage('zh-CN');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the title, the two numbers in Chinese numerals and Arabic digits on the keys', () => {
    render(<ParentalGate onPass={vi.fn()} onClose={vi.fn()} random={random()} />);
    expect(screen.getByRole('dialog', { name: '家长验证' })).toBeTruthy();
    expect(instruction()).toBe('请按顺序点击：三、七');
    const keys = screen
      .getAllByRole('button')
      .filter((b) => b.getAttribute('aria-label') !== '关闭');
    expect(keys.map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(progress()).toBe('0');
  });

  it('passes the right sequence after exactly 300 ms, not before', () => {
    const onPass = vi.fn();
    render(<ParentalGate onPass={onPass} onClose={vi.fn()} random={random()} />);
    fireEvent.click(key(3));
    expect(progress()).toBe('1');
    expect(screen.queryByTestId('parental-gate-tick')).toBeNull();
    fireEvent.click(key(7));
    expect(progress()).toBe('2');
    expect(screen.getByTestId('parental-gate-tick')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('验证通过');
    act(() => vi.advanceTimersByTime(GATE_PASS_DELAY_MS - 1));
    expect(onPass).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onPass).toHaveBeenCalledTimes(1);
  });

  it('ignores taps during the pass delay', () => {
    const onPass = vi.fn();
    render(<ParentalGate onPass={onPass} onClose={vi.fn()} random={random()} />);
    fireEvent.click(key(3));
    fireEvent.click(key(7));
    fireEvent.click(key(1));
    expect(screen.queryByText('验证错误，请重新输入')).toBeNull();
    act(() => vi.advanceTimersByTime(GATE_PASS_DELAY_MS));
    expect(onPass).toHaveBeenCalledTimes(1);
  });

  it('shows the friendly message on a wrong tap and resets with a new pair after 1 s', () => {
    const onPass = vi.fn();
    render(<ParentalGate onPass={onPass} onClose={vi.fn()} random={random()} />);
    fireEvent.click(key(4));
    expect(screen.getByText('验证错误，请重新输入')).toBeTruthy();
    expect(progress()).toBe('1');
    act(() => vi.advanceTimersByTime(GATE_ERROR_RESET_MS - 1));
    expect(screen.getByText('验证错误，请重新输入')).toBeTruthy();
    expect(instruction()).toBe('请按顺序点击：三、七');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('验证错误，请重新输入')).toBeNull();
    expect(progress()).toBe('0');
    expect(instruction()).toBe('请按顺序点击：五、一');
    fireEvent.click(key(5));
    fireEvent.click(key(1));
    act(() => vi.advanceTimersByTime(GATE_PASS_DELAY_MS));
    expect(onPass).toHaveBeenCalledTimes(1);
  });

  it('judges the second tap too: right then wrong is wrong', () => {
    render(<ParentalGate onPass={vi.fn()} onClose={vi.fn()} random={random()} />);
    fireEvent.click(key(3));
    expect(screen.queryByText('验证错误，请重新输入')).toBeNull();
    fireEvent.click(key(8));
    expect(screen.getByText('验证错误，请重新输入')).toBeTruthy();
  });

  it('ignores taps during the error reset', () => {
    const onPass = vi.fn();
    render(<ParentalGate onPass={onPass} onClose={vi.fn()} random={random()} />);
    fireEvent.click(key(1));
    // The old right answer, tapped while the message shows, must not count.
    fireEvent.click(key(3));
    fireEvent.click(key(7));
    expect(progress()).toBe('1');
    act(() => vi.advanceTimersByTime(GATE_PASS_DELAY_MS));
    expect(onPass).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(GATE_ERROR_RESET_MS));
    expect(progress()).toBe('0');
    expect(onPass).not.toHaveBeenCalled();
  });

  it('closes with the ✕ button and with Escape', () => {
    const onClose = vi.fn();
    render(<ParentalGate onPass={vi.fn()} onClose={onClose} random={random()} />);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('does not call onPass when closed during the pass delay', () => {
    const onPass = vi.fn();
    const { unmount } = render(
      <ParentalGate onPass={onPass} onClose={vi.fn()} random={random()} />,
    );
    fireEvent.click(key(3));
    fireEvent.click(key(7));
    unmount();
    act(() => vi.advanceTimersByTime(GATE_PASS_DELAY_MS * 2));
    expect(onPass).not.toHaveBeenCalled();
  });

  it('speaks English when the UI language is English', () => {
    void i18n.changeLanguage('en');
    render(<ParentalGate onPass={vi.fn()} onClose={vi.fn()} random={random()} />);
    expect(screen.getByRole('dialog', { name: 'Grown-ups only' })).toBeTruthy();
    expect(instruction()).toBe('Tap in this order:三, 七');
    fireEvent.click(screen.getByRole('button', { name: 'Number 9' }));
    expect(screen.getByText('Not quite — please try again')).toBeTruthy();
  });
});
