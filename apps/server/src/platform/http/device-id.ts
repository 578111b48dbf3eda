import type { FastifyRequest } from 'fastify';

/**
 * The device uuid header the client sends with every request (spec §7), or '' when absent or
 * not a plausible id. It is the client's word: limits keyed on it are a courtesy to families
 * sharing an address, never the only bound.
 */
export function deviceIdOf(request: FastifyRequest): string {
  const header = request.headers.uuid;
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.:-]{8,128}$/.test(value) ? value : '';
}
