import { authEn, authZh } from '../features/auth/locales';
import { childEn, childZh } from '../features/child/locales';
import { gateEn, gateZh } from '../features/parents/gate/locales';
import { parentsEn, parentsZh } from '../features/parents/locales';
import { i18n } from '../shared/i18n';
import type { zhCN } from '../shared/i18n/zh-CN';

/**
 * Feature namespaces next to the shell's `translation`: each feature keeps its strings in its own
 * `locales.ts` (zh-CN first, English typed to the same shape).
 */
const namespaces = {
  auth: { 'zh-CN': authZh, en: authEn },
  child: { 'zh-CN': childZh, en: childEn },
  parents: { 'zh-CN': parentsZh, en: parentsEn },
  gate: { 'zh-CN': gateZh, en: gateEn },
} as const;

for (const [ns, byLanguage] of Object.entries(namespaces)) {
  for (const [language, messages] of Object.entries(byLanguage)) {
    i18n.addResourceBundle(language, ns, messages, true, true);
  }
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof zhCN;
      auth: typeof authZh;
      child: typeof childZh;
      parents: typeof parentsZh;
      gate: typeof gateZh;
    };
  }
}
