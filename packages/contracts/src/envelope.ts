import { z } from 'zod';

/** Every API answer: `code` 0 is success, `msg` is fit to show a parent, `data` the payload. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const ZErrorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.object({ request_id: z.string().optional(), field: z.string().optional() }).nullable(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;
