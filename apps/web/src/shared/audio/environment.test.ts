import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserAudioEnvironment } from './environment';

/** A media element whose play() answers as the test says, counting the elements made. */
function fakeAudio(play: () => Promise<void> | undefined) {
  const made: string[] = [];
  class FakeAudio {
    constructor(src?: string) {
      made.push(src ?? '');
    }
    play = play;
    pause = vi.fn();
  }
  return { FakeAudio, made };
}

describe('browserAudioEnvironment().probeAutoplay (issue 41: asked after the first load)', () => {
  let idle: Array<() => void>;

  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  });
  afterEach(() => vi.unstubAllGlobals());

  const runIdle = () => {
    for (const callback of idle.splice(0)) callback();
  };

  it('makes no media element until the loaded page goes idle, then answers what play() said', async () => {
    const { FakeAudio, made } = fakeAudio(() => Promise.resolve());
    vi.stubGlobal('Audio', FakeAudio);
    const answer = browserAudioEnvironment(() => {}).probeAutoplay();
    expect(made).toHaveLength(0);
    runIdle();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/^data:audio\/wav;base64,/);
    await expect(answer).resolves.toBe(true);
  });

  it.each([
    ['a browser that refuses sound without a gesture', () => Promise.reject(new Error('denied'))],
    ['an old WebView whose play() answers no promise', () => undefined],
  ])('%s: false, the tap decides', async (_, play) => {
    const { FakeAudio } = fakeAudio(play);
    vi.stubGlobal('Audio', FakeAudio);
    const answer = browserAudioEnvironment(() => {}).probeAutoplay();
    runIdle();
    await expect(answer).resolves.toBe(false);
  });
});
