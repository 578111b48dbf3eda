import type { Widen } from '../../shared/i18n/zh-CN';

/** Parents' area strings. */
export const parentsZh = {
  placeholder: '',
};
export const parentsEn: Widen<typeof parentsZh> = {
  placeholder: '',
};
