import { createHmac } from 'node:crypto';

/**
 * Alibaba Cloud RPC signature, version 1.0 (HMAC-SHA1).
 * The server recomputes this over the parameters it received, so every byte of the encoding
 * has to match theirs: RFC 3986 with only A-Z a-z 0-9 - _ . ~ left unencoded.
 */

/**
 * RFC 3986 percent-encoding. encodeURIComponent already gives %20 for space, %2B for + and
 * leaves ~ alone (the +→%20 and %7E→~ fix-ups in Alibaba's docs exist for Java's
 * URLEncoder); what it leaves unencoded that RFC 3986 reserves is !'()*.
 */
export function percentEncode(s: string): string {
  return encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Parameters sorted by name (code-unit order, as the server sorts), encoded, joined with &. */
export function canonicalQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? '')}`)
    .join('&');
}

/** The query is encoded a second time, so its own = and & become %3D and %26. */
export function stringToSign(method: string, params: Readonly<Record<string, string>>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

/** Base64 HMAC-SHA1. The spec's key is the secret followed by &, not the bare secret. */
export function sign(secret: string, toSign: string): string {
  return createHmac('sha1', `${secret}&`).update(toSign, 'utf8').digest('base64');
}
