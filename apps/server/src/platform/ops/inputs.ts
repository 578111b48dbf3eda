import { z } from 'zod';

/** A signed, non-zero correction of at most `max` either way (stock, points): the inputs' one rule. */
export const nonZeroDelta = (max: number) =>
  z
    .number()
    .int()
    .min(-max)
    .max(max)
    .refine((n) => n !== 0, '不能为0');
