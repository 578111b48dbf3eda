import type { z } from 'zod';
import type { RouteDef, RouteName } from './routes';

export interface EndpointDef extends RouteDef {
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A multipart/form-data request instead of JSON: its text fields and its one file part. */
  multipart?: { fields: z.ZodType; file: string };
  /** Schema of `data` in the success envelope. */
  response: z.ZodType;
}

/**
 * One area's entries of the endpoint table, keyed by route name; they live beside the area's
 * schemas and endpoints.ts assembles them (a file of its own so that no area imports endpoints.ts).
 */
export type AreaEndpoints = { readonly [N in RouteName]?: EndpointDef };
