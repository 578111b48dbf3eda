// Small statistics of the benchmarks' figures.

/** The median of `xs` (the mean of the two middle values when their count is even). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
