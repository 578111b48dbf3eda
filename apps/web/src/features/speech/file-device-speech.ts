import type { TSpeechAnswer } from '@picbook/contracts';
import { routes } from '@picbook/contracts/routes';
import { waitForNetwork } from '../../shared/platform/network';
import { request } from '../../shared/request/request';
import { isNetworkFailure } from '../../shared/request/request-error';

/**
 * A recording scored on the device, given to the server's judge as one whole WAV under its own
 * session id (POST /api/v1/speech answers a repeated session with the same answer), when the
 * network is there: for the screens whose answers need the server's recording (a course's
 * speaking parts: the course is handed in with the server's audio_url and judged there). Waits
 * while offline and tries again when the network returns; for the page's life.
 */
export async function judgeOnServer(
  answer: TSpeechAnswer,
  wav: Blob,
  refText: string,
  post = postWholeWav,
): Promise<TSpeechAnswer> {
  for (;;) {
    await waitForNetwork();
    try {
      return await post(answer.session_id, wav, refText);
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      // Lost on the way: the next `online` event (or at once, if the browser says online).
      await (waitForNetwork() ?? new Promise((resolve) => setTimeout(resolve, 5_000)));
    }
  }
}

function postWholeWav(sessionId: string, wav: Blob, refText: string): Promise<TSpeechAnswer> {
  const form = new FormData();
  form.append('session_id', sessionId);
  form.append('seq', '0');
  form.append('is_ended', '1');
  form.append('ref_text', refText);
  form.append('audio_bin', wav, 'take.wav');
  return request<TSpeechAnswer>({
    method: routes.speech.method,
    path: routes.speech.path,
    body: form,
    silent: true,
  });
}
