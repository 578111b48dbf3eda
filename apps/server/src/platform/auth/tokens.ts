import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Well above the 128-bit floor of ARCHITECTURE.md. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash, so a database leak yields no usable sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
