import type { TStageDetail } from '@picbook/contracts';
import { type StageFlags, stageFlags } from '@picbook/domain';
import { useEffect, useMemo } from 'react';

/**
 * The last copy of each day seen on this device in this session (§4: "a course that went from 1
 * in the previous cached copy to 2 is flagged firstFinish").
 */
const seen = new Map<string, Pick<TStageDetail, 'major' | 'minor'>>();

const toStatuses = (s: Pick<TStageDetail, 'major' | 'minor'>) => ({
  major: s.major.courses.map((c) => ({ status: c.status })),
  minor: s.minor.courses.map((c) => ({ status: c.status })),
});

/** firstFinish / firstUnlock of a day against the copy seen before; the new copy is kept. */
export function useStageFlags(key: string, stage: TStageDetail | undefined): StageFlags | null {
  const flags = useMemo(() => {
    if (!stage) return null;
    const before = seen.get(key);
    return stageFlags(before ? toStatuses(before) : null, toStatuses(stage));
  }, [key, stage]);
  useEffect(() => {
    if (stage) seen.set(key, stage);
  }, [key, stage]);
  return flags;
}
