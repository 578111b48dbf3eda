import type { Widen } from '../../shared/i18n/zh-CN';

/** Child profile strings (spec §2 child-info step, §5 messages). Filled in by the child feature. */
export const childZh = {
  placeholder: '',
};
export const childEn: Widen<typeof childZh> = {
  placeholder: '',
};
