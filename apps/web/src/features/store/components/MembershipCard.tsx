import { useTranslation } from 'react-i18next';
import { membershipOf } from '../../../shared/startup/membership';
import { useStartup } from '../../../shared/startup/startup-store';
import mascot from '../../../shared/ui/illustrations/mascot-welcome.svg';
import styles from './MembershipCard.module.css';

/** The family's membership at the top of the store: none, until a date, or lifetime. */
export function MembershipCard() {
  const { t } = useTranslation('store');
  const user = useStartup((s) => s.user);
  const child = user?.children[0];
  const membership = membershipOf(user);
  return (
    <section className={styles.card} data-testid="membership-card" data-kind={membership.kind}>
      <img className={styles.mascot} src={mascot} alt="" />
      <div className={styles.text}>
        <div className={styles.title}>
          {child?.nickname ?? t('memberTitle')}
          {membership.kind !== 'none' && <span className={styles.crown}>VIP</span>}
        </div>
        <div className={styles.status} data-testid="membership-status">
          {membership.kind === 'none'
            ? t('memberNone')
            : membership.kind === 'lifetime'
              ? t('memberLife')
              : t('memberUntil', { date: membership.date })}
        </div>
        {membership.kind === 'none' && <div className={styles.hint}>{t('memberNoneHint')}</div>}
      </div>
    </section>
  );
}
