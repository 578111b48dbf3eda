import { afterEach, describe, expect, it, vi } from 'vitest';
import { installKeyboardStyle, isTextLike, KEYBOARD_CLASS } from './keyboard';

let uninstall: (() => void) | null = null;
afterEach(() => {
  uninstall?.();
  document.body.innerHTML = '';
});

function input(type: string): HTMLInputElement {
  const el = document.createElement('input');
  el.type = type;
  document.body.append(el);
  return el;
}

describe('§5 keyboard-visible style', () => {
  it.each([
    ['text', true],
    ['password', true],
    ['search', true],
    ['tel', true],
    ['number', true],
    ['email', true],
    ['url', true],
    ['checkbox', false],
    ['radio', false],
  ])('input type %s → %s', (type, expected) => expect(isTextLike(input(type))).toBe(expected));

  it('is on while a text input has focus; iOS scrolls to the top after the blur', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    uninstall = installKeyboardStyle({ isIos: true });
    const field = document.createElement('textarea');
    document.body.append(field);
    field.focus();
    expect(document.documentElement.classList.contains(KEYBOARD_CLASS)).toBe(true);
    field.blur();
    expect(document.documentElement.classList.contains(KEYBOARD_CLASS)).toBe(false);
    expect(scroll).toHaveBeenCalledWith(0, 0);
    scroll.mockRestore();
  });
});
