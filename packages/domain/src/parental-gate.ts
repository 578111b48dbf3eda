/** Spec §5/§9: two numbers out of 1–9, shown in Chinese numerals; pass after 300 ms, reset after 1 s. */
export const GATE_DIGITS = 2;
export const GATE_PASS_DELAY_MS = 300;
export const GATE_ERROR_RESET_MS = 1000;
export const DEFAULT_GATE_LOCK_DELAY_S = 60;

export const CHINESE_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九'] as const;

export const toChineseNumeral = (n: number): string => CHINESE_NUMERALS[n - 1] ?? '';

/** Two different numbers from 1–9 in the order to tap them. */
export function pickGateNumbers(random: () => number): [number, number] {
  const first = 1 + Math.floor(random() * 9);
  let second = 1 + Math.floor(random() * 8);
  if (second >= first) second += 1;
  return [first, second];
}

export type GateTapResult = 'continue' | 'pass' | 'wrong';

/** Judges the taps so far against the target sequence. */
export function judgeGateTaps(target: readonly number[], taps: readonly number[]): GateTapResult {
  for (let i = 0; i < taps.length; i++) if (taps[i] !== target[i]) return 'wrong';
  return taps.length >= target.length ? 'pass' : 'continue';
}

export interface GateContext {
  /** Strict iOS always asks. */
  isStrictIos: boolean;
  /** Gray option parentalGateDisabled. */
  isDisabled: boolean;
  /** When parental mode was last left (ms since epoch), 0 if never. */
  leftAt: number;
  /** parental_gate_lock_delay in seconds. */
  lockDelayS: number;
  now: number;
}

/**
 * Whether entering parental mode needs the gate: always on strict iOS; never when disabled by the
 * gray option; otherwise unless parental mode was left within the lock delay.
 */
export function isGateRequired(ctx: GateContext): boolean {
  if (ctx.isStrictIos) return true;
  if (ctx.isDisabled) return false;
  if (ctx.leftAt > 0 && ctx.now - ctx.leftAt <= ctx.lockDelayS * 1000) return false;
  return true;
}
