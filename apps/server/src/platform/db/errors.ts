/** Whether a database error (possibly wrapped by Drizzle) carries this SQLSTATE. */
function hasSqlState(error: unknown, state: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === state) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether a database error (possibly wrapped by Drizzle) is a unique-constraint violation. */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505');

/** Whether it is a foreign-key violation (the row referred to is gone). */
export const isForeignKeyViolation = (error: unknown): boolean => hasSqlState(error, '23503');

/** Whether it is a check-constraint violation (e.g. a balance or stock that would go below 0). */
export const isCheckViolation = (error: unknown): boolean => hasSqlState(error, '23514');
