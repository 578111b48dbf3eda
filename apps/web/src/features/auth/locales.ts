import type { Widen } from '../../shared/i18n/zh-CN';

/** Login strings. */
export const authZh = {
  placeholder: '',
};
export const authEn: Widen<typeof authZh> = {
  placeholder: '',
};
