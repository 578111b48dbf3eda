import { addressesEn, addressesZh } from '../features/addresses/locales';
import { authEn, authZh } from '../features/auth/locales';
import { childEn, childZh } from '../features/child/locales';
import { giftCardsEn, giftCardsZh } from '../features/gift-cards/locales';
import { learningEn, learningZh } from '../features/learning/locales';
import { libraryEn, libraryZh } from '../features/library/locales';
import { readerEn, readerZh } from '../features/library/reader/locales';
import { lotteryEn, lotteryZh } from '../features/lottery/locales';
import { missionsEn, missionsZh } from '../features/missions/locales';
import { gateEn, gateZh } from '../features/parents/gate/locales';
import { parentsEn, parentsZh } from '../features/parents/locales';
import { pointsEn, pointsZh } from '../features/points/locales';
import { practiceEn, practiceZh } from '../features/practice/locales';
import { promotionsEn, promotionsZh } from '../features/promotions/locales';
import { shellEn, shellZh } from '../features/shell/locales';
import { speechEn, speechZh } from '../features/speech/locales';
import { storeEn, storeZh } from '../features/store/locales';
import { wordsEn, wordsZh } from '../features/words/locales';
import { worksEn, worksZh } from '../features/works/locales';
import type { opsZh } from '../ops/locales';
import { audioEn, audioZh } from '../shared/audio/locales';
import { i18n } from '../shared/i18n';
import type { zhCN } from '../shared/i18n/zh-CN';
import { recorderEn, recorderZh } from '../shared/recorder/locales';

/**
 * Feature namespaces next to the shell's `translation`: each feature keeps its strings in its own
 * `locales.ts` (zh-CN first, English typed to the same shape).
 */
const namespaces = {
  auth: { 'zh-CN': authZh, en: authEn },
  child: { 'zh-CN': childZh, en: childEn },
  parents: { 'zh-CN': parentsZh, en: parentsEn },
  gate: { 'zh-CN': gateZh, en: gateEn },
  library: { 'zh-CN': libraryZh, en: libraryEn },
  reader: { 'zh-CN': readerZh, en: readerEn },
  audio: { 'zh-CN': audioZh, en: audioEn },
  recorder: { 'zh-CN': recorderZh, en: recorderEn },
  speech: { 'zh-CN': speechZh, en: speechEn },
  practice: { 'zh-CN': practiceZh, en: practiceEn },
  works: { 'zh-CN': worksZh, en: worksEn },
  points: { 'zh-CN': pointsZh, en: pointsEn },
  addresses: { 'zh-CN': addressesZh, en: addressesEn },
  lottery: { 'zh-CN': lotteryZh, en: lotteryEn },
  learning: { 'zh-CN': learningZh, en: learningEn },
  store: { 'zh-CN': storeZh, en: storeEn },
  giftCards: { 'zh-CN': giftCardsZh, en: giftCardsEn },
  promotions: { 'zh-CN': promotionsZh, en: promotionsEn },
  missions: { 'zh-CN': missionsZh, en: missionsEn },
  words: { 'zh-CN': wordsZh, en: wordsEn },
  shell: { 'zh-CN': shellZh, en: shellEn },
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
    };
  }
}
