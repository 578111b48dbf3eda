import { z } from 'zod';

/** Every API answer: `code` 0 is success, `msg` is fit to show a parent, `data` the payload. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const ZErrorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  /** Error details: request_id (500), field (10001), or what the client needs to continue (12000/12001). */
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;
