import type { Widen } from '../i18n/zh-CN';

/** Audio error messages (spec §8 of both areas: 'audio playback failed', 'audio missing'). */
export const audioZh = {
  failed: '音频播放失败',
  missing: '音频缺失',
};

export const audioEn: Widen<typeof audioZh> = {
  failed: 'Audio playback failed',
  missing: 'Audio missing',
};
