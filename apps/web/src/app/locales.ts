import type { addressesZh } from '../features/addresses/locales';
import { authZh } from '../features/auth/locales';
import type { childZh } from '../features/child/locales';
import type { giftCardsZh } from '../features/gift-cards/locales';
import type { libraryZh } from '../features/library/locales';
import type { readerZh } from '../features/library/reader/locales';
import type { lotteryZh } from '../features/lottery/locales';
import type { missionsZh } from '../features/missions/locales';
import type { parentsZh } from '../features/parents/locales';
import type { pointsZh } from '../features/points/locales';
import type { practiceZh } from '../features/practice/locales';
import type { promotionsZh } from '../features/promotions/locales';
import type { reportsZh } from '../features/reports/locales';
import { shellZh } from '../features/shell/locales';
import type { speechZh } from '../features/speech/locales';
import type { storeZh } from '../features/store/locales';
import type { studyPlanZh } from '../features/study-plan/locales';
import type { wordsZh } from '../features/words/locales';
import type { worksZh } from '../features/works/locales';
import type { opsZh } from '../ops/locales';
import { audioZh } from '../shared/audio/locales';
import { ensureNamespaces, i18n, registerLanguage, registerNamespace } from '../shared/i18n';
import type { zhCN } from '../shared/i18n/zh-CN';
import type { gateZh } from '../shared/parental-gate/locales';
import type { recorderZh } from '../shared/recorder/locales';

/**
 * Feature namespaces next to the shell's `translation`: each feature keeps its strings in its own
 * `locales.ts` (zh-CN) and `locales.en.ts` (English, typed to the same shape). English is a chunk
 * of its own, loaded only when chosen (decision 072). Chinese: the namespaces the shell itself
 * shows (its popups and screens, the guest's login prompt, audio errors) are registered at start;
 * every other area's are chunks of their own, loaded with the routes and lazy screens that show
 * them (decision 106: app/route-locales.ts, `withNamespaces`; locale-graph.test.ts checks that
 * every screen asks for what it shows).
 */
export const shellNamespaces = { shell: shellZh, auth: authZh, audio: audioZh } as const;

for (const [ns, messages] of Object.entries(shellNamespaces)) {
  i18n.addResourceBundle('zh-CN', ns, messages, true, true);
}

/** The other areas' Chinese strings, each fetched when a screen that shows them is opened. */
export const lazyNamespaces = {
  addresses: () => import('../features/addresses/locales').then((m) => m.addressesZh),
  child: () => import('../features/child/locales').then((m) => m.childZh),
  parents: () => import('../features/parents/locales').then((m) => m.parentsZh),
  gate: () => import('../shared/parental-gate/locales').then((m) => m.gateZh),
  library: () => import('../features/library/locales').then((m) => m.libraryZh),
  reader: () => import('../features/library/reader/locales').then((m) => m.readerZh),
  recorder: () => import('../shared/recorder/locales').then((m) => m.recorderZh),
  speech: () => import('../features/speech/locales').then((m) => m.speechZh),
  practice: () => import('../features/practice/locales').then((m) => m.practiceZh),
  works: () => import('../features/works/locales').then((m) => m.worksZh),
  points: () => import('../features/points/locales').then((m) => m.pointsZh),
  lottery: () => import('../features/lottery/locales').then((m) => m.lotteryZh),
  studyPlan: () => import('../features/study-plan/locales').then((m) => m.studyPlanZh),
  store: () => import('../features/store/locales').then((m) => m.storeZh),
  giftCards: () => import('../features/gift-cards/locales').then((m) => m.giftCardsZh),
  promotions: () => import('../features/promotions/locales').then((m) => m.promotionsZh),
  missions: () => import('../features/missions/locales').then((m) => m.missionsZh),
  words: () => import('../features/words/locales').then((m) => m.wordsZh),
  reports: () => import('../features/reports/locales').then((m) => m.reportsZh),
} satisfies Record<string, () => Promise<object>>;

export type LazyNamespace = keyof typeof lazyNamespaces;

for (const [ns, load] of Object.entries(lazyNamespaces)) registerNamespace(ns, load);

/** Every namespace's Chinese strings at once (unit tests render any screen without its route). */
export const loadAllNamespaces = (): Promise<void> => ensureNamespaces(Object.keys(lazyNamespaces));

registerLanguage('en', () => import('./locales-en').then((m) => m.englishBundles));

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof zhCN;
      /** The operator console's strings: its own entry (ops.html) loads them, never this file. */
      ops: typeof opsZh;
      auth: typeof authZh;
      child: typeof childZh;
      parents: typeof parentsZh;
      gate: typeof gateZh;
      library: typeof libraryZh;
      reader: typeof readerZh;
      audio: typeof audioZh;
      recorder: typeof recorderZh;
      speech: typeof speechZh;
      practice: typeof practiceZh;
      works: typeof worksZh;
      points: typeof pointsZh;
      addresses: typeof addressesZh;
      lottery: typeof lotteryZh;
      studyPlan: typeof studyPlanZh;
      store: typeof storeZh;
      giftCards: typeof giftCardsZh;
      promotions: typeof promotionsZh;
      missions: typeof missionsZh;
      words: typeof wordsZh;
      shell: typeof shellZh;
      reports: typeof reportsZh;
    };
  }
}
