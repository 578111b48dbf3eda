import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartup } from '../../../app/startup/startup-store';
import welcome from '../../../shared/ui/illustrations/mascot-welcome.svg';
import styles from './LibraryPage.module.css';

/** The library tab: levels from configs (band, difficulty, description); books arrive next. */
export default function LibraryPage() {
  const { t, i18n } = useTranslation();
  const levels = useStartup((s) => s.configs?.levels ?? []);
  const [selected, setSelected] = useState(1);
  const current = levels.find((l) => l.level === selected);
  const isZh = i18n.language === 'zh-CN';

  return (
    <div className={styles.page} data-testid="library-page">
      <div className={styles.levels} role="tablist" aria-label={t('library.levelsTitle')}>
        {levels.map((level) => (
          <button
            key={level.level}
            type="button"
            role="tab"
            aria-selected={level.level === selected}
            className={`${styles.level} ${level.level === selected ? styles.selected : ''}`}
            style={{ '--level': level.color } as React.CSSProperties}
            onClick={() => setSelected(level.level)}
          >
            <span className={styles.levelNo}>{t('library.level', { level: level.level })}</span>
            <span className={styles.band}>{isZh ? level.band_cn : level.band}</span>
            <span className={styles.meta}>
              {level.difficulty.label} · {level.age}
            </span>
          </button>
        ))}
      </div>
      <section className={styles.panel}>
        <img src={welcome} alt="" />
        <div>
          <h2>{current ? (isZh ? current.description_cn : current.description_en) : ''}</h2>
          <p>{t('library.comingSoon')}</p>
        </div>
      </section>
    </div>
  );
}
