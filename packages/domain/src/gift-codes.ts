/**
 * Gift-card and redeem codes (learning-content §2, §3, §7; decision 051). A code is 15 random
 * characters and a check character from an alphabet without look-alikes (no 0 O 1 I L), shown
 * in groups of four: `K7QM-4XRT-9BWH-3NPD`. 15 × log2(31) ≈ 74 bits of entropy. The check
 * character catches every single wrong character and every swap of two characters, so a typo is
 * answered on the phone before it reaches the server (and never counts as a guess).
 */

/** 31 characters: digits 2–9 and the letters without I, L, O (a prime count, see checkValue). */
export const GIFT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const BASE = GIFT_CODE_ALPHABET.length;
/** Random characters in a code (the check character comes on top). */
export const GIFT_CODE_RANDOM_CHARS = 15;
export const GIFT_CODE_LENGTH = GIFT_CODE_RANDOM_CHARS + 1;
/** Bits of entropy of a code. */
export const GIFT_CODE_BITS = GIFT_CODE_RANDOM_CHARS * Math.log2(BASE);

/** Check character: weights 1…n on the values, the sum with the check character ≡ 0 (mod 31). */
function checkValue(values: readonly number[]): number {
  let sum = 0;
  values.forEach((v, i) => {
    sum += (i + 1) * v;
  });
  // (n + 1) · c ≡ −sum (mod 31); n + 1 ≤ 16 < 31, so its inverse exists.
  const weight = values.length + 1;
  const target = (((-sum % BASE) + BASE) % BASE) as number;
  for (let c = 0; c < BASE; c++) if ((weight * c) % BASE === target) return c;
  throw new Error('no check value');
}

export function giftCodeCheckChar(body: string): string {
  const values = [...body].map((ch) => GIFT_CODE_ALPHABET.indexOf(ch));
  if (values.some((v) => v < 0)) throw new Error('not a gift-code character');
  return GIFT_CODE_ALPHABET[checkValue(values)] as string;
}

/**
 * A new code from a source of random bytes (node:crypto randomBytes on the server). Bytes are
 * drawn by rejection (values ≥ 248 are skipped) so every character is equally likely.
 */
export function makeGiftCode(randomBytes: (n: number) => Uint8Array): string {
  let body = '';
  const limit = 256 - (256 % BASE);
  while (body.length < GIFT_CODE_RANDOM_CHARS) {
    for (const byte of randomBytes(GIFT_CODE_RANDOM_CHARS * 2)) {
      if (byte >= limit) continue;
      body += GIFT_CODE_ALPHABET[byte % BASE];
      if (body.length === GIFT_CODE_RANDOM_CHARS) break;
    }
  }
  return body + giftCodeCheckChar(body);
}

/** `K7QM4XRT9BWH3NPD` → `K7QM-4XRT-9BWH-3NPD`. */
export function formatGiftCode(code: string): string {
  return (code.match(/.{1,4}/g) ?? []).join('-');
}

export type GiftCodeProblem = 'empty' | 'length' | 'character' | 'check';

export type GiftCodeParse =
  | { ok: true; code: string }
  | { ok: false; problem: GiftCodeProblem; message: string; character?: string };

export const GIFT_CODE_MESSAGES: Record<GiftCodeProblem, string> = {
  empty: '请输入兑换码',
  length: `兑换码为${GIFT_CODE_LENGTH}位字母和数字，请核对`,
  character: '兑换码中没有这个字符，请核对',
  check: '兑换码有误，请核对后重新输入',
};

/**
 * What a family typed → the canonical code, or what is wrong with it. Spaces and dashes are
 * ignored and letters may be lower case. A look-alike that is not in the alphabet (0 O 1 I L)
 * is named, so the parent can look at the card again.
 */
export function parseGiftCode(input: string): GiftCodeParse {
  const code = input.replace(/[\s\-‐–—_]/g, '').toUpperCase();
  if (code.length === 0) return { ok: false, problem: 'empty', message: GIFT_CODE_MESSAGES.empty };
  const bad = [...code].find((ch) => !GIFT_CODE_ALPHABET.includes(ch));
  if (bad !== undefined) {
    return {
      ok: false,
      problem: 'character',
      message: `${GIFT_CODE_MESSAGES.character}（${bad}）`,
      character: bad,
    };
  }
  if (code.length !== GIFT_CODE_LENGTH) {
    return { ok: false, problem: 'length', message: GIFT_CODE_MESSAGES.length };
  }
  const body = code.slice(0, -1);
  if (giftCodeCheckChar(body) !== code.slice(-1)) {
    return { ok: false, problem: 'check', message: GIFT_CODE_MESSAGES.check };
  }
  return { ok: true, code };
}

/** The last four characters, which the family's card list and the operators' records show. */
export const giftCodeTail = (code: string): string => code.slice(-4);
