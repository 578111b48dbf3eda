import { POINTS_TOAST_MS } from '@picbook/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appEnv } from '../../../shared/platform/env';
import { canUsePoints } from '../../../shared/platform/points-env';
import { useStartup } from '../../../shared/startup/startup-store';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import { PointsUnavailable } from '../components/PointsUnavailable';
import { inviteQrDataUrl } from '../invite-link';
import { drawInvitePoster, POSTER_TEMPLATES, type PosterTemplate } from '../invite-poster';
import styles from '../Points.module.css';
import { useInvitees } from '../points-queries';
import page from './PostersPage.module.css';

/** /parents/points/posters: invitation posters with the child's name and the QR code, saved as PNG. */
export default function PostersPage() {
  const { t } = useTranslation('points');
  const { t: tr } = useTranslation();
  const nickname = useStartup((s) => s.user?.children[0]?.nickname ?? '');
  const { data: invitees } = useInvitees();
  const [template, setTemplate] = useState<PosterTemplate>('read');
  const [poster, setPoster] = useState<string | null>(null);
  const code = invitees?.invite_code;

  useEffect(() => {
    if (!code) return;
    let isCurrent = true;
    setPoster(null);
    void (async () => {
      const qr = await inviteQrDataUrl(code, 300);
      const url = await drawInvitePoster({
        template,
        headline: t(`posters.headline.${template}`),
        from: t('posters.from', { name: nickname || tr('app.name') }),
        code: t('posters.code', { code }),
        scan: t('posters.scan'),
        brand: tr('app.name'),
        qr,
      });
      if (isCurrent) setPoster(url);
    })();
    return () => {
      isCurrent = false;
    };
  }, [code, template, nickname, t, tr]);

  if (!canUsePoints(appEnv())) return <PointsUnavailable />;

  const handleSave = () => {
    if (!poster) return;
    const link = document.createElement('a');
    link.href = poster;
    link.download = `picbook-${template}.png`;
    link.click();
    toast.success(t('posters.saved'), POINTS_TOAST_MS);
  };

  return (
    <div className={styles.page} data-testid="posters-page">
      <p className={styles.muted}>{t('posters.hint')}</p>
      <div className={page.templates}>
        {POSTER_TEMPLATES.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={template === name}
            className={`${page.template} ${page[name]} ${template === name ? page.on : ''}`}
            onClick={() => setTemplate(name)}
          >
            {t(`posters.templates.${name}`)}
          </button>
        ))}
      </div>
      <div className={page.preview}>
        {poster ? (
          <img src={poster} alt={t(`posters.headline.${template}`)} data-testid="poster-image" />
        ) : (
          <div className={page.placeholder} aria-busy="true" />
        )}
      </div>
      <Button block size="large" disabled={!poster} onClick={handleSave}>
        {t('posters.save')}
      </Button>
    </div>
  );
}
