import { useTranslation } from 'react-i18next';
import { useStartup } from '../../../shared/startup/startup-store';
import styles from './ShellPages.module.css';

/** /levelExplain: what each level means — band, reading difficulty, age and description. */
export default function LevelExplainPage() {
  const { t, i18n } = useTranslation('shell');
  const levels = useStartup((s) => s.configs?.levels ?? []);
  const isZh = i18n.language === 'zh-CN';
  return (
    <section className={styles.levels} data-testid="level-explain">
      <p className={styles.levelsIntro}>{t('levels.intro')}</p>
      {levels.map((level) => (
        <article key={level.level} className={styles.level} style={{ borderColor: level.color }}>
          <header className={styles.levelHead}>
            <span className={styles.levelMark} style={{ background: level.color }}>
              L{level.level}
            </span>
            <strong>{isZh ? level.band_cn : level.band}</strong>
            <span className={styles.levelMeta}>
              {t('levels.difficulty', { label: level.difficulty.label })} ·{' '}
              {t('levels.age', { age: level.age })}
            </span>
          </header>
          <p className={styles.levelText}>{isZh ? level.description_cn : level.description_en}</p>
        </article>
      ))}
    </section>
  );
}
