import type { TAudioAnswer, TSpeechAnswer } from '@picbook/contracts';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../shared/request/request-error';
import {
  type FileQueued,
  type JudgeQueued,
  memoryStore,
  type QueuedRecording,
  type QueueEvent,
  RecordingQueue,
} from './recording-queue';
import { queuedRecording } from './test-kit';

/**
 * The queue of recordings scored on the device (issue 37, decision 110): kept until filed, filed
 * once each, oldest first, only when online and for the signed-in child; a network failure keeps
 * the rest for the next try, a refusal drops the one refused.
 */
const entry = queuedRecording;

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

describe('RecordingQueue: a course’s speaking answers (judged, then taken by their course)', () => {
  const courseEntry = (
    clientId: string,
    queuedAt: number,
    run = 'run-a',
    itemId = '2.1',
    processId = 101112,
  ): QueuedRecording => ({
    ...entry(clientId, queuedAt),
    filing: { kind: 'course', processId, run, item: { examType: 3, id: itemId, sentenceId: 9 } },
  });
  const judgedAs = (session: string, score: number): TSpeechAnswer => ({
    session_id: session,
    is_ended: true,
    received: [],
    audio_url: `/uploads/rec/${session}.wav?sig=x`,
    duration: 2,
    result: {
      score,
      accuracy: score,
      fluency: score,
      completeness: 100,
      words: [],
      verdict: 'ok',
      feedback: '',
      channels: [],
    },
  });

  function setUpCourse(state = { offline: false }) {
    const store = memoryStore();
    const judge = vi.fn<JudgeQueued>(async (e) => judgedAs(e.clientId, 64));
    const file = vi.fn<FileQueued>(async () => answered(1, 70));
    const queue = new RecordingQueue({
      store,
      file,
      judge,
      offline: () => state.offline,
      userId: () => 7,
    });
    const events: QueueEvent[] = [];
    queue.subscribe((e) => events.push(e));
    return { store, queue, judge, file, events, state };
  }

  it('offline it waits; online the server judges it once (session id, WAV), the course takes it once', async () => {
    const { queue, judge, file, events, state } = setUpCourse({ offline: true });
    await queue.add(courseEntry('course-recording-01', 1));
    await queue.flush();
    expect(judge).not.toHaveBeenCalled();
    expect(await queue.takeCourseAnswers(101112, 'run-a')).toEqual({ answers: [], waiting: 1 });

    state.offline = false;
    expect(await queue.flush()).toBe(1);
    expect(judge.mock.calls.map(([e]) => e.clientId)).toEqual(['course-recording-01']);
    expect(file).not.toHaveBeenCalled();
    expect(events).toEqual([
      { kind: 'judged', clientId: 'course-recording-01', processId: 101112, run: 'run-a' },
    ]);
    // Judged: nothing waits to be filed any more; another round judges nothing again.
    expect(await queue.pending()).toEqual([]);
    expect(await queue.flush()).toBe(0);
    expect(judge).toHaveBeenCalledTimes(1);

    // The server's recording and score — never the device's 80.
    const taken = await queue.takeCourseAnswers(101112, 'run-a');
    expect(taken).toEqual({
      answers: [
        {
          item: { examType: 3, id: '2.1', sentenceId: 9 },
          judged: {
            audio_url: '/uploads/rec/course-recording-01.wav?sig=x',
            score: 64,
            duration: 2,
          },
          at: 1,
        },
      ],
      waiting: 0,
    });
    expect(await queue.takeCourseAnswers(101112, 'run-a')).toEqual({ answers: [], waiting: 0 });
  });

  it("another run's judged answers (a restart) are not this run's, and are dropped", async () => {
    const { store, queue } = setUpCourse();
    await queue.add(courseEntry('old-run-recording-1', 1, 'run-old'));
    await queue.flush();
    expect(await queue.takeCourseAnswers(101112, 'run-new')).toEqual({ answers: [], waiting: 0 });
    expect(store.entries.size).toBe(0);
  });

  it('an item answered again (judged at once online) drops what the queue held for it', async () => {
    const { store, queue, judge, state } = setUpCourse({ offline: true });
    await queue.add(courseEntry('first-take-record-1', 1, 'run-a', '2.1'));
    await queue.add(courseEntry('other-item-record-1', 2, 'run-a', '2.2'));
    await queue.dropCourseItem(101112, 'run-a', '2.1');
    expect([...store.entries.keys()]).toEqual(['other-item-record-1']);
    state.offline = false;
    await queue.flush();
    expect(judge.mock.calls.map(([e]) => e.clientId)).toEqual(['other-item-record-1']);
  });

  it('a refusal (the session expired) drops it, said to the listeners', async () => {
    const { queue, judge, events } = setUpCourse();
    judge.mockRejectedValueOnce(new RequestError(10024, '录音已过期或不存在，请重新录音', 200));
    await queue.add(courseEntry('expired-recording-1', 1));
    await queue.flush();
    expect(events).toEqual([{ kind: 'refused', clientId: 'expired-recording-1', code: 10024 }]);
    expect(await queue.takeCourseAnswers(101112, 'run-a')).toEqual({ answers: [], waiting: 0 });
  });
});
