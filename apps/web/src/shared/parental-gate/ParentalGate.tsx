import {
  GATE_DIGITS,
  GATE_ERROR_RESET_MS,
  GATE_PASS_DELAY_MS,
  judgeGateTaps,
  pickGateNumbers,
  toChineseNumeral,
} from '@picbook/domain';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog';
import styles from './ParentalGate.module.css';

export interface ParentalGateProps {
  /** Called GATE_PASS_DELAY_MS after the right sequence was tapped. */
  onPass: () => void;
  /** The ✕ button or Escape. */
  onClose: () => void;
  /** Source of the target numbers (tests pass a fixed sequence). */
  random?: () => number;
}

type Phase = 'input' | 'wrong' | 'passed';

interface GateState {
  target: [number, number];
  taps: number[];
  phase: Phase;
}

const KEYS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
/** One progress dot per number to tap. */
const SLOTS = Array.from({ length: GATE_DIGITS }, (_, slot) => slot);

/**
 * Spec §5 parental gate: tap two numbers, shown in Chinese numerals, in order on a keypad of
 * Arabic digits. Wrong → friendly message, reset and a new pair after 1 s; right → tick, then
 * `onPass` after 300 ms. Taps while either delay runs are ignored.
 */
export function ParentalGate({ onPass, onClose, random = Math.random }: ParentalGateProps) {
  const { t } = useTranslation('gate');
  const [state, setState] = useState<GateState>(() => ({
    target: pickGateNumbers(random),
    taps: [],
    phase: 'input',
  }));
  const onPassRef = useRef(onPass);
  const randomRef = useRef(random);
  useEffect(() => {
    onPassRef.current = onPass;
    randomRef.current = random;
  });

  const { phase, target, taps } = state;
  useEffect(() => {
    if (phase === 'wrong') {
      const id = window.setTimeout(() => {
        setState({ target: pickGateNumbers(randomRef.current), taps: [], phase: 'input' });
      }, GATE_ERROR_RESET_MS);
      return () => window.clearTimeout(id);
    }
    if (phase === 'passed') {
      const id = window.setTimeout(() => onPassRef.current(), GATE_PASS_DELAY_MS);
      return () => window.clearTimeout(id);
    }
    return undefined;
  }, [phase]);

  const tap = (digit: number) => {
    setState((current) => {
      if (current.phase !== 'input') return current;
      const nextTaps = [...current.taps, digit];
      const result = judgeGateTaps(current.target, nextTaps);
      const nextPhase: Phase =
        result === 'wrong' ? 'wrong' : result === 'pass' ? 'passed' : 'input';
      return { ...current, taps: nextTaps, phase: nextPhase };
    });
  };

  const [first, second] = target;
  const message = phase === 'wrong' ? t('wrong') : phase === 'passed' ? t('passed') : '';

  return (
    <Dialog title={t('title')} onClose={onClose} testId="parental-gate">
      <div className={styles.gate} data-phase={phase}>
        <div className={styles.side}>
          <p className={styles.instruction} data-testid="parental-gate-instruction">
            <span>{t('instruction')}</span>
            <span className={styles.numbers}>
              <Trans
                t={t}
                i18nKey="numbers"
                values={{ first: toChineseNumeral(first), second: toChineseNumeral(second) }}
                components={[
                  <strong key="a" className={styles.numeral} />,
                  <strong key="b" className={styles.numeral} />,
                ]}
              />
            </span>
          </p>
          <div
            className={styles.dots}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={GATE_DIGITS}
            aria-valuenow={taps.length}
            aria-valuetext={t('progress', { count: taps.length, total: GATE_DIGITS })}
          >
            {SLOTS.map((slot) => (
              <span
                key={slot}
                className={`${styles.dot} ${slot < taps.length ? styles.filled : ''}`}
              />
            ))}
          </div>
          <div className={styles.slot}>
            {phase === 'input' && <p className={styles.hint}>{t('hint')}</p>}
            <p
              className={`${styles.message} ${phase === 'passed' ? styles.success : ''}`}
              role="status"
            >
              {message}
            </p>
          </div>
        </div>
        <div className={styles.keypadWrap}>
          <fieldset className={styles.fieldset}>
            <legend className="visually-hidden">{t('keypad')}</legend>
            <div className={styles.keypad}>
              {KEYS.map((digit) => (
                <button
                  key={digit}
                  type="button"
                  className={styles.key}
                  aria-label={t('digit', { digit })}
                  aria-disabled={phase !== 'input' || undefined}
                  onClick={() => tap(digit)}
                >
                  {digit}
                </button>
              ))}
            </div>
          </fieldset>
          {phase === 'passed' && (
            <div className={styles.tick} data-testid="parental-gate-tick">
              <svg viewBox="0 0 64 64" className={styles.tickIcon} aria-hidden="true">
                <circle cx="32" cy="32" r="30" className={styles.tickCircle} />
                <path d="M19 33.5l9 9 17-19" className={styles.tickPath} />
              </svg>
            </div>
          )}
        </div>
      </div>
    </Dialog>
  );
}
