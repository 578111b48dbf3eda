/** Small statistics helpers for calibration and evaluation (no dependencies). */

export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/** Pearson correlation coefficient; NaN when either side is constant or lengths differ. */
export function pearson(xs: readonly number[], ys: readonly number[]): number {
  if (xs.length !== ys.length || xs.length < 2) return Number.NaN;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    const dx = (xs[i] ?? 0) - mx;
    const dy = (ys[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : Number.NaN;
}

/** The q-quantile (0–1) of `xs` by linear interpolation. */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const pos = Math.min(1, Math.max(0, q)) * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? 0;
  return a + (b - a) * (pos - lo);
}

/** Solves the symmetric positive-definite system A x = b (Gaussian elimination, pivoting). */
export function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) {
      if (Math.abs(m[r]?.[col] ?? 0) > Math.abs(m[pivot]?.[col] ?? 0)) pivot = r;
    }
    const tmp = m[col];
    m[col] = m[pivot] ?? [];
    m[pivot] = tmp ?? [];
    const row = m[col] ?? [];
    const p = row[col] ?? 0;
    if (Math.abs(p) < 1e-12) throw new Error('Singular system');
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const other = m[r] ?? [];
      const f = (other[col] ?? 0) / p;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) other[c] = (other[c] ?? 0) - f * (row[c] ?? 0);
    }
  }
  return m.map((row, i) => (row[n] ?? 0) / (row[i] ?? 1));
}

/** A linear model on standardised features: y = intercept + Σ w_i (x_i − mean_i) / scale_i. */
export interface LinearModel {
  features: string[];
  mean: number[];
  scale: number[];
  weights: number[];
  intercept: number;
}

export function predictLinear(model: LinearModel, x: readonly number[]): number {
  let y = model.intercept;
  for (let i = 0; i < model.weights.length; i++) {
    y += ((model.weights[i] ?? 0) * ((x[i] ?? 0) - (model.mean[i] ?? 0))) / (model.scale[i] ?? 1);
  }
  return y;
}

/** Ridge regression (L2 penalty `lambda` per sample on standardised features). */
export function fitRidge(
  features: string[],
  xs: readonly (readonly number[])[],
  ys: readonly number[],
  lambda = 0.01,
  sampleWeights?: readonly number[],
): LinearModel {
  const d = features.length;
  const n = xs.length;
  const w = sampleWeights ?? xs.map(() => 1);
  const totalW = w.reduce((a, b) => a + b, 0);
  const mu = Array.from({ length: d }, (_, j) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += (w[i] ?? 0) * (xs[i]?.[j] ?? 0);
    return s / totalW;
  });
  const sd = Array.from({ length: d }, (_, j) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += (w[i] ?? 0) * ((xs[i]?.[j] ?? 0) - (mu[j] ?? 0)) ** 2;
    return Math.sqrt(s / totalW) || 1;
  });
  const yMean = ys.reduce((a, y, i) => a + (w[i] ?? 0) * y, 0) / totalW;
  const z = xs.map((x) => x.map((v, j) => (v - (mu[j] ?? 0)) / (sd[j] ?? 1)));
  const ata = Array.from({ length: d }, (_, r) =>
    Array.from({ length: d }, (_, c) => {
      let s = r === c ? lambda * totalW : 0;
      for (let i = 0; i < n; i++) s += (w[i] ?? 0) * (z[i]?.[r] ?? 0) * (z[i]?.[c] ?? 0);
      return s;
    }),
  );
  const atb = Array.from({ length: d }, (_, r) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += (w[i] ?? 0) * (z[i]?.[r] ?? 0) * ((ys[i] ?? 0) - yMean);
    return s;
  });
  const weights = d > 0 ? solve(ata, atb) : [];
  return { features, mean: mu, scale: sd, weights, intercept: yMean };
}

/** Logistic regression (probability of class 1) by Newton's method with an L2 penalty. */
export function fitLogistic(
  features: string[],
  xs: readonly (readonly number[])[],
  ys: readonly (0 | 1)[],
  lambda = 0.01,
): LinearModel {
  // Only the standardisation is used (a penalty keeps a constant feature from making the
  // ridge system singular; it does not change the means and scales).
  const base = fitRidge(features, xs, ys, 1);
  const d = features.length;
  const z = xs.map((x) => x.map((v, j) => (v - (base.mean[j] ?? 0)) / (base.scale[j] ?? 1)));
  let beta = new Array<number>(d + 1).fill(0);
  for (let iter = 0; iter < 50; iter++) {
    const grad = new Array<number>(d + 1).fill(0);
    const hess = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (let i = 0; i < z.length; i++) {
      const row = [...(z[i] ?? []), 1];
      let eta = 0;
      for (let j = 0; j <= d; j++) eta += (beta[j] ?? 0) * (row[j] ?? 0);
      const p = 1 / (1 + Math.exp(-eta));
      const r = (ys[i] ?? 0) - p;
      for (let j = 0; j <= d; j++) {
        grad[j] = (grad[j] ?? 0) + r * (row[j] ?? 0);
        const hj = hess[j] ?? [];
        for (let k = 0; k <= d; k++)
          hj[k] = (hj[k] ?? 0) + p * (1 - p) * (row[j] ?? 0) * (row[k] ?? 0);
      }
    }
    for (let j = 0; j < d; j++) {
      grad[j] = (grad[j] ?? 0) - lambda * z.length * (beta[j] ?? 0);
      const hj = hess[j] ?? [];
      hj[j] = (hj[j] ?? 0) + lambda * z.length;
    }
    const hLast = hess[d] ?? [];
    hLast[d] = (hLast[d] ?? 0) + 1e-9;
    const step = solve(hess, grad);
    beta = beta.map((b, j) => b + (step[j] ?? 0));
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return {
    features,
    mean: base.mean,
    scale: base.scale,
    weights: beta.slice(0, d),
    intercept: beta[d] ?? 0,
  };
}

export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** A seeded pseudo-random generator of numbers in [0, 1) (mulberry32): draws that repeat. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Assigns each group (speaker) to one of `k` folds, round-robin over the sorted group ids,
 * so that no group is split across folds. With a `seed`, the ids are shuffled first (another
 * draw of which speakers sit together; seed 0 is the sorted order).
 */
export function groupFolds(groups: readonly string[], k: number, seed = 0): number[] {
  const ids = [...new Set(groups)].sort();
  if (seed !== 0) {
    const random = seededRandom(seed);
    for (let i = ids.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [ids[i], ids[j]] = [ids[j] as string, ids[i] as string];
    }
  }
  const foldOf = new Map(ids.map((id, i) => [id, i % k]));
  return groups.map((g) => foldOf.get(g) ?? 0);
}
