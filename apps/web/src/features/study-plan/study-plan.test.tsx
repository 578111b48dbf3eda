import type { TCourse, TCourseResult, TStudyPlan } from '@picbook/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/request/query-client';
import { useStartup } from '../../shared/startup/startup-store';
import { apiError, stubApi } from '../../test/api-stub';
import { installDeviceScoring, recordingQueue } from '../speech';
import { clearLearningHistory, readLearningHistory, saveLearningHistory } from './learning-history';
import { claimableRewards, courseJump, currentPlace, quickStart } from './plan-helpers';
import { CoursePlayer } from './player/CoursePlayer';
import { canPlayMp4, initialVideo, videoReducer } from './video-state';

vi.mock(import('../../shared/analytics/pingback'), async (original) => ({
  ...(await original()),
  track: vi.fn(),
}));

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('video player states (§3, §4: pending → playing, error on failure or missing url)', () => {
  it.each([
    ['pending', { type: 'playing' }, 'playing'],
    ['playing', { type: 'pause' }, 'pause'],
    ['playing', { type: 'waiting' }, 'waiting'],
    ['waiting', { type: 'playing' }, 'playing'],
    ['playing', { type: 'ended' }, 'ended'],
    ['ended', { type: 'pause' }, 'ended'],
    ['pending', { type: 'error', error: 'badUrl' }, 'error'],
    ['error', { type: 'request' }, 'error'],
    ['pause', { type: 'request' }, 'pending'],
  ] as const)('%s + %j → %s', (from, event, to) => {
    expect(videoReducer({ ...initialVideo, state: from }, event).state).toBe(to);
  });
  it('an error keeps its kind; a browser without MP4 cannot initialise the player', () => {
    expect(videoReducer(initialVideo, { type: 'error', error: 'initFailed' }).error).toBe(
      'initFailed',
    );
    expect(canPlayMp4({ canPlayType: () => '' })).toBe(false);
    expect(canPlayMp4({ canPlayType: () => 'maybe' })).toBe(true);
    expect(canPlayMp4(null)).toBe(false);
  });
});

describe('learning-{level} history (shell §3)', () => {
  it('keeps the part reached and the answers for the same course only, for a week', () => {
    saveLearningHistory(
      7,
      1,
      {
        processId: 101112,
        part: 1,
        answers: [{ examType: 1, id: '2.1', answer: 'a' }],
        seconds: 30,
      },
      1000,
    );
    expect(readLearningHistory(7, 1, 101112, 2000)).toMatchObject({ part: 1, seconds: 30 });
    expect(readLearningHistory(7, 1, 101113, 2000)).toBeNull();
    expect(readLearningHistory(8, 1, 101112, 2000)).toBeNull();
    expect(readLearningHistory(7, 1, 101112, 1000 + 8 * 86_400_000)).toBeNull();
    clearLearningHistory(7, 1);
    expect(readLearningHistory(7, 1, 101112, 2000)).toBeNull();
  });
});

const course = (status: 0 | 1 | 2, pid: number, kind: 'video' | 'parts' = 'parts') => ({
  uuid: `u${pid}`,
  process_id: pid,
  kind,
  title_cn: '课',
  title_en: 'c',
  duration: 3,
  sub_path: 1 as const,
  position: 1,
  part_types: [],
  status,
  best_score: 0,
  stars: 0,
});
const reward = (status: 0 | 1 | 2) => ({ coins: 5, diamonds: 1, status });
function plan(): TStudyPlan {
  const stage = (
    n: number,
    status: 0 | 1 | 2,
    courses: ReturnType<typeof course>[],
    r: 0 | 1 | 2 = 0,
  ) => ({
    stage: n,
    title_cn: '天',
    title_en: 'day',
    status,
    lock_reason: null,
    reward: reward(r),
    major: { courses },
    minor: { courses: [] },
  });
  return {
    level: 1,
    type: 20,
    weeks: [
      {
        week: 1,
        world: 1,
        book: {
          id: 1101,
          title_en: 'T',
          title_cn: '书',
          cover: { image: '', image_small: '', placeholder: '' },
        },
        theme_cn: '主题',
        theme_en: 't',
        status: 1,
        lock_reason: null,
        reward: reward(0),
        stages: [stage(1, 2, [course(2, 101111, 'video')], 1), stage(2, 1, [course(1, 101211)])],
        week_star: 3,
        book_star: 3,
        finish_num: 1,
        course_num: 2,
        finish_flag: 1,
      },
    ],
    worlds: [{ world: 1, weeks: [1] }],
    level_finish_num: 1,
    course_num: 2,
    book_num: 1,
    allow_week: 1,
    paging: { current_page: 1, page_count: 1 },
    access: { full: false, free_weeks: [1] },
  };
}

describe('plan helpers', () => {
  it('the current place, quick start target, rewards to collect and the course jump', () => {
    expect(currentPlace(plan())).toEqual({ week: 1, day: 2 });
    expect(quickStart(plan())).toMatchObject({ week: 1, day: 2, course: { process_id: 101211 } });
    expect(claimableRewards(plan())).toEqual([{ week: 1, stage: 1, reward: reward(1) }]);
    expect(courseJump({ kind: 'video', process_id: 1 })).toEqual([
      'learningVideo',
      { processId: 1 },
    ]);
    expect(courseJump({ kind: 'parts', process_id: 2 })).toEqual([
      'learningPart',
      { processId: 2 },
    ]);
  });
});

