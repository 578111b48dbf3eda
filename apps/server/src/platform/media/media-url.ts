import type { AppDeps } from '../deps';

/**
 * The one place the study-plan and course answers turn content paths (/media/…) into URLs a
 * client may fetch: every /media string in `value` is signed (decision 024). The callers answer
 * only what the reader may open (course-access.ts); paths that are public anyway (covers, trial
 * books, the free week) ignore the signature.
 */
export function withMediaUrls<T>(value: T, deps: Pick<AppDeps, 'urlSigner'>): T {
  if (typeof value === 'string') {
    return (value.startsWith('/media/') ? deps.urlSigner.sign(value) : value) as T;
  }
  if (Array.isArray(value)) return value.map((v) => withMediaUrls(v, deps)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = withMediaUrls(v, deps);
    return out as T;
  }
  return value;
}
