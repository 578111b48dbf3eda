import type { TDeletionSummary } from '@picbook/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { untilDate } from '../../../shared/startup/membership';
import styles from '../pages/Parents.module.css';

const count = (n: number) => n.toLocaleString('zh-CN');

/** Each right and balance the family holds, as one line with its value (decision 094). */
export function lossLines(
  summary: TDeletionSummary,
  t: (key: string, options?: Record<string, unknown>) => string,
): string[] {
  const rightName = (name: string) => t(`rightNames.${name}`, { defaultValue: name });
  const lines: string[] = summary.rights.map((r) =>
    r.lifetime
      ? t('deleteRightLife', { name: rightName(r.name) })
      : t('deleteRight', { name: rightName(r.name), date: untilDate(r.expire_time) }),
  );
  if (summary.points > 0) lines.push(t('deletePoints', { n: count(summary.points) }));
  if (summary.coins > 0) lines.push(t('deleteCoins', { n: count(summary.coins) }));
  if (summary.credits > 0) lines.push(t('deleteCredits', { n: count(summary.credits) }));
  if (summary.diamonds > 0) lines.push(t('deleteDiamonds', { n: count(summary.diamonds) }));
  for (const card of summary.gift_cards) {
    if (card.kind === 'prize') lines.push(t('deleteGiftCardPrize', { title: card.title ?? '' }));
    else if (card.days === null)
      lines.push(t('deleteGiftCardLife', { name: rightName(card.right ?? '') }));
    else
      lines.push(t('deleteGiftCardRight', { name: rightName(card.right ?? ''), days: card.days }));
  }
  if (summary.undelivered_prizes > 0)
    lines.push(t('deletePrizes', { n: count(summary.undelivered_prizes) }));
  if (summary.unlocked_books > 0)
    lines.push(t('deleteBooks', { n: count(summary.unlocked_books) }));
  for (const camp of summary.camps) lines.push(t('deleteCamp', { name: camp.name }));
  if (summary.lottery_chances > 0)
    lines.push(t('deleteChances', { n: count(summary.lottery_chances) }));
  return lines;
}

/** What deleting the account takes away, read from the server: loading, failed (retry), the list. */
export function DeletionLosses({ query }: { query: UseQueryResult<TDeletionSummary> }) {
  const { t } = useTranslation('parents');
  if (query.isPending) {
    return <p className={styles.meta}>{t('deleteLosesLoading')}</p>;
  }
  if (query.isError) {
    return (
      <div className={styles.lossesFailed} role="alert">
        <p>{t('deleteLosesFailed')}</p>
        <button type="button" className={styles.small} onClick={() => void query.refetch()}>
          {t('deleteLosesRetry')}
        </button>
      </div>
    );
  }
  const lines = lossLines(query.data, t as Parameters<typeof lossLines>[1]);
  if (lines.length === 0) return <p>{t('deleteLosesNone')}</p>;
  return (
    <div className={styles.losses} data-testid="deletion-losses">
      <p className={styles.lossesTitle}>{t('deleteLosesTitle')}</p>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
