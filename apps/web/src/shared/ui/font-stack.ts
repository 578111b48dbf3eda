/**
 * tokens.css's display font stack (`--font-display`) for text drawn on a canvas (posters), where
 * CSS variables do not reach: read from the page's own styles, so the stack is written once.
 */
export function displayFontStack(): string {
  const stack = getComputedStyle(document.documentElement).getPropertyValue('--font-display');
  return stack.replace(/\s+/g, ' ').trim() || 'sans-serif';
}
