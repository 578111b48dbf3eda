import { act, cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaptureSource } from './capture';
import { speech } from './test-signals';
import { useRecorder } from './use-recorder';

afterEach(cleanup);

function setup() {
  let deliver: ((frames: Float32Array) => void) | null = null;
  const close = vi.fn(() => {
    deliver = null;
  });
  const source: CaptureSource = {
    sampleRate: 16_000,
    kind: 'worklet',
    start: (onFrames) => {
      deliver = onFrames;
    },
    close,
  };
  const deps = {
    openCapture: vi.fn(async () => source),
    playPrompt: vi.fn(async () => {}),
    post: vi.fn(),
    report: vi.fn(),
    toast: { error: vi.fn(), warning: vi.fn() },
  };
  let api: ReturnType<typeof useRecorder> | null = null;
  function Probe() {
    api = useRecorder({ maxSeconds: 5 }, deps);
    return (
      <p data-testid="probe">
        {api.state} {api.level > 0.5 ? 'loud' : 'quiet'} {api.seconds.toFixed(1)}
      </p>
    );
  }
  return {
    Probe,
    close,
    feed: (frames: Float32Array) => deliver?.(frames),
    get api() {
      if (!api) throw new Error('not rendered');
      return api;
    },
  };
}

describe('useRecorder', () => {
  it('gives state, level and seconds, and releases the microphone on unmount (StrictMode too)', async () => {
    const probe = setup();
    const { Probe } = probe;
    const { unmount } = render(
      <StrictMode>
        <Probe />
      </StrictMode>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('pending quiet 0.0');
    await act(async () => {
      void probe.api.start('Hi.');
      // The microphone and the prompt sound are promises: the recording starts once both are in.
      await vi.waitUntil(() => probe.api.recorder.getSnapshot().state === 'recording');
    });
    expect(screen.getByTestId('probe').textContent).toBe('recording quiet 0.0');
    expect(probe.api.maxSeconds).toBe(5);
    act(() => probe.feed(speech(-18, 0.5, -60)));
    expect(screen.getByTestId('probe').textContent).toBe('recording loud 0.5');
    unmount();
    expect(probe.close).toHaveBeenCalled();
  });
});
