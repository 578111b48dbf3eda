/**
 * Splits "a:b" at the first colon. Both halves must be non-empty; the second may itself contain
 * colons (tokens and sessions are opaque), the first (a user id) cannot.
 */
export function splitPair(value: string): [string, string] | undefined {
  const at = value.indexOf(':');
  if (at <= 0 || at === value.length - 1) return undefined;
  return [value.slice(0, at), value.slice(at + 1)];
}
