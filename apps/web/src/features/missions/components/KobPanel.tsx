import type { TKobResult } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import trophyIcon from '../icons/trophy.svg';
import { useKob, useKobChallenge } from '../missions-queries';
import styles from './KobPanel.module.css';

/**
 * Kob, the daily reading challenge (decision 056): the books read aloud today with the best
 * score, one challenge a day against another child's recorded score, the result.
 */
export function KobPanel({ onClose, onRead }: { onClose: () => void; onRead: () => void }) {
  const { t } = useTranslation('missions');
  const kob = useKob();
  const challenge = useKobChallenge();
  const data = kob.data;
  const result: TKobResult | null = challenge.data ?? data?.today ?? null;
  const text = (r: TKobResult) =>
    t(r.won ? 'kob.won' : 'kob.lost', {
      score: r.score,
      opponent: r.opponent_score,
      name: r.opponent_name ?? t('kob.par'),
      coins: r.coins,
    });
  return (
    <Dialog title={t('kob.title')} onClose={onClose} wide testId="kob-panel">
      {data && (
        <div className={styles.body}>
          <p className={styles.rules}>
            {t('kob.rules', { credits: data.entry_credits, coins: data.win_coins })}
          </p>
          <p className={styles.balance}>
            {t('kob.balance', { credits: data.credits, coins: data.coins })}
          </p>
          {result ? (
            <p className={styles.result} data-testid="kob-result" data-won={result.won ? '1' : '0'}>
              <img src={trophyIcon} alt="" />
              {text(result)}
            </p>
          ) : !data.open_today ? (
            <p className={styles.note}>{t('kob.closedToday')}</p>
          ) : data.candidates.length === 0 ? (
            <div className={styles.note}>
              {t('kob.none')}
              <Button size="small" variant="sky" onClick={onRead}>
                {t('kob.goRead')}
              </Button>
            </div>
          ) : (
            <ul className={styles.list}>
              {data.candidates.map((c) => (
                <li key={c.book_info.id}>
                  <img src={c.book_info.cover.image_small} alt="" />
                  <span>
                    <strong>{c.book_info.title_cn}</strong>
                    <small>{t('kob.myScore', { n: c.score })}</small>
                  </span>
                  <Button
                    size="small"
                    disabled={challenge.isPending || data.credits < data.entry_credits}
                    onClick={() => challenge.mutate(c.book_info.id)}
                    data-testid="kob-challenge"
                  >
                    {t('kob.challenge')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
