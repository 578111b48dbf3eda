import { z } from 'zod';

/** The largest id a database integer column holds; bigger numbers are refused as bad input. */
export const INT4_MAX = 2_147_483_647;

/** A row id in a path or a query string: text parsed to a number. */
export const ZRowIdParam = z.coerce.number().int().min(1).max(INT4_MAX);

/** A row id in a JSON body: a number, never coerced from text or booleans (decision 025). */
export const ZRowId = z.number().int().min(1).max(INT4_MAX);

/** 0 or 1 in a JSON body. */
export const ZFlag = z.number().int().min(0).max(1);
