import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A matchMedia that counts the queries made and can turn the device. */
function stubMatchMedia(initiallyUpright: boolean) {
  let matches = initiallyUpright;
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const made = vi.fn((media: string) => ({
    media,
    get matches() {
      return matches;
    },
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
      listeners.add(listener),
    removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
      listeners.delete(listener),
  }));
  vi.stubGlobal('matchMedia', made);
  const turn = (upright: boolean) => {
    matches = upright;
    for (const listener of listeners) listener({ matches: upright });
  };
  return { made, turn };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('RotateHint (decision 117)', () => {
  it('makes its media query once for all renders, and follows the device when it turns', async () => {
    const media = stubMatchMedia(false);
    const { RotateHint } = await import('./RotateHint');
    const view = render(<RotateHint onDismiss={() => {}} />);
    expect(screen.queryByTestId('rotate-hint')).toBeNull();
    view.rerender(<RotateHint onDismiss={() => {}} />);
    view.rerender(<RotateHint onDismiss={() => {}} />);
    act(() => media.turn(true));
    expect(await screen.findByTestId('rotate-hint')).toBeTruthy();
    act(() => media.turn(false));
    expect(screen.queryByTestId('rotate-hint')).toBeNull();
    expect(media.made).toHaveBeenCalledTimes(1);
  });

  it('asks a phone held upright from the first render, the query primed before it', async () => {
    const media = stubMatchMedia(true);
    const { RotateHint, primeUprightQuery } = await import('./RotateHint');
    primeUprightQuery();
    render(<RotateHint onDismiss={() => {}} />);
    expect(screen.getByTestId('rotate-hint')).toBeTruthy();
    expect(media.made).toHaveBeenCalledTimes(1);
  });
});
