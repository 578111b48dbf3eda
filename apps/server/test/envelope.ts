import { type EndpointDef, envelope, ZErrorEnvelope } from '@picbook/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';

/** Asserts a success envelope and returns `data` parsed through the endpoint's contract. */
export function expectOk<E extends EndpointDef>(
  res: LightMyRequestResponse,
  endpoint: E,
): z.infer<E['response']> {
  expect(res.statusCode, res.body).toBe(200);
  const body = envelope(endpoint.response).parse(res.json());
  expect(body.code).toBe(0);
  return body.data as z.infer<E['response']>;
}

/** Asserts an error envelope with the given HTTP status and code; returns it. */
export function expectError(res: LightMyRequestResponse, status: number, code: number) {
  expect(res.statusCode, res.body).toBe(status);
  const body = ZErrorEnvelope.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}
