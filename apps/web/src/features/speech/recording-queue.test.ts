import type { TAudioAnswer } from '@picbook/contracts';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../shared/request/request-error';
import {
  type FileQueued,
  memoryStore,
  type QueuedRecording,
  type QueueEvent,
  RecordingQueue,
} from './recording-queue';

/**
 * The queue of recordings scored on the device (issue 37, decision 110): kept until filed, filed
 * once each, oldest first, only when online and for the signed-in child; a network failure keeps
 * the rest for the next try, a refusal drops the one refused.
 */
const entry = (clientId: string, queuedAt: number, userId = 7): QueuedRecording => ({
  clientId,
  userId,
  wav: new Blob([new Uint8Array(44)], { type: 'audio/wav' }),
  duration: 2,
  refText: 'It is a windy day.',
  device: {
    score: 80,
    accuracy: 80,
    fluency: 80,
    completeness: 100,
    words: [],
    verdict: 'ok',
    feedback: '',
    channels: [{ name: 'device', score: 80 }],
  },
  filing: { uuid: 'run-12345678', book_id: 1101, secondary_id: 1, content_id: 'p1s1', type: 1 },
  queuedAt,
});

const answered = (id: number, score: number): TAudioAnswer => ({
  id,
  audio_url: `/uploads/rec/${id}.wav`,
  duration: 2,
  score,
  words: [],
  verdict: 'ok',
  work_id: 3,
  best_score: score,
});

function setUp(file: FileQueued, state = { offline: false, userId: 7 as number | undefined }) {
  const store = memoryStore();
  const queue = new RecordingQueue({
    store,
    file,
    offline: () => state.offline,
    userId: () => state.userId,
  });
  const events: QueueEvent[] = [];
  queue.subscribe((e) => events.push(e));
  return { store, queue, events, state };
}

describe('RecordingQueue', () => {
  it('files what waits, oldest first, once each, and tells the screens', async () => {
    const file = vi.fn<FileQueued>(async (e) => answered(e.queuedAt, 70));
    const { store, queue, events } = setUp(file);
    await store.put(entry('b-recording-000002', 2));
    await store.put(entry('a-recording-000001', 1));
    expect(await queue.flush()).toBe(2);
    expect(file.mock.calls.map(([e]) => e.clientId)).toEqual([
      'a-recording-000001',
      'b-recording-000002',
    ]);
    expect(events).toEqual([
      { kind: 'filed', clientId: 'a-recording-000001', answer: answered(1, 70) },
      { kind: 'filed', clientId: 'b-recording-000002', answer: answered(2, 70) },
    ]);
    expect(await queue.pending()).toEqual([]);
    // Nothing left: a second flush files nothing again.
    expect(await queue.flush()).toBe(0);
    expect(file).toHaveBeenCalledTimes(2);
  });

  it('offline: keeps everything and sends nothing', async () => {
    const file = vi.fn<FileQueued>(async () => answered(1, 70));
    const { queue, state } = setUp(file, { offline: true, userId: 7 });
    await queue.add(entry('offline-recording-01', 1));
    expect(await queue.flush()).toBe(0);
    expect(file).not.toHaveBeenCalled();
    expect(await queue.pending()).toHaveLength(1);
    state.offline = false;
    expect(await queue.flush()).toBe(1);
  });

  it('a network failure stops the round and keeps the rest for the next', async () => {
    let down = true;
    const file = vi.fn<FileQueued>(async (e) => {
      if (down) throw new RequestError(-1, '网络连接失败', 0);
      return answered(e.queuedAt, 60);
    });
    const { store, queue, events } = setUp(file);
    await store.put(entry('first-recording-001', 1));
    await store.put(entry('second-recording-02', 2));
    expect(await queue.flush()).toBe(0);
    expect(file).toHaveBeenCalledTimes(1);
    expect(await queue.pending()).toHaveLength(2);
    expect(events).toEqual([]);
    down = false;
    expect(await queue.flush()).toBe(2);
  });

  it('a server fault or a busy scorer is tried again later; a refusal is dropped', async () => {
    const outcomes = [
      new RequestError(500, '服务器开小差了', 500),
      new RequestError(10429, '读得太快啦，休息一下再读吧', 429),
      new RequestError(10003, '这本绘本还没有解锁，解锁后才能录音哦', 200),
    ];
    const file = vi.fn<FileQueued>(async () => {
      throw outcomes.shift();
    });
    const { store, queue, events } = setUp(file);
    await store.put(entry('refused-recording-1', 1));
    await queue.flush();
    await queue.flush();
    expect(await queue.pending()).toHaveLength(1);
    await queue.flush();
    expect(await queue.pending()).toEqual([]);
    expect(events).toEqual([{ kind: 'refused', clientId: 'refused-recording-1', code: 10003 }]);
  });

  it("files only the signed-in child's recordings, and none signed out", async () => {
    const file = vi.fn<FileQueued>(async () => answered(1, 70));
    const { store, queue, state } = setUp(file, { offline: false, userId: undefined });
    await store.put(entry('mine-recording-0001', 1, 7));
    await store.put(entry('theirs-recording-01', 2, 8));
    expect(await queue.flush()).toBe(0);
    state.userId = 7;
    expect(await queue.flush()).toBe(1);
    expect((await queue.pending()).map((e) => e.clientId)).toEqual(['theirs-recording-01']);
  });

  it('two flushes at once (the online event and a new recording) share one round', async () => {
    let release = () => {};
    const file = vi.fn<FileQueued>(
      () =>
        new Promise<TAudioAnswer>((resolve) => {
          release = () => resolve(answered(1, 70));
        }),
    );
    const { store, queue } = setUp(file);
    await store.put(entry('shared-recording-01', 1));
    const a = queue.flush();
    const b = queue.flush();
    await vi.waitFor(() => expect(file).toHaveBeenCalledTimes(1));
    release();
    expect(await a).toBe(1);
    expect(await b).toBe(1);
    expect(file).toHaveBeenCalledTimes(1);
  });

  it('a recording added while a round runs is filed by another round after it', async () => {
    let release = () => {};
    const file = vi.fn<FileQueued>(async (e) => {
      if (e.clientId === 'early-recording-001') {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
      return answered(e.queuedAt, 70);
    });
    const { store, queue } = setUp(file);
    await store.put(entry('early-recording-001', 1));
    const round = queue.flush();
    await vi.waitFor(() => expect(file).toHaveBeenCalledTimes(1));
    await queue.add(entry('late-recording-0001', 2));
    release();
    expect(await round).toBe(2);
    expect(await queue.pending()).toEqual([]);
  });

  it('runs each round under the lock it is given (one tab at a time)', async () => {
    const order: string[] = [];
    const store = memoryStore();
    await store.put(entry('locked-recording-01', 1));
    const queue = new RecordingQueue({
      store,
      file: async () => {
        order.push('file');
        return answered(1, 70);
      },
      offline: () => false,
      userId: () => 7,
      exclusive: async (work) => {
        order.push('lock');
        const out = await work();
        order.push('unlock');
        return out;
      },
    });
    await queue.flush();
    expect(order).toEqual(['lock', 'file', 'unlock']);
  });
});
