import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import { Chart } from '../components/Chart';
import { makePoster, useBookReport } from '../report-queries';
import styles from './Reports.module.css';

/**
 * /parents/bookReport/:bookId: a book's courses with their reports, minutes per day and the
 * pronunciation trend (Chart.js, loaded here only), words learned, strongest and weakest sounds,
 * and a share poster rendered by the server.
 */
export default function BookReportPage() {
  const { t } = useTranslation('reports');
  const bookId = Number(useParams().bookId);
  const userId = useStartup((s) => s.user?.id) ?? 0;
  const report = useBookReport(bookId);
  const [poster, setPoster] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (report.isError) return <p className={styles.muted}>{report.error.message}</p>;
  const data = report.data;
  if (!data) return <div className={styles.page} data-testid="book-report-loading" />;
  const handlePoster = async () => {
    setBusy(true);
    try {
      setPoster((await makePoster(bookId, userId, 'book')).url);
    } finally {
      setBusy(false);
    }
  };
  const { pronunciation: p } = data;
  return (
    <div className={styles.page} data-testid="book-report">
      <section
        className={styles.card}
        style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}
      >
        <img className={styles.cover} src={data.book.cover.image_small} alt="" />
        <div className={styles.grow}>
          <div className={styles.title}>{data.book.title_cn}</div>
          <div className={styles.muted}>{data.book.title_en}</div>
        </div>
      </section>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('book.minutes')}</h2>
        <Chart
          type="bar"
          label={t('book.minutes')}
          labels={data.daily_minutes.map((d) => d.day.slice(5))}
          values={data.daily_minutes.map((d) => d.minutes)}
          testId="minutes-chart"
        />
      </section>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('book.trend')}</h2>
        {p.trend.length > 0 && (
          <Chart
            type="line"
            label={t('book.trend')}
            labels={p.trend.map((w) => w.week.slice(5))}
            values={p.trend.map((w) => w.score)}
            max={100}
            color="#3db6e8"
            testId="trend-chart"
          />
        )}
        {p.strongest.length === 0 ? (
          <p className={styles.muted}>{t('book.noSounds')}</p>
        ) : (
          <>
            <p className={styles.muted}>{t('book.strongest')}</p>
            <div className={styles.sounds}>
              {p.strongest.map((s) => (
                <span key={s.sound} className={styles.sound}>
                  {s.sound} {s.score}
                </span>
              ))}
            </div>
            <p className={styles.muted}>{t('book.weakest')}</p>
            <div className={styles.sounds}>
              {p.weakest.map((s) => (
                <span key={s.sound} className={styles.sound}>
                  {s.sound} {s.score}
                </span>
              ))}
            </div>
          </>
        )}
      </section>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('book.words')}</h2>
        <p>{t('book.wordsLearned', data.words)}</p>
        <div className={styles.bar}>
          <div
            className={styles.barFill}
            style={{ width: `${(100 * data.words.learned) / Math.max(1, data.words.total)}%` }}
          />
        </div>
      </section>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('book.courses')}</h2>
        {data.courses.map((c) =>
          c.report_id ? (
            <Link
              key={c.process_id}
              className={styles.bookRow}
              to={`/parents/unitReport/${c.report_id}`}
              data-testid="course-report-link"
            >
              <div className={styles.grow}>
                <div className={styles.title}>{c.title_cn}</div>
                <span className={styles.stars}>{'★'.repeat(c.stars)}</span>
              </div>
              <span className={styles.score}>{t('list.score', { n: c.score })}</span>
            </Link>
          ) : (
            <div key={c.process_id} className={styles.bookRow}>
              <div className={styles.grow}>
                <div className={styles.title}>{c.title_cn}</div>
                <span className={styles.muted}>{t('list.noReport')}</span>
              </div>
            </div>
          ),
        )}
      </section>
      <div className={styles.actions}>
        <Button onClick={() => void handlePoster()} disabled={busy} data-testid="poster-button">
          {t('book.poster')}
        </Button>
      </div>
      {poster && (
        <img
          className={styles.poster}
          src={poster}
          alt={t('book.posterAlt')}
          data-testid="poster"
        />
      )}
    </div>
  );
}
