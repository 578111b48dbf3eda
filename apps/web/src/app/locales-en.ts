// English strings of every namespace: loaded by app/locales.ts only when English is chosen.

import { addressesEn } from '../features/addresses/locales.en';
import { authEn } from '../features/auth/locales.en';
import { childEn } from '../features/child/locales.en';
import { giftCardsEn } from '../features/gift-cards/locales.en';
import { libraryEn } from '../features/library/locales.en';
import { readerEn } from '../features/library/reader/locales.en';
import { lotteryEn } from '../features/lottery/locales.en';
import { missionsEn } from '../features/missions/locales.en';
import { parentsEn } from '../features/parents/locales.en';
import { pointsEn } from '../features/points/locales.en';
import { practiceEn } from '../features/practice/locales.en';
import { promotionsEn } from '../features/promotions/locales.en';
import { reportsEn } from '../features/reports/locales.en';
import { shellEn } from '../features/shell/locales.en';
import { speechEn } from '../features/speech/locales.en';
import { storeEn } from '../features/store/locales.en';
import { studyPlanEn } from '../features/study-plan/locales.en';
import { wordsEn } from '../features/words/locales.en';
import { worksEn } from '../features/works/locales.en';
import { audioEn } from '../shared/audio/locales';
import { en } from '../shared/i18n/en';
import { gateEn } from '../shared/parental-gate/locales.en';
import { recorderEn } from '../shared/recorder/locales.en';

export const englishBundles = {
  translation: en,
  auth: authEn,
  child: childEn,
  parents: parentsEn,
  gate: gateEn,
  library: libraryEn,
  reader: readerEn,
  audio: audioEn,
  recorder: recorderEn,
  speech: speechEn,
  practice: practiceEn,
  works: worksEn,
  points: pointsEn,
  addresses: addressesEn,
  lottery: lotteryEn,
  studyPlan: studyPlanEn,
  store: storeEn,
  giftCards: giftCardsEn,
  promotions: promotionsEn,
  missions: missionsEn,
  words: wordsEn,
  shell: shellEn,
  reports: reportsEn,
};
