import type { TGradingResult } from '@picbook/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { storage } from '../../../shared/platform/storage';
import { queryClient } from '../../../shared/request/query-client';
import { useSession } from '../../../shared/session/session';
import { LEARNING_LEVEL_KEY } from '../../../shared/settings/learning-level';
import { LEVEL_KEY } from '../../../shared/settings/levels';
import { useStartup } from '../../../shared/startup/startup-store';
import { stubApi } from '../../../test/api-stub';
import { buildConfigs, buildUserInfo } from '../../../test/factories';
import EvaluatingFinishedPage from './EvaluatingFinishedPage';
import EvaluatingPage from './EvaluatingPage';

const gate = vi.hoisted(() => ({ passed: true }));
vi.mock(import('../../../shared/parental-gate'), async (original) => ({
  ...(await original()),
  requestParentalMode: () => Promise.resolve(gate.passed),
}));

const words = {
  basis_level: 1,
  words: [{ id: 'W1101.1', level: 1, word: 'kite', meaning_cn: '风筝', audio: '' }],
};

const result: TGradingResult = {
  level: 2,
  current_level: 1,
  quiz_level: 2,
  vocabulary_level: 2,
  start_level: 1,
  quiz_right: 5,
  quiz_total: 8,
  words_known: 8,
  words_shown: 24,
  by_level: [
    { level: 1, right: 1, total: 1 },
    { level: 2, right: 4, total: 4 },
    { level: 3, right: 0, total: 3 },
  ],
};

/** A birthday `years` years ago this year (the age is the current year minus the birth year). */
const bornYearsAgo = (years: number) => `${new Date().getFullYear() - years}-03-01`;

function withBirthday(birthday: string | null) {
  const user = buildUserInfo({ level: 1 });
  useStartup.setState({
    configs: buildConfigs(),
    configsState: 'done',
    user: {
      ...user,
      children: birthday
        ? [
            {
              id: 1,
              nickname: '乐乐',
              birthday,
              gender: 1,
              age: 0,
              avatar: '',
              region: 214,
            },
          ]
        : [],
    },
    userState: 'done',
  });
}

function renderAt(path: string, state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/evaluating', element: <EvaluatingPage /> },
      { path: '/evaluating/finished/:level', element: <EvaluatingFinishedPage /> },
      { path: '*', element: <p data-testid="elsewhere" /> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  queryClient.clear();
  storage.remove(LEVEL_KEY);
  storage.remove(LEARNING_LEVEL_KEY);
  useSession.getState().setLogin('token-1');
  gate.passed = true;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EvaluatingPage: the age (decision 095)', () => {
  it('asks the age only when no birthday is set, from 3 years on; a 3-year-old skips the grade', async () => {
    withBirthday(null);
    const api = stubApi({ gradeWords: () => words });
    renderAt('/evaluating');
    expect(screen.getByTestId('evaluating').dataset.screen).toBe('basis');
    const next = screen.getByRole('button', { name: '下一步' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '3 岁' }));
    fireEvent.click(screen.getByRole('button', { name: '开始测评' }));
    await screen.findByText('kite');
    expect(api.calls()).toEqual(['GET /api/v1/grades/words?age=3&grade=0']);
  });

  it('while the words load, the screen says it is loading, not that the words are there', async () => {
    withBirthday(bornYearsAgo(3));
    let answer: (data: typeof words) => void = () => {};
    stubApi({ gradeWords: () => new Promise((resolve) => (answer = resolve)) });
    renderAt('/evaluating');
    const main = screen.getByTestId('evaluating');
    expect(main.dataset.screen).toBe('loading');
    expect(main.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryAllByTestId('eval-word')).toHaveLength(0);
    answer(words);
    await screen.findByText('kite');
    expect(screen.getByTestId('evaluating').dataset.screen).toBe('words');
  });

  it('takes the age from the birthday: a 7-year-old starts at the grade (usual grade preselected)', () => {
    withBirthday(bornYearsAgo(7));
    stubApi({});
    renderAt('/evaluating');
    expect(screen.getByTestId('evaluating').dataset.screen).toBe('grade');
    expect(screen.getByTestId('eval-birthday-age').textContent).toContain('按生日，孩子今年 7 岁');
    expect(screen.getByRole('button', { name: '一年级' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: '改年龄' }));
    expect(screen.getByTestId('evaluating').dataset.screen).toBe('basis');
  });

  it('a 4-year-old by birthday: no question before the words', async () => {
    withBirthday(bornYearsAgo(4));
    const api = stubApi({ gradeWords: () => words });
    renderAt('/evaluating');
    await screen.findByText('kite');
    expect(api.calls()).toEqual(['GET /api/v1/grades/words?age=4&grade=0']);
  });
});

describe('EvaluatingFinishedPage: the evidence and the parent’s choice', () => {
  it('shows how many right at which level; declining switches nothing', () => {
    withBirthday(null);
    const api = stubApi({});
    renderAt('/evaluating/finished/2', result);
    expect(screen.getByTestId('eval-right').textContent).toBe('8 道题答对 5 道');
    const rows = screen.getAllByTestId('eval-level-row').map((r) => r.textContent);
    expect(rows).toEqual([
      expect.stringContaining('答对 0 / 3'),
      expect.stringContaining('答对 4 / 4'),
      expect.stringContaining('答对 1 / 1'),
    ]);
    fireEvent.click(screen.getByTestId('eval-keep'));
    expect(screen.getByTestId('eval-decision').textContent).toContain('继续学 Level 1');
    expect(api.calls()).toEqual([]);
    expect(storage.get(LEARNING_LEVEL_KEY)).toBeNull();
  });

  it('the parent confirms: the level is set, and the library and the plan follow it', async () => {
    withBirthday(null);
    const api = stubApi({
      setUserLevel: () => ({
        level: 2,
        type: 20,
        is_current: true,
        finish_num: 0,
        course_num: 0,
        current: null,
      }),
      userInfo: () => buildUserInfo({ level: 2 }),
    });
    renderAt('/evaluating/finished/2', result);
    fireEvent.click(screen.getByTestId('eval-switch'));
    await waitFor(() =>
      expect(screen.getByTestId('evaluating-finished').dataset.decision).toBe('switched'),
    );
    expect(api.calls()).toContain('POST /api/v1/user/level/2');
    expect(storage.get(LEARNING_LEVEL_KEY)).toBe('2');
    expect(storage.get(LEVEL_KEY)).toBe('2');
  });

  it('the gate closed: nothing is switched', async () => {
    withBirthday(null);
    gate.passed = false;
    const api = stubApi({});
    renderAt('/evaluating/finished/2', result);
    fireEvent.click(screen.getByTestId('eval-switch'));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId('evaluating-finished').dataset.decision).toBe('ask');
    expect(api.calls()).toEqual([]);
  });

  it('the recommendation is the level the child is on: nothing to switch', () => {
    withBirthday(null);
    stubApi({});
    renderAt('/evaluating/finished/1', { ...result, level: 1 });
    expect(screen.getByTestId('evaluating-finished').dataset.decision).toBe('same');
    expect(screen.queryByTestId('eval-switch')).toBeNull();
  });
});