const lookCourse: TCourse = {
  uuid: 'u1',
  process_id: 101112,
  level: 1,
  week: 1,
  stage: 1,
  sub_path: 1,
  position: 2,
  title_cn: '读一读',
  title_en: 'Read',
  duration: 3,
  book_id: 1101,
  status: 1,
  best_score: 0,
  stars: 0,
  next: null,
  content: {
    kind: 'parts',
    parts: [
      {
        type: 'look_picture',
        part: 1,
        title_cn: '看图选句',
        guide: { text_cn: '看看这幅图', audio: '/media/courses/guide/look-picture.mp3' },
        questions: [
          {
            picture: { image: '/p1.webp', image_small: '/p1s.webp', placeholder: 'data:' },
            question_cn: '选一选',
            choices: [
              { key: 'a', en: 'It is a windy day.', audio: '/a.mp3', duration: 1 },
              { key: 'b', en: 'Up it goes!', audio: '/b.mp3', duration: 1 },
            ],
            answer: 'b',
          },
        ],
      },
    ],
  },
};

/** The server's answer to a course handed in (the player's tests). */
const courseResult: TCourseResult = {
  report_id: 1,
  score: 70,
  stars: 2,
  items: [],
  reward: { coins: 2, diamonds: 0 },
  best_score: 70,
  status: 2,
  balances: { coins: 2, credits: 0, diamonds: 0 },
};

describe('the course player', () => {
  it('sends the child’s tries converted by exam type (§5) and never decides the score itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies: unknown[] = [];
    stubApi({
      submitCourse: ({ body }) => {
        bodies.push(body);
        return courseResult;
      },
      userInfo: () => apiError(10008, 'no'),
    });
    const onFinished = vi.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <CoursePlayer
          course={lookCourse as TCourse & { content: { kind: 'parts'; parts: [] } }}
          userId={undefined}
          startPart={0}
          startAnswers={[]}
          startSeconds={0}
          ref_="planning"
          onFinished={onFinished}
        />
      </QueryClientProvider>,
    );
    // The spoken instruction first (a new child); a tap goes on to the part.
    fireEvent.click(screen.getByTestId('guide-skip'));
    fireEvent.click(screen.getByText('It is a windy day.'));
    expect(await screen.findByText('再想想，再试一次！')).toBeTruthy();
    fireEvent.click(screen.getByText('Up it goes!'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({
      uuid: 'u1',
      process_id: 101112,
      ref: 'planning',
      answers: [{ exam_type: 1, score_type: 0, exam_detail: { id: '1.1', answer: 'a,b' } }],
    });
    vi.useRealTimers();
  });
});

describe('a course’s speaking answer scored on the device (issue 37)', () => {
  it('queued before a reload, judged by the server once online, handed in as the server judged it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    useStartup.setState({ user: { id: 7 } as never });
    installDeviceScoring();
    const judged: string[] = [];
    const bodies: unknown[] = [];
    stubApi({
      speech: ({ body }) => {
        const form = body as unknown as FormData;
        judged.push(String(form.get('session_id')));
        expect(form.get('ref_text')).toBe('It is a windy day.');
        return {
          session_id: String(form.get('session_id')),
          is_ended: true,
          received: [],
          audio_url: '/uploads/rec/judged.wav?exp=1&sig=s',
          duration: 2.1,
          result: {
            score: 64,
            accuracy: 60,
            fluency: 70,
            completeness: 100,
            words: [],
            verdict: 'ok',
            feedback: '',
            channels: [],
          },
        };
      },
      submitCourse: ({ body }) => {
        bodies.push(body);
        return courseResult;
      },
      userInfo: () => apiError(10008, 'no'),
    });
    // Recorded offline in part 2 of this run before the tab was closed: the device said 91.
    await recordingQueue().add({
      clientId: 'device-session-000000001',
      userId: 7,
      wav: new Blob([new Uint8Array(44)], { type: 'audio/wav' }),
      duration: 2,
      refText: 'It is a windy day.',
      device: {
        score: 91,
        accuracy: 91,
        fluency: 91,
        completeness: 100,
        words: [],
        verdict: 'ok',
        feedback: '',
        channels: [{ name: 'device', score: 91 }],
      },
      filing: {
        kind: 'course',
        processId: 101112,
        run: 'run-before-reload',
        item: { examType: 20, id: '2.1', sentenceId: 5 },
      },
      queuedAt: 1,
    });
    expect(judged).toEqual([]);
    const onFinished = vi.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <CoursePlayer
          course={lookCourse as TCourse & { content: { kind: 'parts'; parts: [] } }}
          userId={7}
          startPart={0}
          startAnswers={[]}
          startSeconds={0}
          startRun="run-before-reload"
          ref_="planning"
          onFinished={onFinished}
        />
      </QueryClientProvider>,
    );
    // The network returns: judged once.
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(judged).toEqual(['device-session-000000001']));
    window.dispatchEvent(new Event('online'));
    fireEvent.click(screen.getByTestId('guide-skip'));
    fireEvent.click(screen.getByText('Up it goes!'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect(judged).toEqual(['device-session-000000001']);
    // The server's recording and score, never the device's 91.
    expect(bodies[0]).toMatchObject({
      answers: expect.arrayContaining([
        expect.objectContaining({
          exam_type: 20,
          exam_detail: expect.objectContaining({
            id: '2.1',
            audio_url: '/uploads/rec/judged.wav?exp=1&sig=s',
            score: 64,
          }),
        }),
      ]),
    });
    // Taken: nothing of it is left in the queue.
    expect(await recordingQueue().takeCourseAnswers(101112, 'run-before-reload')).toEqual({
      answers: [],
      waiting: 0,
    });
    online.mockRestore();
    useStartup.setState({ user: null });
    vi.useRealTimers();
  });
});
