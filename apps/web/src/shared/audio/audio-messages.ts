import { i18n } from '../i18n';
import { audioEn, audioZh } from './locales';

type AudioMessageKey = keyof typeof audioZh;

/**
 * Registers the `audio` namespace. Harmless when app/locales.ts registers it too (the bundle is
 * only added when absent, and adding it again would merge identical strings).
 */
export function registerAudioMessages(): void {
  const bundles = { 'zh-CN': audioZh, en: audioEn };
  for (const [language, messages] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(language, 'audio')) {
      i18n.addResourceBundle(language, 'audio', messages, true, true);
    }
  }
}

registerAudioMessages();

/** The message in the current language, read from the i18n bundle (zh-CN as the fallback). */
export function audioMessage(key: AudioMessageKey): string {
  const language = i18n.resolvedLanguage ?? i18n.language;
  const value: unknown = i18n.getResource(language, 'audio', key);
  return typeof value === 'string' ? value : audioZh[key];
}
