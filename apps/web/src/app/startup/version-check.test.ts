import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingEvents } from '../../shared/analytics/pingback';
import { checkVersion, resetVersionCheck, VERSION_CHECK_INTERVAL_MS } from './version-check';

const build =
  (source: string, status = 200) =>
  async () =>
    new Response(JSON.stringify({ source, time: 1 }), { status });

beforeEach(() => resetVersionCheck());

describe('version check against /build.json (spec §4, §9)', () => {
  it('checks at most every 100 seconds', async () => {
    expect(VERSION_CHECK_INTERVAL_MS).toBe(100_000);
    const fetchBuild = vi.fn(build('same'));
    let now = 1_000_000;
    const deps = { current: 'same', fetchBuild, now: () => now };
    await checkVersion(deps);
    now += 99_999;
    await checkVersion(deps);
    expect(fetchBuild).toHaveBeenCalledTimes(1);
    now += 1;
    await checkVersion(deps);
    expect(fetchBuild).toHaveBeenCalledTimes(2);
  });

  it('an outdated page reports update {from, to} and is reloaded', async () => {
    const onOutdated = vi.fn();
    const before = pendingEvents().length;
    const outdated = await checkVersion({
      current: 'old',
      fetchBuild: build('new'),
      onOutdated,
      now: () => 5e6,
    });
    expect(outdated).toBe(true);
    expect(onOutdated).toHaveBeenCalledWith('old', 'new');
    expect(pendingEvents().slice(before)).toContainEqual(
      expect.objectContaining({ event: 'update', detail: { from: 'old', to: 'new' } }),
    );
  });

  it('the same build does nothing', async () => {
    const onOutdated = vi.fn();
    expect(
      await checkVersion({ current: 'a', fetchBuild: build('a'), onOutdated, now: () => 7e6 }),
    ).toBe(false);
    expect(onOutdated).not.toHaveBeenCalled();
  });

  it('reports a failed check as a warning, and a timeout (408) at info level', async () => {
    // Fake timers throughout: the tracking queue must not flush between the two checks.
    vi.useFakeTimers();
    const before = pendingEvents().length;
    await checkVersion({ current: 'a', fetchBuild: build('x', 503), now: () => 9e6 });
    expect(pendingEvents().slice(before)).toContainEqual(
      expect.objectContaining({
        event: 'build_check_error',
        level: 'warn',
        detail: { status: 503 },
      }),
    );
    resetVersionCheck();
    const fetchBuild = (signal: AbortSignal) =>
      new Promise<Response>((_, reject) => {
        signal.addEventListener('abort', () => reject(new Error('aborted')));
      });
    try {
      const pending = checkVersion({ current: 'a', fetchBuild, now: () => 11e6 });
      await vi.advanceTimersByTimeAsync(30_000);
      await pending;
      expect(pendingEvents()).toContainEqual(
        expect.objectContaining({
          event: 'build_check_error',
          level: 'info',
          detail: { status: 408 },
        }),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
