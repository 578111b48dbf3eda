import './keyboard.css';

/**
 * §5 keyboard: text-like inputs (text, password, search, tel, number, email, url, textarea) set a
 * keyboard-visible style on <html> while focused; on iOS the page scrolls back to the top after
 * the blur (the keyboard leaves the page shifted).
 */
export const KEYBOARD_CLASS = 'keyboard-visible';
const TEXT_TYPES = new Set(['text', 'password', 'search', 'tel', 'number', 'email', 'url']);

export function isTextLike(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && TEXT_TYPES.has(target.type || 'text');
}

export function installKeyboardStyle(options: { isIos: boolean }): () => void {
  const root = document.documentElement;
  const onFocus = (e: FocusEvent) => {
    if (isTextLike(e.target)) root.classList.add(KEYBOARD_CLASS);
  };
  const onBlur = (e: FocusEvent) => {
    if (!isTextLike(e.target)) return;
    root.classList.remove(KEYBOARD_CLASS);
    if (options.isIos) window.scrollTo(0, 0);
  };
  document.addEventListener('focusin', onFocus);
  document.addEventListener('focusout', onBlur);
  return () => {
    document.removeEventListener('focusin', onFocus);
    document.removeEventListener('focusout', onBlur);
    root.classList.remove(KEYBOARD_CLASS);
  };
}
