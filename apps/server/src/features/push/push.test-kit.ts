import type { PushChannel, PushMessage, PushTarget } from '../../platform/push/types';

/** A channel that records what it was asked to send (and can be told to fail). */
export function recordingChannel(
  answer: PushChannel['send'] = async () => ({ status: 'delivered' }),
) {
  const sent: Array<{ target: PushTarget; message: PushMessage }> = [];
  const channel: PushChannel = {
    name: 'test',
    vapidPublicKey: null,
    async send(target, message) {
      sent.push({ target, message });
      return answer(target, message);
    },
  };
  return { channel, sent };
}
