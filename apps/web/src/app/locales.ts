import { addressesZh } from '../features/addresses/locales';
import { authZh } from '../features/auth/locales';
import { childZh } from '../features/child/locales';
import { giftCardsZh } from '../features/gift-cards/locales';
import { learningZh } from '../features/learning/locales';
import { libraryZh } from '../features/library/locales';
import { readerZh } from '../features/library/reader/locales';
import { lotteryZh } from '../features/lottery/locales';
import { missionsZh } from '../features/missions/locales';
import { gateZh } from '../features/parents/gate/locales';
import { parentsZh } from '../features/parents/locales';
import { pointsZh } from '../features/points/locales';
import { practiceZh } from '../features/practice/locales';
import { promotionsZh } from '../features/promotions/locales';
import { reportsZh } from '../features/reports/locales';
import { shellZh } from '../features/shell/locales';
import { speechZh } from '../features/speech/locales';
import { storeZh } from '../features/store/locales';
import { wordsZh } from '../features/words/locales';
import { worksZh } from '../features/works/locales';
import type { opsZh } from '../ops/locales';
import { audioZh } from '../shared/audio/locales';
import { i18n, registerLanguage } from '../shared/i18n';
import type { zhCN } from '../shared/i18n/zh-CN';
import { recorderZh } from '../shared/recorder/locales';

/**
 * Feature namespaces next to the shell's `translation`: each feature keeps its strings in its own
 * `locales.ts` (zh-CN) and `locales.en.ts` (English, typed to the same shape). Chinese is
 * registered at start; English is a chunk of its own, loaded only when chosen (decision 072).
 */
const namespaces = {
  auth: authZh,
  child: childZh,
  parents: parentsZh,
  gate: gateZh,
  library: libraryZh,
  reader: readerZh,
  audio: audioZh,
  recorder: recorderZh,
  speech: speechZh,
  practice: practiceZh,
  works: worksZh,
  points: pointsZh,
  addresses: addressesZh,
  lottery: lotteryZh,
  learning: learningZh,
  store: storeZh,
  giftCards: giftCardsZh,
  promotions: promotionsZh,
  missions: missionsZh,
  words: wordsZh,
  shell: shellZh,
  reports: reportsZh,
} as const;

for (const [ns, messages] of Object.entries(namespaces)) {
  i18n.addResourceBundle('zh-CN', ns, messages, true, true);
}

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
      learning: typeof learningZh;
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
