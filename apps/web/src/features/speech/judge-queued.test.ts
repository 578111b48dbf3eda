import type { TSpeechAnswer } from '@picbook/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../shared/request/request';
import { RequestError } from '../../shared/request/request-error';
import { judgeQueued, type QueuedRecording, retrySessionId } from './recording-queue';
import { queuedRecording } from './test-kit';

vi.mock('../../shared/request/request', () => ({ request: vi.fn() }));
const post = vi.mocked(request);

/** A course recording scored on the device while the network was gone. */
const recording = (clientId: string): QueuedRecording => ({
  ...queuedRecording(clientId, 1),
  filing: {
    kind: 'course',
    processId: 101112,
    run: 'run-a',
    item: { examType: 3, id: '2.1', sentenceId: 9 },
  },
});

const sessionOf = (call: number) => {
  const form = post.mock.calls[call]?.[0].body;
  return form instanceof FormData ? form.get('session_id') : undefined;
};
const judged = { session_id: 'x', is_ended: true, received: [] } as unknown as TSpeechAnswer;

afterEach(() => post.mockReset());

describe('judgeQueued: a course recording judged by POST /api/v1/speech', () => {
  it('sends the whole recording under its own session id', async () => {
    post.mockResolvedValueOnce(judged);
    await expect(judgeQueued(recording('course-recording-01'))).resolves.toBe(judged);
    expect(post).toHaveBeenCalledTimes(1);
    expect(sessionOf(0)).toBe('course-recording-01');
  });

  it('a session that expired unfinished (10024) is judged once more under a session of its own', async () => {
    post
      .mockRejectedValueOnce(new RequestError(10024, '录音已过期或不存在，请重新录音', 200))
      .mockResolvedValueOnce(judged);
    await expect(judgeQueued(recording('course-recording-02'))).resolves.toBe(judged);
    expect([sessionOf(0), sessionOf(1)]).toEqual(['course-recording-02', 'course-recording-02-r2']);
  });

  it('another refusal is not retried', async () => {
    post.mockRejectedValueOnce(new RequestError(10400, '评分失败，请重新录音', 200));
    await expect(judgeQueued(recording('course-recording-03'))).rejects.toMatchObject({
      code: 10400,
    });
    expect(post).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a-short1', 'a-short1-r2'],
    ['x'.repeat(64), `${'x'.repeat(61)}-r2`],
  ])('the retry id of %s stays a valid session id (8–64 chars)', (id, retry) => {
    expect(retrySessionId(id)).toBe(retry);
    expect(retrySessionId(id)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
