import type { z } from 'zod';
import { ZConfigs, ZPromotion, ZPromotionQuery, ZSmsAreas } from './configs';
import { ZPingbackRequest, ZPingbackResponse, ZServerInfo, ZUuid } from './system';
import { ZGuestLoginRequest, ZLoginResult, ZUserInfo, ZUserInfoQuery } from './user';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call an endpoint: anyone, anyone (user resolved when a token is sent), or a logged-in user. */
export type AuthMode = 'none' | 'optional' | 'user';

export interface EndpointDef {
  method: HttpMethod;
  /** Fastify-style path; `:name` segments are path parameters. */
  path: string;
  auth: AuthMode;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of `data` in the success envelope. */
  response: z.ZodType;
  /** Requests that may legitimately take longer than the client's default timeout. */
  noTimeout?: boolean;
}

/**
 * The endpoint table shared by the server (routing, validation, OpenAPI) and the web client
 * (typed calls). Later features add their own entries here.
 */
export const endpoints = {
  serverInfo: {
    method: 'GET',
    path: '/api/serverinfo',
    auth: 'none',
    summary: 'Server time (data.t, Unix seconds)',
    tags: ['system'],
    response: ZServerInfo,
  },
  uuid: {
    method: 'GET',
    path: '/api/v1/uuid',
    auth: 'none',
    summary: 'A fresh random v4 uuid',
    tags: ['system'],
    response: ZUuid,
  },
  pingback: {
    method: 'POST',
    path: '/api/v1/pingback',
    auth: 'optional',
    summary: 'Tracking events (pv, update, timeout_error, offline_error, loading_error ...)',
    tags: ['system'],
    body: ZPingbackRequest,
    response: ZPingbackResponse,
  },
  configs: {
    method: 'GET',
    path: '/api/v1/configs',
    auth: 'none',
    summary: 'Product configuration: levels, regions, categories, avatars, music, gray options',
    tags: ['configs'],
    response: ZConfigs,
  },
  promotion: {
    method: 'GET',
    path: '/api/v1/configs/promotion',
    auth: 'optional',
    summary: 'Promotions active for this web version, edition and device',
    tags: ['configs'],
    query: ZPromotionQuery,
    response: ZPromotion,
  },
  smsAreas: {
    method: 'GET',
    path: '/api/v1/configs/sms_areas',
    auth: 'none',
    summary: 'Country calling codes for phone login (default CN 86)',
    tags: ['configs'],
    response: ZSmsAreas,
  },
  guestLogin: {
    method: 'POST',
    path: '/api/v1/guest_login',
    auth: 'none',
    summary: 'Create or resume the guest account of a device',
    tags: ['auth'],
    body: ZGuestLoginRequest,
    response: ZLoginResult,
  },
  userInfo: {
    method: 'GET',
    path: '/api/v1/user',
    auth: 'user',
    summary: 'The logged-in user (type 20, or 21 for the special variant)',
    tags: ['user'],
    query: ZUserInfoQuery,
    response: ZUserInfo,
  },
} as const satisfies Record<string, EndpointDef>;

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
