/**
 * The one place the API turns a content path (/media/books/1101/p1-1280.ae975a35.webp) into the
 * URL a client may fetch. Every media URL the study-plan and course answers carry goes through
 * here, so switching to short-lived signed URLs is a change of this module only.
 */
export function mediaUrl(path: string): string {
  return path;
}

/** A copy of `value` with every string that is a /media path answered through {@link mediaUrl}. */
export function withMediaUrls<T>(value: T): T {
  if (typeof value === 'string')
    return (value.startsWith('/media/') ? mediaUrl(value) : value) as T;
  if (Array.isArray(value)) return value.map((v) => withMediaUrls(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = withMediaUrls(v);
    return out as T;
  }
  return value;
}
