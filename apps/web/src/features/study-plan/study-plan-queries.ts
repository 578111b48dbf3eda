import type { TCourseResult, TStudyPlan } from '@picbook/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/request/api';
import { queryClient } from '../../shared/request/query-client';
import { useStartup } from '../../shared/startup/startup-store';

/**
 * Query keys of the study plan (learning-content §4: plan results are cached per level, stage
 * results per level, world and stage). Everything under ['plan'] depends on the child's progress.
 */
export const planKeys = {
  all: ['plan'] as const,
  plan: (level: number, type = 20) => ['plan', 'list', level, type] as const,
  stage: (level: number, week: number, day: number) => ['plan', 'stage', level, week, day] as const,
  course: (processId: number) => ['plan', 'course', processId] as const,
  finish: (key: string) => ['plan', 'finish', key] as const,
  book: (bookId: number) => ['plan', 'book', bookId] as const,
};

export function usePlan(level: number, type = 20) {
  return useQuery({
    queryKey: planKeys.plan(level, type),
    queryFn: () => api('studyPlan', { query: { level, type } }),
  });
}

export function useStage(level: number, week: number, day: number) {
  return useQuery({
    queryKey: planKeys.stage(level, week, day),
    queryFn: () => api('studyPlanStage', { query: { level, world: week, stage: day, type: 20 } }),
  });
}

export const courseQuery = (processId: number) => ({
  queryKey: planKeys.course(processId),
  // A locked course is explained on the screen, not in a toast.
  queryFn: () => api('learningProcess', { params: { id: processId } }, { silent: true }),
  staleTime: 60_000,
  retry: false,
});

export function useCourse(processId: number) {
  return useQuery(courseQuery(processId));
}

export function useLearningBook(bookId: number) {
  return useQuery({
    queryKey: planKeys.book(bookId),
    queryFn: () => api('learningBook', { params: { id: bookId } }, { silent: true }),
    retry: false,
  });
}

/** After a course or a claim: the plan, the days and the balances are read again. */
export async function refreshProgress(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: planKeys.all }),
    useStartup
      .getState()
      .reloadUser()
      .catch(() => undefined),
  ]);
}

/** Collect a day's reward (stage ≥ 1) or the week's (stage 0); failures are ignored (§4). */
export function useClaimReward(level: number) {
  return useMutation({
    mutationFn: (at: { week: number; stage: number }) =>
      api(
        'studyPlanReward',
        { body: { level, world: at.week, stage: at.stage } },
        { silent: true },
      ),
    onSuccess: (_data, at) => {
      // §4: on success the reward shows received and the coins and diamonds are added locally.
      queryClient.setQueryData<TStudyPlan>(planKeys.plan(level), (plan) =>
        plan
          ? {
              ...plan,
              weeks: plan.weeks.map((w) =>
                w.week !== at.week
                  ? w
                  : at.stage === 0
                    ? { ...w, reward: { ...w.reward, status: 2 } }
                    : {
                        ...w,
                        stages: w.stages.map((s) =>
                          s.stage === at.stage ? { ...s, reward: { ...s.reward, status: 2 } } : s,
                        ),
                      },
              ),
            }
          : plan,
      );
      void refreshProgress();
    },
  });
}

export interface SubmitInput {
  uuid: string;
  processId: number;
  studyTime: number;
  answers: Parameters<typeof submitBody>[0];
  ref: string;
}

function submitBody(
  answers: Array<{ exam_type: number; score_type: number; exam_detail: Record<string, unknown> }>,
) {
  return answers.map((a) => ({
    exam_type: a.exam_type,
    score_type: a.score_type,
    exam_detail: { ...a.exam_detail, id: String(a.exam_detail.id) },
  }));
}

/** POST /api/v1.2/learning/course: the server scores the answers and pays once. */
export async function submitCourse(input: SubmitInput): Promise<TCourseResult> {
  const result = await api('submitCourse', {
    body: {
      uuid: input.uuid,
      process_id: input.processId,
      study_time: Math.round(input.studyTime),
      answers: submitBody(input.answers),
      ref: input.ref,
    },
  });
  await refreshProgress();
  return result;
}
