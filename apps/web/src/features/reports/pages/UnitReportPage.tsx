import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { createTrack } from '../../../shared/audio';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import { PART_NAMES } from '../part-names';
import { makePoster, useCourseReport } from '../report-queries';
import styles from './Reports.module.css';

/**
 * /parents/unitReport/:id (and /parents/UnitReport2?id=): one course report — score, stars, time,
 * accuracy per part, every recorded sentence with its score (tap to replay), the redo of what is
 * below three stars, and a share poster.
 */
export default function UnitReportPage() {
  const { t } = useTranslation('reports');
  const [search] = useSearchParams();
  const id = Number(useParams().id ?? search.get('id') ?? 0);
  const userId = useStartup((s) => s.user?.id) ?? 0;
  const report = useCourseReport(id);
  const [poster, setPoster] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (report.isError || id <= 0) {
    return <p className={styles.muted}>{t('unit.notFound')}</p>;
  }
  const r = report.data;
  if (!r) return <div className={styles.page} data-testid="unit-report-loading" />;
  const recorded = r.items.filter((i) => i.kind === 'speak' && i.audio_url);
  const weak = r.items.some((i) => i.score < 90);
  const handlePoster = async () => {
    setBusy(true);
    try {
      setPoster((await makePoster(r.report_id, userId, 'course')).url);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.page} data-testid="unit-report">
      <section className={styles.card}>
        <div className={styles.title}>{r.course.title_cn}</div>
        <div className={styles.muted}>{r.course.title_en}</div>
        <div
          style={{ display: 'flex', alignItems: 'baseline', gap: '0.75rem', marginTop: '0.75rem' }}
        >
          <span className={styles.big} data-testid="report-score">
            {r.score}
          </span>
          <span className={styles.stars}>{'★'.repeat(r.stars)}</span>
          <span className={styles.muted}>
            {t('unit.time', { n: Math.max(1, Math.round(r.study_time / 60)) })}
          </span>
        </div>
        {r.redo_count > 0 && (
          <p className={styles.muted}>{t('unit.improved', { n: r.redo_count })}</p>
        )}
      </section>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('unit.parts')}</h2>
        {r.parts.map((p) => (
          <div key={p.part} className={styles.partRow} data-testid="report-part">
            <span>{PART_NAMES[p.part_type] ?? p.part_type}</span>
            <span className={styles.score}>{p.score}</span>
            <div className={styles.bar} style={{ gridColumn: '1 / -1' }}>
              <div className={styles.barFill} style={{ width: `${p.score}%` }} />
            </div>
          </div>
        ))}
      </section>
      {recorded.length > 0 && (
        <section className={styles.card}>
          <h2 className={styles.cardTitle}>{t('unit.recordings')}</h2>
          {recorded.map((i) => (
            <div key={i.id} className={styles.item} data-testid="report-recording">
              <button
                type="button"
                className={styles.play}
                aria-label={t('eval.play')}
                onClick={() => createTrack({ url: i.audio_url }).play()}
              >
                ▶
              </button>
              <span className={styles.grow}>{i.text}</span>
              <span className={styles.score}>{i.score}</span>
            </div>
          ))}
        </section>
      )}
      <div className={styles.actions}>
        {weak && (
          <Link
            to={`/learning/redo/report/${r.report_id}/course/${r.course.process_id}`}
            data-testid="redo-link"
          >
            <Button variant="grass">{t('unit.redo')}</Button>
          </Link>
        )}
        <Button onClick={() => void handlePoster()} disabled={busy} data-testid="poster-button">
          {t('unit.poster')}
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
