import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/request/api';
import styles from '../../shared/ui/offers.module.css';

/**
 * Invite friends (GET promo/brings_new, gen_qrcode; decision 053): the QR code of my landing
 * link and what it brought — one held VIP card per new family, listed with my gift cards.
 */
export function InvitePanel() {
  const { t } = useTranslation('promotions');
  const qr = useQuery({
    queryKey: ['promotions', 'qrcode'],
    queryFn: () => api('genQrcode', { query: { promo: 'vip_card' } }, { silent: true }),
    staleTime: 10 * 60_000,
  });
  const brought = useQuery({
    queryKey: ['promotions', 'brings_new'],
    queryFn: () => api('bringsNew', { query: { promotion: 'vip_card' } }, { silent: true }),
  });
  if (!qr.data || !brought.data) return null;
  return (
    <section className={`${styles.panel} ${styles.invite}`} data-testid="invite-panel">
      <img src={qr.data.qrcode} alt={qr.data.url} className={styles.qr} />
      <div className={styles.cardBody}>
        <p className={styles.cardTitle}>{t('invite.title')}</p>
        <p className={styles.muted}>{t('invite.hint', { reward: brought.data.reward.title })}</p>
        <p className={styles.muted}>
          {t('invite.counts', { invited: brought.data.invited, rewarded: brought.data.rewarded })}
        </p>
      </div>
    </section>
  );
}
