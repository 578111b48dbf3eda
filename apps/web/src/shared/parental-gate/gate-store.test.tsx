import { DEFAULT_GATE_LOCK_DELAY_S, GATE_PASS_DELAY_MS } from '@picbook/domain';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildConfigs } from '../../test/factories';
import { i18n } from '../i18n';
import { PARENTAL_MODE_STORAGE_KEY, useParentalMode } from '../navigation/parental-mode';
import { useStartup } from '../startup/startup-store';
import { closeParentalGate, requestParentalMode, useGateStore } from './gate-store';
import { ParentalGateHost, preloadParentalGate } from './ParentalGateHost';

// The app loads the gate's screen on first use; here it is loaded before the tests' fake timers.
beforeAll(() => preloadParentalGate());

// Targets [3, 7] (see ParentalGate.test.tsx).
const random = () => {
  const values = [0.25, 0.7];
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};

const T0 = 1_700_000_000_000;
const LOCK_MS = DEFAULT_GATE_LOCK_DELAY_S * 1000;

function gateDisabled(disabled: boolean) {
  const base = buildConfigs();
  useStartup.setState({
    configs: {
      ...base,
      gray_options: { ...base.gray_options, parentalGateDisabled: disabled ? 1 : 0 },
    },
  });
}

/** Parental mode was entered and left at T0. */
function leftAt(time: number) {
  useParentalMode.setState({ active: false, leftAt: time });
}

/** Lets the promise callbacks run. */
const flush = () => act(async () => {});

function track(promise: Promise<boolean>) {
  const result: { value: boolean | undefined } = { value: undefined };
  void promise.then((value) => {
    result.value = value;
  });
  return result;
}

describe('requestParentalMode', () => {
  beforeEach(() => {
    void i18n.changeLanguage('zh-CN');
    useParentalMode.setState({ active: false, leftAt: 0 });
    useGateStore.setState({ isOpen: false });
    useStartup.setState({ configs: null });
  });
  afterEach(() => {
    closeParentalGate();
    cleanup();
    vi.useRealTimers();
  });

  it('resolves true without showing the gate within the lock delay after quitting', async () => {
    gateDisabled(false);
    leftAt(T0);
    render(<ParentalGateHost random={random()} />);
    const request = requestParentalMode({ isStrictIos: false, now: T0 + LOCK_MS - 1 });
    expect(useGateStore.getState().isOpen).toBe(false);
    await expect(request).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useParentalMode.getState().active).toBe(true);
  });

  it('uses quit() time and the real clock by default', async () => {
    useParentalMode.getState().enter();
    useParentalMode.getState().quit();
    await expect(requestParentalMode({ isStrictIos: false })).resolves.toBe(true);
    expect(useGateStore.getState().isOpen).toBe(false);
  });

  it('honours a custom lock delay', async () => {
    leftAt(T0);
    const request = track(
      requestParentalMode({ isStrictIos: false, lockDelayS: 5, now: T0 + 6000 }),
    );
    expect(useGateStore.getState().isOpen).toBe(true);
    closeParentalGate();
    await flush();
    expect(request.value).toBe(false);
  });

  it('shows the gate when the lock delay has passed, and resolves true when passed', async () => {
    vi.useFakeTimers();
    gateDisabled(false);
    leftAt(T0);
    render(<ParentalGateHost random={random()} />);
    let request = track(Promise.resolve(false));
    act(() => {
      request = track(requestParentalMode({ isStrictIos: false, now: T0 + LOCK_MS + 1 }));
    });
    expect(screen.getByRole('dialog', { name: '家长验证' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '数字 3' }));
    fireEvent.click(screen.getByRole('button', { name: '数字 7' }));
    await flush();
    expect(request.value).toBeUndefined();
    expect(useParentalMode.getState().active).toBe(false);
    act(() => vi.advanceTimersByTime(GATE_PASS_DELAY_MS));
    await flush();
    expect(request.value).toBe(true);
    expect(useParentalMode.getState().active).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the gate the first time (never left parental mode)', () => {
    void requestParentalMode({ isStrictIos: false, now: T0 });
    expect(useGateStore.getState().isOpen).toBe(true);
  });

  it('never shows the gate when the gray option disables it', async () => {
    gateDisabled(true);
    render(<ParentalGateHost random={random()} />);
    await expect(requestParentalMode({ isStrictIos: false, now: T0 })).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useParentalMode.getState().active).toBe(true);
  });

  it('always shows the gate on strict iOS, even if disabled and within the lock delay', () => {
    gateDisabled(true);
    leftAt(T0);
    render(<ParentalGateHost random={random()} />);
    act(() => {
      void requestParentalMode({ isStrictIos: true, now: T0 + 1000 });
    });
    expect(screen.getByRole('dialog', { name: '家长验证' })).toBeTruthy();
    expect(useParentalMode.getState().active).toBe(false);
  });

  it('resolves false when the gate is closed, leaving parental mode off', async () => {
    render(<ParentalGateHost random={random()} />);
    let request = track(Promise.resolve(true));
    act(() => {
      request = track(requestParentalMode({ isStrictIos: false, now: T0 }));
    });
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    await flush();
    expect(request.value).toBe(false);
    expect(useParentalMode.getState().active).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shares one open gate between concurrent requests', async () => {
    vi.useFakeTimers();
    render(<ParentalGateHost random={random()} />);
    let first = track(Promise.resolve(false));
    let second = track(Promise.resolve(false));
    act(() => {
      first = track(requestParentalMode({ isStrictIos: false, now: T0 }));
      second = track(requestParentalMode({ isStrictIos: false, now: T0 }));
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '数字 3' }));
    fireEvent.click(screen.getByRole('button', { name: '数字 7' }));
    act(() => vi.advanceTimersByTime(GATE_PASS_DELAY_MS));
    await flush();
    expect(first.value).toBe(true);
    expect(second.value).toBe(true);
    expect(useGateStore.getState().isOpen).toBe(false);
  });
});

describe('the lock delay across a reload', () => {
  it('leaving the page in parental mode is remembered as leaving it, for the lock delay', async () => {
    localStorage.clear();
    useParentalMode.setState({ active: true, leftAt: 0 });
    const before = Date.now();
    window.dispatchEvent(new Event('pagehide'));
    expect(useParentalMode.getState().active).toBe(false);
    const stored = localStorage.getItem(PARENTAL_MODE_STORAGE_KEY) ?? '{}';
    const saved = JSON.parse(stored);
    expect(saved.state.leftAt).toBeGreaterThanOrEqual(before);
    // A new page load (memory empty, the device's storage kept) reads it back: within the delay
    // no gate, after it the gate again.
    useParentalMode.setState({ leftAt: 0 });
    localStorage.setItem(PARENTAL_MODE_STORAGE_KEY, stored);
    await useParentalMode.persist.rehydrate();
    expect(useParentalMode.getState().leftAt).toBe(saved.state.leftAt);
    useGateStore.setState({ isOpen: false });
    await expect(requestParentalMode({ now: saved.state.leftAt + 30_000 })).resolves.toBe(true);
    useParentalMode.setState({ active: false });
    void requestParentalMode({ now: saved.state.leftAt + LOCK_MS + 1 });
    expect(useGateStore.getState().isOpen).toBe(true);
    closeParentalGate();
  });
});
