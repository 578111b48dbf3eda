import { ErrorCode } from '@picbook/contracts/errors';
import { validatePhone } from '@picbook/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/request/api';
import { isRequestError } from '../../../shared/request/request-error';
import { toast } from '../../../shared/toast/toast-store';
import { validationText } from '../login-store';
import styles from './LoginForms.module.css';

/** Spec §9: SMS resend countdown 60 seconds. */
export const SMS_COUNTDOWN_S = 60;

type SmsButtonState = 'send' | 'sending' | 'countdown' | 'resend';

/** Seconds the server asks to wait before another code (its 429 answer), else 0. */
function waitOf(error: unknown): number {
  if (!isRequestError(error)) return 0;
  if (error.status !== 429 && error.code !== ErrorCode.TooManyRequests) return 0;
  const seconds = error.data?.retry_after;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : 0;
}

/** Why no code was sent: a bad number, a wait the server asked for (429), or its error. */
export type SmsRefusal =
  | { kind: 'invalid'; message: string }
  | { kind: 'wait'; seconds: number }
  | { kind: 'error'; message: string; code: number };

/** Send → sending → 60 s countdown → resend. Does nothing while counting or sending. */
export function SmsButton({
  abbr,
  nationCode,
  phone,
  action = 'login',
  isCodeDead = false,
  check,
  onRefused,
  onSent,
}: {
  abbr: string;
  nationCode: string;
  phone: string;
  action?: 'login' | 'cancel' | 'bind' | 'lifelong';
  /**
   * The server said the code can no longer be used (11101: too many wrong tries, expired): the
   * countdown stops and a new code can be asked for at once (the server allows it).
   */
  isCodeDead?: boolean;
  /** A further check of the number before anything is sent: the problem to say, or null. */
  check?: () => string | null;
  /**
   * Says every refusal on the page instead of a toast (the deletion page's inline error); a wait
   * is still counted down on the button.
   */
  onRefused?: (refusal: SmsRefusal) => void;
  /** A code is on its way. */
  onSent?: () => void;
}) {
  const { t } = useTranslation('auth');
  const [state, setState] = useState<SmsButtonState>('send');
  const [seconds, setSeconds] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );

  useEffect(() => {
    if (!isCodeDead) return;
    if (timer.current) clearInterval(timer.current);
    setSeconds(0);
    setState((current) => (current === 'sending' ? current : 'resend'));
  }, [isCodeDead]);

  const startCountdown = (from: number) => {
    setSeconds(from);
    setState('countdown');
    timer.current = setInterval(() => {
      setSeconds((s) => {
        if (s <= 1) {
          if (timer.current) clearInterval(timer.current);
          setState('resend');
          return 0;
        }
        return s - 1;
      });
    }, 1000);
  };

  const handleSend = async () => {
    if (state === 'sending' || seconds > 0) return;
    const problem = validatePhone(abbr, phone);
    const refused = problem ? validationText(problem) : (check?.() ?? null);
    if (refused) {
      if (onRefused) onRefused({ kind: 'invalid', message: refused });
      else toast.warning(refused);
      return;
    }
    setState('sending');
    try {
      const result = await api(
        'sms',
        { query: { mobile: phone, nation_code: nationCode, action } },
        { silent: true },
      );
      startCountdown(result.resend_after || SMS_COUNTDOWN_S);
      onSent?.();
    } catch (error) {
      if (timer.current) clearInterval(timer.current);
      // A code was sent a moment ago (429): not an error — count down the server's wait instead.
      const wait = waitOf(error);
      if (wait > 0) {
        startCountdown(wait);
        onRefused?.({ kind: 'wait', seconds: wait });
        return;
      }
      // Spec §4: a server error ends the pending state and stops the timer.
      if (isRequestError(error)) {
        if (onRefused) onRefused({ kind: 'error', message: error.message, code: error.code });
        else toast.error(error.message);
      }
      setSeconds(0);
      setState('send');
    }
  };

  const label =
    state === 'sending'
      ? t('sending')
      : state === 'countdown'
        ? t('countdown', { seconds })
        : state === 'resend'
          ? t('resend')
          : t('sendCode');
  return (
    <button
      type="button"
      className={styles.smsButton}
      onClick={handleSend}
      disabled={state === 'sending' || state === 'countdown'}
      data-testid="sms-button"
      data-state={state}
    >
      {label}
    </button>
  );
}
