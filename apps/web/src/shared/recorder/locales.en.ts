import type { Widen } from '../i18n/zh-CN';
import type { recorderZh } from './locales';

export const recorderEn: Widen<typeof recorderZh> = {
  permission: 'Recording permission not obtained',
  refused: 'Microphone access was refused; allow it in the settings',
  unsupported: 'This device does not support recording',
  notFound: 'No microphone found',
  cannotOpen: 'Cannot open the microphone; another app may be using it',
  failed: 'Recording had a small problem, please record again #{{code}}',
  tooShort: 'The recording is too short',
  offline: 'No network. Check the connection and record again',
};
