import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AudioEngine, createAudioEngine } from './audio-engine';
import { playClick } from './click-sound';
import { FakeWorld } from './test-audio-env';

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

describe('playClick: a synthesised click on the effect channel', () => {
  it('plays a short generated buffer through a gain, no file involved', () => {
    playClick(engine);
    const source = world.sources.at(-1);
    expect(source?.started).toEqual({ when: 0, offset: 0, duration: undefined });
    const buffer = source?.buffer;
    expect(buffer?.duration).toBeCloseTo(0.035, 3);
    const samples = Array.from(buffer?.getChannelData(0) ?? []);
    const peak = Math.max(...samples.map(Math.abs));
    expect(peak).toBeGreaterThan(0.1);
    expect(peak).toBeLessThanOrEqual(1);
    // Decays to silence at the end (no click at the tail).
    expect(Math.abs(samples.at(-1) ?? 1)).toBeLessThan(0.01);
    expect(world.context?.gains.at(-1)?.gain.value).toBe(0.4);
    expect(world.fetches).toEqual([]);
    // The buffer is synthesised once per context.
    playClick(engine);
    expect(world.sources.at(-1)?.buffer).toBe(buffer);
  });

  it('is silent while effects are muted', () => {
    engine.setEffectsMuted(true);
    playClick(engine);
    expect(world.sources).toHaveLength(0);
  });

  it('is silent before the autoplay unlock and plays after it', () => {
    engine.dispose();
    world = new FakeWorld({ autoplay: false });
    engine = createAudioEngine(world.env());
    playClick(engine);
    expect(world.sources).toHaveLength(0);
    world.gesture();
    playClick(engine);
    // The unlock's silent buffer, then the click.
    expect(world.sources).toHaveLength(2);
  });

  it('does nothing without Web Audio', () => {
    engine.dispose();
    world = new FakeWorld({ webAudio: false });
    engine = createAudioEngine(world.env());
    expect(() => playClick(engine)).not.toThrow();
    expect(world.elements).toHaveLength(0);
  });
});
