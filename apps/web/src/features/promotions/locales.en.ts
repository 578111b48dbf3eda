import type { Widen } from '../../shared/i18n/zh-CN';
import type { promotionsZh } from './locales';

export const promotionsEn: Widen<typeof promotionsZh> = {
  heroTag: 'Lifetime membership',
  status: {
    none: 'Not upgraded yet',
    first: 'Upgraded to lifetime membership',
    exchange: 'Lucky-draw exchange done',
  },
  gives: 'You get: {{title}}',
  window: 'Runs {{from}} to {{to}}',
  phoneLabel: 'Phone',
  phonePlaceholder: 'Phone number',
  pinPlaceholder: 'Verification code',
  submit: 'Verify and claim',
  done: 'Claimed',
  doneHint: 'Your membership is active: every book in the library is open',
  invalidSmsPIN: 'The verification code has expired, please verify again',
  errorSmsPIN: 'The verification code is wrong, please verify again',
  unavailable: 'This promotion does not exist or has ended',
  link: {
    used: 'This promotion link has been used',
    expired: 'This promotion link has expired',
    unknown: 'This promotion link is not valid',
  },
  toLibrary: 'Read books',
  invite: {
    title: 'Invite friends, get membership',
    hint: 'When a friend signs up with your code you get a {{reward}} gift card',
    counts: '{{invited}} friends invited, {{rewarded}} cards earned',
  },
};
