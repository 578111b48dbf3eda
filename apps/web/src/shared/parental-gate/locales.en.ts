import type { Widen } from '../i18n/zh-CN';
import type { gateZh } from './locales';

export const gateEn: Widen<typeof gateZh> = {
  title: 'Grown-ups only',
  instruction: 'Tap in this order:',
  numbers: '<0>{{first}}</0>, <1>{{second}}</1>',
  hint: 'Parents only — please ask a grown-up',
  keypad: 'Number pad',
  digit: 'Number {{digit}}',
  progress: '{{count}} of {{total}} entered',
  wrong: 'Not quite — please try again',
  passed: 'Verified',
};
