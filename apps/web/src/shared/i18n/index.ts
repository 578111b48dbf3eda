import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../platform/storage';
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

type Bundles = Record<string, object>;
/** Languages whose strings are a chunk of their own (English), loaded when first chosen. */
const loaders = new Map<string, () => Promise<Bundles>>();
const loaded = new Map<string, Promise<void>>();

export function registerLanguage(language: Language, load: () => Promise<Bundles>): void {
  loaders.set(language, load);
}

/** Resolves once every namespace of `language` is registered (at once for Chinese). */
export function ensureLanguage(language: string): Promise<void> {
  const load = loaders.get(language);
  if (!load) return Promise.resolve();
  let done = loaded.get(language);
  if (!done) {
    done = load().then((bundles) => {
      for (const [ns, messages] of Object.entries(bundles))
        i18next.addResourceBundle(language, ns, messages, true, true);
    });
    // A failed download (offline) may be tried again on the next choice.
    done.catch(() => loaded.delete(language));
    loaded.set(language, done);
  }
  return done;
}

/**
 * Chinese namespaces that are chunks of their own (decision 106): each area's strings load with
 * the routes and lazy screens that show them, not with the shell. `load` resolves to the
 * namespace's zh-CN messages.
 */
const namespaceLoaders = new Map<string, () => Promise<object>>();
const namespacesLoaded = new Map<string, Promise<void>>();

export function registerNamespace(ns: string, load: () => Promise<object>): void {
  namespaceLoaders.set(ns, load);
}

/**
 * Resolves once the Chinese strings of every namespace in `namespaces` are registered (at once
 * for the shell's own, registered at start). Chinese is the fallback of every language, so it is
 * loaded whichever language is shown; English comes whole with its own chunk (ensureLanguage).
 */
export function ensureNamespaces(namespaces: readonly string[] = []): Promise<void> {
  const pending: Promise<void>[] = [];
  for (const ns of namespaces) {
    if (i18next.hasResourceBundle('zh-CN', ns)) continue;
    const load = namespaceLoaders.get(ns);
    if (!load) continue;
    let done = namespacesLoaded.get(ns);
    if (!done) {
      done = load().then((messages) => {
        i18next.addResourceBundle('zh-CN', ns, messages, true, true);
      });
      // A failed download (offline) is tried again by the next screen that needs it.
      done.catch(() => namespacesLoaded.delete(ns));
      namespacesLoaded.set(ns, done);
    }
    pending.push(done);
  }
  return pending.length === 0 ? Promise.resolve() : Promise.all(pending).then(() => undefined);
}

/**
 * A lazy screen's module together with the strings it shows: both are fetched at once and the
 * module is handed over only when its namespaces are in, so its first paint shows no raw keys.
 */
export function withNamespaces<T>(namespaces: readonly string[], loading: Promise<T>): Promise<T> {
  return Promise.all([loading, ensureNamespaces(namespaces)]).then(([module]) => module);
}

export async function setLanguage(language: Language): Promise<void> {
  storage.set(LANGUAGE_KEY, language);
  await ensureLanguage(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export const i18n = i18next;

void i18next.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN } },
  partialBundledLanguages: true,
  lng: initialLanguage(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  initAsync: false,
  // No advertising line in the browser console (or in every test file's output).
  showSupportNotice: false,
});

/**
 * i18next canonicalises the language code (`Intl.getCanonicalLocales`) two or three times on
 * every `t()` call, since 'zh-CN' has a region; on the emulated phone that was about half of the
 * reader's render time, which repeats with every narration tick (decision 081). A code's
 * canonical form never changes, so each is worked out once.
 */
export function rememberLanguageCodes(instance: typeof i18next): void {
  const utils = instance.services.languageUtils as { formatLanguageCode(code: unknown): unknown };
  const format = utils.formatLanguageCode.bind(utils);
  const known = new Map<string, unknown>();
  utils.formatLanguageCode = (code: unknown) => {
    if (typeof code !== 'string') return format(code);
    if (!known.has(code)) known.set(code, format(code));
    return known.get(code);
  };
}

rememberLanguageCodes(i18next);
