import type { TExchange, TOrderResult } from '@picbook/contracts';
import { EXCHANGE_RETRY_DELAYS_MS, exchangeVerdict, POINTS_TOAST_MS } from '@picbook/domain';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uuidV4 } from '../../shared/platform/uuid';
import { isRequestError } from '../../shared/request/request-error';
import { toast } from '../../shared/toast/toast-store';
import { exchangeOnce, refreshPoints } from './points-queries';

/** §4 goods exchange check states. */
export type ExchangeCheckState = 'idle' | 'pending' | 'success' | 'fail' | 'error';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The goods exchange check of §4: pending, then success on code 0; fail on 10019 and 10025
 * (error toast with the server's message, 2000 ms); a failed call is retried at 1, 3 and 5 s with
 * the same request id (the server answers the same order, so a retry never exchanges twice) and
 * ends in error.
 */
export function useExchangeCheck() {
  const { t } = useTranslation('points');
  const [state, setState] = useState<ExchangeCheckState>('idle');
  const [isRetrying, setRetrying] = useState(false);
  const [result, setResult] = useState<TOrderResult | null>(null);
  const running = useRef(false);

  const run = useCallback(
    async (body: Omit<TExchange, 'request_id'>): Promise<TOrderResult | null> => {
      if (running.current) return null;
      running.current = true;
      const requestId = uuidV4();
      setState('pending');
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            const answer = await exchangeOnce({ ...body, request_id: requestId });
            setResult(answer);
            setState('success');
            void refreshPoints();
            return answer;
          } catch (error) {
            const code = isRequestError(error) ? error.code : -1;
            const verdict = exchangeVerdict(code);
            const message = isRequestError(error) ? error.message : t('exchange.error');
            const delay = EXCHANGE_RETRY_DELAYS_MS[attempt];
            if (verdict === 'retry' && delay !== undefined) {
              setRetrying(true);
              await sleep(delay);
              continue;
            }
            toast.error(verdict === 'retry' ? t('exchange.error') : message, POINTS_TOAST_MS);
            setState(verdict === 'fail' ? 'fail' : 'error');
            void refreshPoints();
            return null;
          }
        }
      } finally {
        running.current = false;
        setRetrying(false);
      }
    },
    [t],
  );

  const reset = useCallback(() => {
    setState('idle');
    setResult(null);
  }, []);

  return { state, isRetrying, result, run, reset };
}
