import { z } from 'zod';

/** A signed, non-zero correction of at most `max` either way (stock, points). */
export const nonZeroDelta = (max: number) =>
  z
    .number()
    .int()
    .min(-max)
    .max(max)
    .refine((n) => n !== 0, '不能为0');

/** A console list's page: 1-based, at most 100 rows (operator views, decision 066). */
export const ZPaging = z.object({
  page: z.number().int().min(1).max(10_000).default(1),
  page_size: z.number().int().min(1).max(100).default(50),
});

/** The rows a page skips. */
export const offsetOf = (p: { page: number; page_size: number }) => (p.page - 1) * p.page_size;
