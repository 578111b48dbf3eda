import { endpoints } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { campCalendarOf, campState, campSuggest, joinCamp } from './camps';
import { collectMission, footprints, listMissions, missionHints } from './missions';

export function registerMissionRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.missionHints, ({ deps, userId }) => missionHints(deps, userId));
  defineRoute(app, endpoints.missions, ({ deps, userId }) => listMissions(deps, userId));
  defineRoute(app, endpoints.collectMission, ({ deps, userId, params }) =>
    collectMission(deps, userId, params.id),
  );
  defineRoute(app, endpoints.footprints, ({ deps, userId, query }) =>
    footprints(deps, userId, query.level),
  );

  const kinds = [
    [
      'freelearn',
      endpoints.campFreeLearn,
      endpoints.campFreeLearnCalendar,
      endpoints.campFreeLearnSuggest,
    ],
    [
      'freeread',
      endpoints.campFreeRead,
      endpoints.campFreeReadCalendar,
      endpoints.campFreeReadSuggest,
    ],
    [
      'freelearn2',
      endpoints.campFreeLearn2,
      endpoints.campFreeLearn2Calendar,
      endpoints.campFreeLearn2Suggest,
    ],
    [
      'training',
      endpoints.campTraining,
      endpoints.campTrainingCalendar,
      endpoints.campTrainingSuggest,
    ],
  ] as const;
  for (const [kind, state, calendar, suggest] of kinds) {
    defineRoute(app, state, ({ deps, userId }) => campState(deps, kind, userId));
    defineRoute(app, calendar, ({ deps, userId, query }) =>
      campCalendarOf(deps, kind, userId, query.month),
    );
    defineRoute(app, suggest, ({ deps, userId, query }) => campSuggest(deps, kind, userId, query));
  }
  const joins = [
    ['freelearn', endpoints.campFreeLearnJoin],
    ['freeread', endpoints.campFreeReadJoin],
  ] as const;
  for (const [kind, join] of joins) {
    defineRoute(app, join, ({ deps, userId, body }) => joinCamp(deps, kind, userId, body.level));
  }
  const levels = [
    ['freelearn2', endpoints.campFreeLearn2Level],
    ['training', endpoints.campTrainingLevel],
  ] as const;
  for (const [kind, level] of levels) {
    defineRoute(app, level, ({ deps, userId, body }) => joinCamp(deps, kind, userId, body.level));
  }
}
