import { describe, expect, it } from 'vitest';
import { createWorkQueue, QueueFullError } from './work-queue';

const deferred = () => {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('createWorkQueue', () => {
  it('runs at most `concurrency` jobs, queues up to `maxWaiting`, refuses the rest at once', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 2 });
    const gates = Array.from({ length: 4 }, deferred);
    let peak = 0;
    let active = 0;
    const started: number[] = [];
    const jobs = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        active += 1;
        peak = Math.max(peak, active);
        await gate.promise;
        active -= 1;
        return i;
      }),
    );
    await expect(queue.run(async () => 'late')).rejects.toBeInstanceOf(QueueFullError);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a job that fails', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 'ok')).resolves.toBe('ok');
  });
});
