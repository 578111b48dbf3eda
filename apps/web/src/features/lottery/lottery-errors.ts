import { isRequestError } from '../../shared/request/request-error';
import { toast } from '../../shared/toast/toast-store';

/** §8: lottery errors show the message followed by #code; 10400/10104 are news (info toast). */
export function showLotteryError(error: unknown, fallback: string): void {
  if (!isRequestError(error)) {
    toast.error(fallback);
    return;
  }
  const text = `${error.message} #${error.code}`;
  if (error.code === 10400 || error.code === 10104) toast.info(text);
  else toast.error(text);
}
