import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadPicture } from './preload';
import { PICTURE_WAIT_MS, usePictureReady } from './use-picture-ready';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("usePictureReady: a page's voice waits for its picture (decision 084)", () => {
  it('is ready when the picture is shown, for that picture only', () => {
    const { result, rerender } = renderHook(({ image }) => usePictureReady(image), {
      initialProps: { image: '/media/books/1/p1.webp' as string | null },
    });
    expect(result.current.ready).toBe(false);
    act(() => result.current.onShown());
    expect(result.current.ready).toBe(true);
    rerender({ image: '/media/books/1/p2.webp' });
    expect(result.current.ready).toBe(false);
    rerender({ image: null });
    expect(result.current.ready).toBe(false);
  });

  it(`stops waiting after ${PICTURE_WAIT_MS} ms for a picture that does not come`, () => {
    const { result } = renderHook(() => usePictureReady('/media/books/1/slow.webp'));
    act(() => vi.advanceTimersByTime(PICTURE_WAIT_MS - 1));
    expect(result.current.ready).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.ready).toBe(true);
  });

  it('a picture preloaded and decoded is ready at once (a turned page)', async () => {
    const url = '/media/books/1/decoded.webp';
    await preloadPicture(url);
    const { result } = renderHook(() => usePictureReady(url));
    expect(result.current.ready).toBe(true);
  });
});
