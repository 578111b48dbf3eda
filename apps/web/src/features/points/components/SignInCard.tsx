import { POINTS_TOAST_MS } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import styles from '../Points.module.css';
import { useDailySign, useSignIn } from '../points-queries';

/** The sign-in week: which days are signed, what today pays, and the button. */
export function SignInCard() {
  const { t } = useTranslation('points');
  const { data } = useSignIn();
  const sign = useDailySign();
  if (!data)
    return <section className={styles.card} aria-busy="true" style={{ minHeight: '11rem' }} />;
  const handleSign = async () => {
    const answer = await sign.mutateAsync().catch(() => null);
    if (answer) toast.success(t('sign.earned', { n: answer.earned }), POINTS_TOAST_MS);
  };
  return (
    <section className={styles.card} data-testid="sign-in">
      <h2 className={styles.cardTitle}>
        {t('sign.title')}
        <span className={styles.muted}>
          {data.streak > 0 ? t('sign.streak', { n: data.streak }) : t('sign.streakNone')}
        </span>
      </h2>
      <ol className={styles.week} style={{ listStyle: 'none', padding: 0 }}>
        {data.days.map((d) => (
          <li
            key={d.date}
            className={`${styles.day} ${d.signed ? styles.daySigned : ''} ${d.is_today ? styles.dayToday : ''}`}
            data-signed={d.signed}
          >
            <span className={styles.dayPoints}>{d.signed ? '✓' : `+${d.points}`}</span>
            <span>{d.is_today ? t('sign.today') : t('sign.day', { n: d.day })}</span>
          </li>
        ))}
      </ol>
      <Button
        block
        variant={data.signed_today ? 'secondary' : 'primary'}
        disabled={data.signed_today === 1}
        isLoading={sign.isPending}
        onClick={() => void handleSign()}
      >
        {data.signed_today ? t('sign.done') : `${t('sign.button')} +${data.today_points}`}
      </Button>
    </section>
  );
}
