import { randomBytes } from 'node:crypto';

/**
 * Object keys are chosen by the server, never by a client: lower-case segments, one extension
 * (`rec/3f2a…c9.wav`). Everything else is refused before it reaches a file system or a URL, so a
 * key can never climb out of its folder, carry a second extension or need escaping.
 */
const KEY_PATTERN = /^[a-z0-9/_-]+\.[a-z0-9]+$/;
export const MAX_KEY_LENGTH = 200;

/**
 * The content type of an object follows from its extension, so a stored file is always served
 * with the type the server chose when it checked the bytes (decision 020).
 */
const CONTENT_TYPES: Record<string, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  bin: 'application/octet-stream',
};

export function isValidKey(key: string): boolean {
  return (
    typeof key === 'string' &&
    key.length <= MAX_KEY_LENGTH &&
    KEY_PATTERN.test(key) &&
    !key.includes('..') &&
    !key.includes('//') &&
    !key.startsWith('/') &&
    !key.split('/').some((segment) => segment === '') &&
    extensionOf(key) in CONTENT_TYPES
  );
}

export class InvalidObjectKeyError extends Error {
  constructor(key: string) {
    super(`Invalid object key ${JSON.stringify(key.slice(0, MAX_KEY_LENGTH + 1))}`);
    this.name = 'InvalidObjectKeyError';
  }
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidObjectKeyError(key);
}

function extensionOf(key: string): string {
  return key.slice(key.lastIndexOf('.') + 1);
}

/** The served content type of a valid key; throws for keys the storage refuses. */
export function contentTypeForKey(key: string): string {
  assertValidKey(key);
  return CONTENT_TYPES[extensionOf(key)] as string;
}

/**
 * Checks a write before either adapter performs it: a valid key, and a content type that is the
 * one its extension stands for (a mismatch is a programming error, not user input).
 */
export function assertPutAllowed(key: string, contentType: string): void {
  const expected = contentTypeForKey(key);
  if (contentType !== expected) {
    throw new Error(`Content type ${contentType} does not match ${key} (expected ${expected})`);
  }
}

/**
 * A fresh unguessable key: `prefix/<32 hex>.<ext>` (128 random bits), never reused, which is
 * what lets /uploads cache forever and keeps recordings of children out of reach of guessing.
 */
export function newObjectKey(prefix: string, extension: string): string {
  const key = `${prefix}/${randomBytes(16).toString('hex')}.${extension}`;
  assertValidKey(key);
  return key;
}
