import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AudioEngine, createAudioEngine } from '../audio/audio-engine';
import { FakeWorld } from '../audio/test-audio-env';
import { PROMPT_SECONDS, playPromptSound } from './prompt-sound';

let world: FakeWorld;
let engine: AudioEngine;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  world = new FakeWorld();
  engine = createAudioEngine(world.env());
});
afterEach(() => {
  engine.dispose();
  vi.useRealTimers();
});

describe('the prompt sound before recording', () => {
  it('plays a synthesised two-tone ding and resolves when it is over', async () => {
    let done = false;
    void playPromptSound(engine).then(() => {
      done = true;
    });
    const source = world.sources.at(-1);
    expect(source?.started).toMatchObject({ when: 0 });
    expect(source?.buffer?.duration).toBeCloseTo(PROMPT_SECONDS, 2);
    const samples = Array.from(source?.buffer?.getChannelData(0) ?? []);
    expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(0.3);
    expect(Math.max(...samples.map(Math.abs))).toBeLessThanOrEqual(1);
    expect(Math.abs(samples.at(-1) ?? 1)).toBeLessThan(0.02);
    expect(world.fetches).toEqual([]);
    await vi.advanceTimersByTimeAsync(PROMPT_SECONDS * 1000);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(done).toBe(true);
  });

  it('plays where effects are muted (it tells the child when to speak)', () => {
    engine.setEffectsMuted(true);
    void playPromptSound(engine);
    expect(world.sources).toHaveLength(1);
  });

  it('resolves at once without Web Audio', async () => {
    engine.dispose();
    world = new FakeWorld({ webAudio: false });
    engine = createAudioEngine(world.env());
    await expect(playPromptSound(engine)).resolves.toBeUndefined();
  });
});
