import { createHmac, timingSafeEqual } from 'node:crypto';
import { SHARE_TOKEN_PATTERN } from '@picbook/contracts';

/**
 * The token of a work's share address (/s/{token}, decision 092): the work's id and a 128-bit
 * HMAC over it, under a key of its own derived from the server's signing secret (MEDIA_URL_KEY).
 * Nothing is stored: the token of a work is always the same string, so a poster printed today
 * still opens tomorrow; it cannot be guessed or enumerated (another id needs another signature,
 * checked before the database is asked, so a forged token learns nothing about which works
 * exist). Work ids are never reused (identity column), so a deleted work's token names nothing.
 * Rotating MEDIA_URL_KEY invalidates every share address (families make new posters).
 */
const ID_BYTES = 4;
const MAC_BYTES = 16;
const MAX_ID = 2_147_483_647;

export interface ShareTokens {
  tokenOf(workId: number): string;
  /** The work id of a genuine token; null for anything else (malformed, altered, forged). */
  verify(token: string): number | null;
}

export function createShareTokens(serverKey: string): ShareTokens {
  const key = createHmac('sha256', serverKey).update('picbook work share v1').digest();
  const mac = (id: Buffer) => createHmac('sha256', key).update(id).digest().subarray(0, MAC_BYTES);
  const idBytes = (workId: number) => {
    const id = Buffer.alloc(ID_BYTES);
    id.writeUInt32BE(workId);
    return id;
  };

  return {
    tokenOf(workId) {
      if (!Number.isInteger(workId) || workId < 1 || workId > MAX_ID) {
        throw new Error(`bad work id ${workId}`);
      }
      const id = idBytes(workId);
      return Buffer.concat([id, mac(id)]).toString('base64url');
    },
    verify(token) {
      if (typeof token !== 'string' || !SHARE_TOKEN_PATTERN.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      // Only the one spelling we issue: base64url has spare bits in its last character.
      if (bytes.length !== ID_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) {
        return null;
      }
      const id = bytes.subarray(0, ID_BYTES);
      if (!timingSafeEqual(bytes.subarray(ID_BYTES), mac(id))) return null;
      const workId = id.readUInt32BE(0);
      return workId >= 1 && workId <= MAX_ID ? workId : null;
    },
  };
}

/** The share address of a work, without the origin. */
export const sharePathOf = (token: string): string => `/s/${token}`;
