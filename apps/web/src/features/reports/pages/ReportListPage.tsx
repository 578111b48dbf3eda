import { WORK_TYPE } from '@picbook/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStartup } from '../../../shared/startup/startup-store';
import { Chart } from '../components/Chart';
import { LearnSettingCard } from '../components/LearnSettingCard';
import { useParentSpace, useReadReports, useReportCards } from '../report-queries';
import styles from './Reports.module.css';

const LEVELS = [1, 2, 3, 4, 5, 6];
const stars = (n: number) => '★'.repeat(Math.max(0, Math.min(3, n)));

/**
 * /parents/reportList: today and this week at a glance (a chart of the last 7 days), links to
 * messages and stars, the report cards of a level (one per week's book) and the read reports.
 */
export default function ReportListPage() {
  const { t } = useTranslation('reports');
  const userLevel = useStartup((s) => s.user?.level) ?? 1;
  const [level, setLevel] = useState(userLevel);
  const space = useParentSpace();
  const cards = useReportCards(level);
  const reads = useReadReports();
  const overview = space.data;
  // A week's book shows once the child learned with it: a course done or time spent reading it.
  const learned = (cards.data?.cards ?? []).filter((c) => c.courses_done > 0 || c.minutes > 0);
  return (
    <div className={styles.page} data-testid="report-list">
      {overview && (
        <section className={styles.card} data-testid="report-overview">
          <p className={styles.muted}>
            {t('list.overview', { today: overview.today_minutes, week: overview.week.minutes })}
          </p>
          <h2 className={styles.cardTitle}>{t('list.weekChart')}</h2>
          <Chart
            type="bar"
            label={t('list.weekChart')}
            labels={overview.daily_minutes.map((d) => d.day.slice(5))}
            values={overview.daily_minutes.map((d) => d.minutes)}
            testId="week-chart"
          />
          <div className={styles.actions} style={{ marginTop: '0.75rem' }}>
            <Link className={styles.pill} to="/parents/message" data-testid="messages-link">
              {t('list.messages')}
              {overview.unread_messages > 0 &&
                ` · ${t('list.unread', { n: overview.unread_messages })}`}
            </Link>
            <Link className={styles.pill} to="/parents/starDetail">
              {t('list.stars')} {overview.totals.stars} ★
            </Link>
          </div>
        </section>
      )}
      <div className={styles.tabs} role="tablist">
        {LEVELS.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            aria-selected={l === level}
            className={`${styles.tab} ${l === level ? styles.tabOn : ''}`}
            onClick={() => setLevel(l)}
          >
            {t('list.level', { n: l })}
          </button>
        ))}
      </div>
      <section className={styles.card} data-testid="report-cards">
        {learned.length === 0 && cards.data && <p className={styles.muted}>{t('list.empty')}</p>}
        {learned.map((c) => (
          <Link
            key={c.book_id}
            className={styles.bookRow}
            to={`/parents/bookReport/${c.book_id}`}
            data-testid="report-card"
          >
            <img className={styles.cover} src={c.cover.image_small} alt="" />
            <div className={styles.grow}>
              <div className={styles.title}>{c.title_cn}</div>
              <div className={styles.muted}>
                {t('list.courses', { done: c.courses_done, total: c.course_num })}
                {' · '}
                {t('list.minutes', { n: c.minutes })}{' '}
                <span className={styles.stars}>
                  {stars(Math.round(c.stars / Math.max(1, c.courses_done)))}
                </span>
              </div>
            </div>
            <span className={styles.score}>{t('list.score', { n: c.score })}</span>
          </Link>
        ))}
      </section>
      {overview && <LearnSettingCard initial={overview.learn_setting} />}
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('list.reads')}</h2>
        {reads.data?.list.length === 0 && <p className={styles.muted}>{t('list.readsEmpty')}</p>}
        {reads.data?.list.map((r) => (
          // A run by what was scored in it (decision 098); tapping plays the child's recordings.
          <Link
            key={r.uuid}
            className={styles.bookRow}
            to={`/library/production/${r.book_id}/${r.work_id}`}
            aria-label={t('list.openRun', { title: r.title_cn })}
            data-testid="read-report"
            data-complete={r.complete}
          >
            <img className={styles.cover} src={r.cover.image_small} alt="" />
            <div className={styles.grow}>
              <div className={styles.title}>{r.title_cn}</div>
              <div className={styles.muted}>
                {t(
                  `list.run.${r.type === WORK_TYPE.speak ? 'speak' : 'repeat'}.${
                    r.complete ? 'complete' : 'partial'
                  }`,
                  { n: r.items, total: r.item_total },
                )}
                {' · '}
                {new Date(r.created_at * 1000).toLocaleDateString()}
              </div>
            </div>
            <span className={styles.score}>{t('list.score', { n: r.score })}</span>
          </Link>
        ))}
      </section>
    </div>
  );
}
