import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAudio } from './audio';
import {
  closeSharedScoringPool,
  createScoringPool,
  defaultPoolSize,
  type ScoringPool,
  SpeechPoolError,
  scoreUtterance,
} from './pool';

const fixtureDir = fileURLToPath(new URL('../test-fixtures/', import.meta.url));
const KITE = 'I see a red kite.';

describe('scoring pool (worker threads)', () => {
  let pool: ScoringPool;
  let kite: Float32Array;
  beforeAll(async () => {
    kite = await loadAudio(`${fixtureDir}score-kite.wav`);
    pool = createScoringPool({ size: 2 });
    await pool.ready();
  }, 60_000);
  afterAll(async () => {
    await pool.close();
    await closeSharedScoringPool();
  });

  it('is sized one worker per core, at most 4, by default', () => {
    expect(defaultPoolSize()).toBe(Math.min(availableParallelism(), 4));
  });

  it('scores 4 concurrent recordings without errors, the same as one at a time', async () => {
    const single = await pool.score(kite.slice(), KITE);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => pool.score(kite.slice(), KITE)),
    );
    for (const result of results) expect(result).toEqual(single);
    expect(single.verdict).toBe('ok');
    expect(pool.stats()).toMatchObject({ workers: 2, busy: 0, queued: 0 });
  });

  it('takes ownership of the audio buffer (transferred to the worker)', async () => {
    const audio = kite.slice();
    const job = pool.score(audio, KITE);
    expect(audio.length).toBe(0); // detached
    await job;
  });

  it('does not block the event loop while scoring', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    await Promise.all([pool.score(kite.slice(), KITE), pool.score(kite.slice(), KITE)]);
    clearInterval(timer);
    const elapsed = performance.now() - started;
    // Timers kept firing: at least half of the expected ticks.
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(elapsed / 10 / 2));
  });

  it('rejects with a clear error for bad input and keeps working', async () => {
    await expect(pool.score(kite.slice(), ' !? ')).rejects.toThrow(/no pronounceable words/);
    await expect(pool.score([1, 2] as unknown as Float32Array, KITE)).rejects.toThrow(
      /Float32Array/,
    );
    expect((await pool.score(kite.slice(), KITE)).verdict).toBe('ok');
  });

  it('scoreUtterance uses a shared pool and leaves the caller its audio', async () => {
    const audio = kite.slice();
    const result = await scoreUtterance(audio, KITE);
    expect(result.verdict).toBe('ok');
    expect(audio.length).toBe(kite.length);
  });
});

describe('scoring pool limits', () => {
  it('rejects when the queue is full, and after close', async () => {
    const kite = await loadAudio(`${fixtureDir}score-kite.wav`);
    const pool = createScoringPool({ size: 1, maxQueue: 1 });
    try {
      await pool.ready();
      const first = pool.score(kite.slice(), KITE); // running
      const second = pool.score(kite.slice(), KITE); // queued
      const third = pool.score(kite.slice(), KITE); // over the limit
      await expect(third).rejects.toMatchObject({ code: 'QUEUE_FULL' });
      await expect(third).rejects.toBeInstanceOf(SpeechPoolError);
      await Promise.all([first, second]);
    } finally {
      await pool.close();
    }
    await expect(pool.score(kite.slice(), KITE)).rejects.toMatchObject({ code: 'CLOSED' });
  }, 60_000);

  it('abandons a job that exceeds the timeout and replaces the worker', async () => {
    const kite = await loadAudio(`${fixtureDir}score-kite.wav`);
    const pool = createScoringPool({ size: 1, timeoutMs: 1 });
    try {
      await pool.ready();
      await expect(pool.score(kite.slice(), KITE)).rejects.toMatchObject({ code: 'TIMEOUT' });
      expect(pool.stats()).toMatchObject({ workers: 1, failed: 1 });
    } finally {
      await pool.close();
    }
  }, 60_000);
});
