/**
 * The display font stack of tokens.css (`--font-display`) for pictures drawn on a canvas
 * (posters), where CSS variables do not reach. Keep the two the same.
 */
export const DISPLAY_FONT_STACK =
  '"Fredoka", "PingFang SC", "Noto Sans CJK SC", "WenQuanYi Micro Hei", "Microsoft YaHei", sans-serif';
