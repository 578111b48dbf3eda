import type { TMission } from '@picbook/contracts';
import type { CampKind } from '@picbook/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/request/api';
import { queryClient } from '../../shared/request/query-client';
import { useStartup } from '../../shared/startup/startup-store';

export const missionKeys = {
  all: ['missions'] as const,
  list: () => ['missions', 'list'] as const,
  footprints: (level?: number) => ['missions', 'footprints', level ?? 0] as const,
  camp: (kind: CampKind) => ['missions', 'camp', kind] as const,
  calendar: (kind: CampKind, month: string) =>
    ['missions', 'camp', kind, 'calendar', month] as const,
  suggest: (kind: CampKind) => ['missions', 'camp', kind, 'suggest'] as const,
};

export const useMissions = () =>
  useQuery({ queryKey: missionKeys.list(), queryFn: () => api('missions') });

export const useFootprints = (level?: number) =>
  useQuery({
    queryKey: missionKeys.footprints(level),
    queryFn: () => api('footprints', { query: level ? { level } : {} }),
  });

const refreshAfterReward = async () => {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: missionKeys.all }),
    useStartup
      .getState()
      .reloadUser()
      .catch(() => undefined),
  ]);
};

export interface CollectResult {
  coins: number;
  diamonds: number;
  collected: number;
}

/**
 * §4 bulk finish: every selected mission is posted (one collect call each), the rewards are
 * added up, and one growth-reward event answers them. A mission another device collected
 * meanwhile (10104) is skipped silently.
 */
export function useCollectMissions() {
  return useMutation({
    mutationFn: async (list: readonly TMission[]): Promise<CollectResult> => {
      const answers = await Promise.allSettled(
        list.map((m) => api('collectMission', { params: { id: m.id } }, { silent: true })),
      );
      const sum: CollectResult = { coins: 0, diamonds: 0, collected: 0 };
      for (const a of answers) {
        if (a.status !== 'fulfilled') continue;
        sum.coins += a.value.reward.coins;
        sum.diamonds += a.value.reward.diamonds;
        sum.collected += 1;
      }
      return sum;
    },
    onSettled: () => void refreshAfterReward(),
  });
}

/** The camp of a kind and this family's state in it. */
export const useCamp = (kind: CampKind) =>
  useQuery({ queryKey: missionKeys.camp(kind), queryFn: () => api(stateCall[kind]) });

const stateCall = {
  freelearn: 'campFreeLearn',
  freeread: 'campFreeRead',
  freelearn2: 'campFreeLearn2',
  training: 'campTraining',
} as const;
const calendarCall = {
  freelearn: 'campFreeLearnCalendar',
  freeread: 'campFreeReadCalendar',
  freelearn2: 'campFreeLearn2Calendar',
  training: 'campTrainingCalendar',
} as const;
const suggestCall = {
  freelearn: 'campFreeLearnSuggest',
  freeread: 'campFreeReadSuggest',
  freelearn2: 'campFreeLearn2Suggest',
  training: 'campTrainingSuggest',
} as const;

export const useCampCalendar = (kind: CampKind, month: string, enabled: boolean) =>
  useQuery({
    queryKey: missionKeys.calendar(kind, month),
    queryFn: () => api(calendarCall[kind], { query: { month } }),
    enabled,
  });

export const useCampSuggest = (kind: CampKind, enabled: boolean, activeType: number) =>
  useQuery({
    queryKey: missionKeys.suggest(kind),
    queryFn: () => api(suggestCall[kind], { query: { type: 1, active_type: activeType } }),
    enabled,
  });

/** Joins (freelearn, freeread) or chooses the level of (freelearn2, training) a camp. */
export function useJoinCamp(kind: CampKind) {
  return useMutation({
    mutationFn: (level: number | undefined) => {
      if (kind === 'freelearn') return api('campFreeLearnJoin', { body: { level } });
      if (kind === 'freeread') return api('campFreeReadJoin', { body: { level } });
      const body = { level: level ?? 1 };
      return kind === 'freelearn2'
        ? api('campFreeLearn2Level', { body })
        : api('campTrainingLevel', { body });
    },
    onSuccess: (state) => {
      queryClient.setQueryData(missionKeys.camp(kind), state);
      void queryClient.invalidateQueries({ queryKey: missionKeys.camp(kind) });
    },
  });
}

export const kobKey = ['missions', 'kob'] as const;

export const useKob = () => useQuery({ queryKey: kobKey, queryFn: () => api('kob') });

/** One challenge a day; the answer is today's result, then balances and the panel refresh. */
export function useKobChallenge() {
  return useMutation({
    mutationFn: (bookId: number) => api('kobChallenge', { body: { book_id: bookId } }),
    onSettled: () => void refreshAfterReward(),
  });
}
