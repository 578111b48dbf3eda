import type { z } from 'zod';
import { activityEndpoints } from './activity';
import { addressesEndpoints } from './addresses';
import { authEndpoints } from './auth';
import { configsEndpoints } from './configs';
import type { EndpointDef } from './endpoint-def';
import { giftCardsEndpoints } from './gift-cards';
import { kobEndpoints } from './kob';
import { libraryEndpoints } from './library';
import { lotteryEndpoints } from './lottery';
import { missionsEndpoints } from './missions';
import { opsEndpoints } from './ops';
import { pointsEndpoints } from './points';
import { promotionsEndpoints } from './promotions';
import { pushEndpoints } from './push';
import { reportsEndpoints } from './reports';
import { rewardsEndpoints } from './rewards';
import type { RouteName } from './routes';
import { speechEndpoints } from './speech';
import { storeEndpoints } from './store';
import { studyPlanEndpoints } from './study-plan';
import { systemEndpoints } from './system';
import { userEndpoints } from './user';
import { wordsEndpoints } from './words';
import { worksEndpoints } from './works';

export type { AreaEndpoints, EndpointDef } from './endpoint-def';

/**
 * The areas' tables of endpoints, each beside its area's schemas (a new endpoint goes into its
 * area's table). endpoints.test.ts checks that every route has exactly one entry among them.
 */
export const endpointAreas = {
  system: systemEndpoints,
  configs: configsEndpoints,
  auth: authEndpoints,
  user: userEndpoints,
  library: libraryEndpoints,
  speech: speechEndpoints,
  rewards: rewardsEndpoints,
  works: worksEndpoints,
  points: pointsEndpoints,
  addresses: addressesEndpoints,
  lottery: lotteryEndpoints,
  'gift-cards': giftCardsEndpoints,
  promotions: promotionsEndpoints,
  store: storeEndpoints,
  ops: opsEndpoints,
  words: wordsEndpoints,
  'study-plan': studyPlanEndpoints,
  missions: missionsEndpoints,
  kob: kobEndpoints,
  activity: activityEndpoints,
  reports: reportsEndpoints,
  push: pushEndpoints,
} as const;

/**
 * The endpoint table shared by the server (routing, validation, OpenAPI) and the web client
 * (typed calls): the areas' tables in one list. A name two areas define would silently take the
 * later one here; endpoints.test.ts refuses that.
 */
export const endpoints = {
  ...systemEndpoints,
  ...configsEndpoints,
  ...authEndpoints,
  ...userEndpoints,
  ...libraryEndpoints,
  ...speechEndpoints,
  ...rewardsEndpoints,
  ...worksEndpoints,
  ...pointsEndpoints,
  ...addressesEndpoints,
  ...lotteryEndpoints,
  ...giftCardsEndpoints,
  ...promotionsEndpoints,
  ...storeEndpoints,
  ...opsEndpoints,
  ...wordsEndpoints,
  ...studyPlanEndpoints,
  ...missionsEndpoints,
  ...kobEndpoints,
  ...activityEndpoints,
  ...reportsEndpoints,
  ...pushEndpoints,
} as const satisfies Record<RouteName, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type InferOr<T, Fallback> = T extends z.ZodType ? z.infer<T> : Fallback;
type InputOr<T, Fallback> = T extends z.ZodType ? z.input<T> : Fallback;

/** What a caller sends (schema input types, before coercion/defaults). */
export type EndpointInput<E extends EndpointDef> = {
  params: InputOr<E['params'], undefined>;
  query: InputOr<E['query'], undefined>;
  body: InputOr<E['body'], undefined>;
};
/** What a handler receives (parsed). */
export type EndpointParsed<E extends EndpointDef> = {
  params: InferOr<E['params'], undefined>;
  query: InferOr<E['query'], undefined>;
  body: InferOr<E['body'], undefined>;
};
export type EndpointData<E extends EndpointDef> = z.infer<E['response']>;
