import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import logo from '../../../shared/ui/illustrations/logo-mark.svg';
import { SHIPPED_LICENCES } from '../licences';
import styles from './Reports.module.css';

declare const __BUILD_SOURCE__: string;

/** /parents/aboutUs: version, build (from /build.json) and the licences of what we ship. */
export default function AboutUsPage() {
  const { t } = useTranslation('reports');
  const [build, setBuild] = useState<{ source: string; time: string } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/build.json', { cache: 'no-store', signal: controller.signal })
      .then((r) => (r.ok ? r.json() : null))
      .then((b: { source: string; time: string } | null) => setBuild(b))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  const source = typeof __BUILD_SOURCE__ === 'string' ? __BUILD_SOURCE__ : 'dev';
  return (
    <div className={styles.page} data-testid="about-us">
      <section className={styles.card} style={{ textAlign: 'center' }}>
        <img src={logo} alt="" style={{ width: '5rem' }} />
        <div className={styles.title}>PicBook 绘本岛</div>
        <p className={styles.muted}>
          {t('about.version')} {source.slice(0, 12)}
        </p>
        {build && (
          <p className={styles.muted}>
            {t('about.build')} {new Date(build.time).toLocaleString()}
          </p>
        )}
      </section>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('about.licences')}</h2>
        {SHIPPED_LICENCES.map((l) => (
          <div key={l.name} className={styles.item}>
            <span className={styles.grow}>{l.name}</span>
            <span className={styles.muted}>{l.licence}</span>
          </div>
        ))}
      </section>
    </div>
  );
}
