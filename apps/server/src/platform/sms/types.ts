/** What a verification code is for; a code only verifies the action it was sent for. */
import type { SmsAction } from '@picbook/contracts';

export { SMS_ACTIONS, type SmsAction } from '@picbook/contracts';

export interface SmsMessage {
  /** Country calling code without +, e.g. "86". */
  nationCode: string;
  /** National number, digits only. */
  mobile: string;
  /** The 4-digit verification code. */
  pin: string;
  action: SmsAction;
}

export class SmsSendError extends Error {
  constructor(
    message: string,
    /** Provider's error code, when it gave one. */
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}
