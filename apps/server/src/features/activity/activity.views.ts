import { z } from 'zod';
import { defineOperatorView } from '../../platform/ops/operator-view';
import { unixSecondsOrNull as secs } from '../../platform/time';
import { createActivityQueries } from './activity.queries';

/** The activity data as the console lists it (decision 066); changes: activity.actions.ts. */
export const activityView = defineOperatorView({
  name: 'activity.records',
  summary: 'Activity data: slides, popups with their rules, entrances, by slot',
  roles: ['content', 'commerce'],
  input: z.object({ slot: z.string().max(40).optional() }),
  async read({ deps, input }) {
    const rows = await createActivityQueries(deps.db).listRecords(input.slot);
    return {
      result: rows.map((r) => ({
        id: r.id,
        slot: r.slot,
        position: r.position,
        payload: r.payload,
        starts_time: secs(r.startsAt),
        ends_time: secs(r.endsAt),
      })),
    };
  },
});
