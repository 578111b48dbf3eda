import { useTranslation } from 'react-i18next';
import { useStartup } from '../../../shared/startup/startup-store';
import { useStars } from '../report-queries';
import styles from './Reports.module.css';

/** /parents/starDetail: the stars of the child's level by week and course. */
export default function StarDetailPage() {
  const { t } = useTranslation('reports');
  const level = useStartup((s) => s.user?.level) ?? 1;
  const stars = useStars(level);
  const data = stars.data;
  return (
    <div className={styles.page} data-testid="star-detail">
      {data && (
        <section className={styles.card}>
          <div className={styles.title}>{t('list.level', { n: data.level })}</div>
          <p className={styles.muted}>{t('stars.total', data)}</p>
        </section>
      )}
      {data?.weeks.map((w) => (
        <section key={w.week} className={styles.card}>
          <h2 className={styles.cardTitle}>
            {t('stars.week', { n: w.week })} · {w.title_cn} · {w.stars} ★
          </h2>
          {w.courses.map((c) => (
            <div key={c.process_id} className={styles.item}>
              <span className={styles.grow}>{c.title_cn}</span>
              <span className={styles.stars}>{'★'.repeat(c.stars) || '—'}</span>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
