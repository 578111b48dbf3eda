import { isRecord } from './http';

export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  /** `base64url(header).base64url(payload)`, exactly as received: what the signature covers. */
  signingInput: string;
  signature: Buffer;
}

// Strict alphabet: Buffer's base64url decoder skips stray characters, which would let two
// different strings decode to the same bytes.
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Splits and decodes a compact JWS without trusting anything in it. */
export function decodeJwt(token: string): DecodedJwt | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  if (!header || !payload || ![header, payload, signature].every((p) => BASE64URL.test(p))) {
    return undefined;
  }
  const headerJson = parseJson(header);
  const payloadJson = parseJson(payload);
  if (!isRecord(headerJson) || !isRecord(payloadJson)) return undefined;
  return {
    header: headerJson,
    payload: payloadJson,
    signingInput: `${header}.${payload}`,
    signature: Buffer.from(signature, 'base64url'),
  };
}

function parseJson(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}
