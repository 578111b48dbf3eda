import { POINTS_TOAST_MS } from '@picbook/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appEnv } from '../../../shared/platform/env';
import { canUsePoints } from '../../../shared/platform/points-env';
import { toast } from '../../../shared/toast/toast-store';
import logo from '../../../shared/ui/illustrations/logo-mark.svg';
import { PointsUnavailable } from '../components/PointsUnavailable';
import { inviteQrDataUrl } from '../invite-link';
import styles from '../Points.module.css';
import { useInvitees, useInviteRanks } from '../points-queries';
import page from './InvitePage.module.css';

/** /parents/points/invite: my code and its QR code, the friends who joined, the leaderboard. */
export default function InvitePage() {
  const { t } = useTranslation('points');
  const { data: invitees } = useInvitees();
  const { data: ranks } = useInviteRanks();
  const [qr, setQr] = useState<string | null>(null);
  const code = invitees?.invite_code;
  useEffect(() => {
    if (!code) return;
    let isCurrent = true;
    void inviteQrDataUrl(code).then((url) => isCurrent && setQr(url));
    return () => {
      isCurrent = false;
    };
  }, [code]);
  if (!canUsePoints(appEnv())) return <PointsUnavailable />;

  const handleCopy = async () => {
    if (!code) return;
    await navigator.clipboard?.writeText(code).catch(() => undefined);
    toast.success(t('invite.copied'), POINTS_TOAST_MS);
  };

  return (
    <div className={styles.page} data-testid="invite-page">
      <section className={`${styles.card} ${page.codeCard}`}>
        <div className={styles.muted}>{t('invite.code')}</div>
        <div className={page.code} data-testid="invite-code">
          {code ?? '····'}
        </div>
        {qr && (
          <img
            className={page.qr}
            src={qr}
            alt={t('invite.qr', { code })}
            data-testid="invite-qr"
          />
        )}
        <p className={styles.muted}>{code && t('invite.qr', { code })}</p>
        <p className={page.reward}>{t('invite.reward', { n: invitees?.points_per_invite ?? 0 })}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.pill} onClick={() => void handleCopy()}>
            {t('invite.copy')}
          </button>
          <Link className={`${styles.pill} ${styles.pillSoft}`} to="/parents/points/posters">
            {t('invite.posters')}
          </Link>
        </div>
      </section>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('invite.friends', { n: invitees?.total ?? 0 })}</h2>
        {invitees?.list.length === 0 && <p className={styles.muted}>{t('invite.none')}</p>}
        <ul className={page.people}>
          {invitees?.list.map((p) => (
            <li key={`${p.nickname}-${p.time}`}>
              <img src={p.avatar || logo} alt="" />
              <span>{p.nickname}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.card} data-testid="invite-ranks">
        <h2 className={styles.cardTitle}>
          {t('invite.ranks')}
          <span className={styles.muted}>
            {ranks?.mine.rank
              ? t('invite.mine', { rank: ranks.mine.rank, count: ranks.mine.count })
              : t('invite.mineNone')}
          </span>
        </h2>
        <ol className={page.ranks}>
          {ranks?.list.map((r) => (
            <li key={r.rank} className={r.is_me ? page.me : ''}>
              <span className={`${page.rank} ${r.rank <= 3 ? page[`top${r.rank}`] : ''}`}>
                {r.rank}
              </span>
              <img src={r.avatar || logo} alt="" />
              <span className={page.rankName}>{r.nickname}</span>
              <span className={page.rankCount}>{t('invite.people', { n: r.count })}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
