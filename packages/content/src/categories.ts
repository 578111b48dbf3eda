/** Book categories (configs.book_categories is seeded from this list). */
export const BOOK_CATEGORIES = [
  { id: 1, description_cn: '家庭生活', description_en: 'Family' },
  { id: 2, description_cn: '校园', description_en: 'School' },
  { id: 3, description_cn: '动物', description_en: 'Animals' },
  { id: 4, description_cn: '季节与自然', description_en: 'Seasons & Nature' },
  { id: 5, description_cn: '中国节日', description_en: 'Festivals' },
  { id: 6, description_cn: '城市与乡村', description_en: 'City & Countryside' },
  { id: 7, description_cn: '科学探索', description_en: 'Science' },
  { id: 8, description_cn: '情绪与成长', description_en: 'Feelings & Growing Up' },
] as const;

export const BOOK_CATEGORY_IDS: readonly number[] = BOOK_CATEGORIES.map((c) => c.id);
