/**
 * Compares dotted version strings as numbers ("1.10.0" > "1.9.3"); missing parts count as 0 and
 * non-numeric parts as 0. Returns -1, 0 or 1.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const pa = a.split('.').map(toPart);
  const pb = b.split('.').map(toPart);
  const length = Math.max(pa.length, pb.length);
  for (let i = 0; i < length; i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x > y ? 1 : -1;
  }
  return 0;
}

function toPart(part: string): number {
  const n = Number.parseInt(part, 10);
  return Number.isFinite(n) ? n : 0;
}
