import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../pages/Parents.module.css';

/** The parents' center's learning section: reports, messages, the placement test, feedback. */
export function ParentsLearningLinks() {
  const { t } = useTranslation('reports');
  const rows = [
    { to: '/parents/reportList', label: t('links.reports'), testId: 'report-list-link' },
    { to: '/parents/message', label: t('links.messages'), testId: 'message-link' },
    { to: '/evaluating', label: t('links.evaluating'), testId: 'evaluating-link' },
    { to: '/parents/feedback', label: t('links.feedback'), testId: 'feedback-link' },
    { to: '/parents/aboutUs', label: t('links.about'), testId: 'about-link' },
  ];
  return (
    <>
      <h2 className={styles.section}>{t('links.title')}</h2>
      <section className={styles.card}>
        {rows.map((r) => (
          <Link key={r.to} className={styles.row} to={r.to} data-testid={r.testId}>
            {r.label} <span className={styles.chevron}>›</span>
          </Link>
        ))}
      </section>
    </>
  );
}
