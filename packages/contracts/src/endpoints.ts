import type { z } from 'zod';
import { ZConfigs, ZPromotion, ZPromotionQuery, ZSmsAreas } from './configs';
import { type RouteDef, type RouteName, routes } from './routes';
import { ZPingbackRequest, ZPingbackResponse, ZServerInfo, ZUuid } from './system';
import { ZGuestLoginRequest, ZLoginResult, ZUserInfo, ZUserInfoQuery } from './user';

export interface EndpointDef extends RouteDef {
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of `data` in the success envelope. */
  response: z.ZodType;
}

/**
 * The endpoint table shared by the server (routing, validation, OpenAPI) and the web client
 * (typed calls). Later features add their own entries here.
 */
export const endpoints = {
  serverInfo: {
    ...routes.serverInfo,
    summary: 'Server time (data.t, Unix seconds)',
    tags: ['system'],
    response: ZServerInfo,
  },
  uuid: {
    ...routes.uuid,
    summary: 'A fresh random v4 uuid',
    tags: ['system'],
    response: ZUuid,
  },
  pingback: {
    ...routes.pingback,
    summary: 'Tracking events (pv, update, timeout_error, offline_error, loading_error ...)',
    tags: ['system'],
    body: ZPingbackRequest,
    response: ZPingbackResponse,
  },
  configs: {
    ...routes.configs,
    summary: 'Product configuration: levels, regions, categories, avatars, music, gray options',
    tags: ['configs'],
    response: ZConfigs,
  },
  promotion: {
    ...routes.promotion,
    summary: 'Promotions active for this web version, edition and device',
    tags: ['configs'],
    query: ZPromotionQuery,
    response: ZPromotion,
  },
  smsAreas: {
    ...routes.smsAreas,
    summary: 'Country calling codes for phone login (default CN 86)',
    tags: ['configs'],
    response: ZSmsAreas,
  },
  guestLogin: {
    ...routes.guestLogin,
    summary: 'Create or resume the guest account of a device',
    tags: ['auth'],
    body: ZGuestLoginRequest,
    response: ZLoginResult,
  },
  userInfo: {
    ...routes.userInfo,
    summary: 'The logged-in user (type 20, or 21 for the special variant)',
    tags: ['user'],
    query: ZUserInfoQuery,
    response: ZUserInfo,
  },
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
