import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartup } from '../../shared/startup/startup-store';

export { LEVEL_KEY } from '../../shared/settings/levels';
export { useLevelColor } from '../../shared/startup/level-color';

/** Names book categories from configs.book_categories in the interface language. */
export function useCategoryName(): (id: number) => string {
  const { i18n } = useTranslation();
  const categories = useStartup((s) => s.configs?.book_categories);
  const isZh = i18n.language === 'zh-CN';
  return useCallback(
    (id: number) => {
      const category = categories?.find((c) => c.id === id);
      if (!category) return String(id);
      return isZh ? category.description_cn : category.description_en;
    },
    [categories, isZh],
  );
}
