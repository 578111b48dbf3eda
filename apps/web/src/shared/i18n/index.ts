import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../platform/storage';
import { en } from './en';
import { zhCN } from './zh-CN';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const LANGUAGE_KEY = 'picbook_ui_language';

/** Chinese first; English when chosen (?lang=en, remembered) — never guessed from the browser. */
export function initialLanguage(
  search = typeof window === 'undefined' ? '' : window.location.search,
): Language {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (fromQuery && (LANGUAGES as readonly string[]).includes(fromQuery)) {
    storage.set(LANGUAGE_KEY, fromQuery);
    return fromQuery as Language;
  }
  const saved = storage.get(LANGUAGE_KEY);
  return saved === 'en' ? 'en' : 'zh-CN';
}

export function setLanguage(language: Language): void {
  storage.set(LANGUAGE_KEY, language);
  void i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export const i18n = i18next;

void i18next.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: initialLanguage(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  initAsync: false,
  // No advertising line in the browser console (or in every test file's output).
  showSupportNotice: false,
});
