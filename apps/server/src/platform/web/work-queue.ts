/** A job the queue turned away: every slot is busy and the waiting line is full. */
export class QueueFullError extends Error {
  constructor() {
    super('work queue full');
    this.name = 'QueueFullError';
  }
}

export interface WorkQueue {
  /** Runs `job` when a slot is free; rejects at once with QueueFullError when the line is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * At most `concurrency` jobs at a time, at most `maxWaiting` in line (first come, first served):
 * CPU-heavy work that strangers can ask for (image resizing) never takes every core, and a flood
 * is answered at once instead of queueing without end.
 */
export function createWorkQueue(options: { concurrency: number; maxWaiting: number }): WorkQueue {
  let running = 0;
  const line: Array<() => void> = [];
  return {
    async run(job) {
      if (running < options.concurrency) {
        running += 1;
      } else {
        if (line.length >= options.maxWaiting) throw new QueueFullError();
        // The slot is handed over by the job that finishes, so none can slip in between.
        await new Promise<void>((resolve) => line.push(resolve));
      }
      try {
        return await job();
      } finally {
        const waiter = line.shift();
        if (waiter) waiter();
        else running -= 1;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
  };
}
