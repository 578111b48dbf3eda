import type { TRankItem } from '@picbook/contracts';
import { WORK_KIND, WORK_TYPE, type WorkType } from '@picbook/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJump } from '../../shared/navigation/jump';
import { useRecordingDeviceOnly } from '../../shared/settings/recording-device-only';
import { Button } from '../../shared/ui/Button';
import playIcon from '../../shared/ui/icons/play.svg';
import { Avatar } from './Avatar';
import { LikeButton } from './LikeButton';
import styles from './RankPanel.module.css';
import { useBookRanks, useMyRank } from './works-queries';

export interface RankPanelProps {
  bookId: number;
  className?: string;
}

/**
 * The book's rankings on its detail page (learning-content §2 book detail: ranks, my rank, PK):
 * repeat and speak tabs, the child's own place, the best readers with likes and a PK button.
 * Only children whose guardian agreed to show their works appear.
 */
export function RankPanel({ bookId, className }: RankPanelProps) {
  const { t } = useTranslation('works');
  const [type, setType] = useState<WorkType>(WORK_TYPE.repeat);
  const ranks = useBookRanks(bookId, type);
  const mine = useMyRank(bookId, type);
  const jump = useJump();
  const list = ranks.data?.pages.flatMap((p) => p.list) ?? [];
  const myRankId = mine.data?.item?.rank_id;
  // 录音只保存在本机 (decision 110): new readings are not filed, so they never rank.
  const deviceOnly = useRecordingDeviceOnly();

  const openPk = (item: TRankItem) =>
    jump('libraryPk', { type: WORK_KIND[type], bookId, rankId: item.rank_id });
  /** A row is a reading to listen to: it opens that child's dubbed book. */
  const listen = (item: TRankItem) => jump('libraryProduction', { bookId, rankId: item.rank_id });

  return (
    <section className={`${styles.panel} ${className ?? ''}`} data-testid="rank-panel">
      <div className={styles.head}>
        <h2>{t('ranks.title')}</h2>
        <div className={styles.tabs} role="tablist">
          {([WORK_TYPE.repeat, WORK_TYPE.speak] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={type === k}
              className={`${styles.tab} ${type === k ? styles.tabOn : ''}`}
              onClick={() => setType(k)}
            >
              {t(`ranks.${WORK_KIND[k]}`)}
            </button>
          ))}
        </div>
      </div>

      <p className={styles.mine} data-testid="my-rank">
        <strong>{t('ranks.mine')}</strong>{' '}
        {!mine.data?.item
          ? deviceOnly
            ? t('ranks.mineDeviceOnly')
            : t('ranks.mineNone')
          : mine.data.rank === null
            ? t('ranks.mineHidden')
            : `${t('ranks.rank', { rank: mine.data.rank })} · ${t('ranks.score', { score: mine.data.item.score })}`}
      </p>
      {deviceOnly && mine.data?.item && (
        <p className={styles.mine} data-testid="rank-device-only">
          {t('ranks.mineDeviceOnly')}
        </p>
      )}

      {list.length === 0 && !ranks.isPending ? (
        <p className={styles.empty}>{t('ranks.empty')}</p>
      ) : (
        <ol className={styles.list}>
          {list.map((item) => (
            <li key={item.rank_id} className={styles.row} data-testid="rank-row">
              <span className={`${styles.place} ${item.rank && item.rank <= 3 ? styles.top : ''}`}>
                {item.rank ?? '–'}
              </span>
              <button
                type="button"
                className={styles.listen}
                onClick={() => listen(item)}
                aria-label={t('ranks.listen', { name: item.nickname })}
                data-testid="rank-listen"
              >
                <Avatar src={item.avatar} name={item.nickname} />
                <span className={styles.who}>
                  <span className={styles.name}>{item.nickname}</span>
                  <span className={styles.region}>{item.regionName}</span>
                </span>
                <img className={styles.listenIcon} src={playIcon} alt="" />
              </button>
              <span className={styles.score}>{t('ranks.score', { score: item.score })}</span>
              <LikeButton id={item.rank_id} state={item} size="small" />
              {item.rank_id !== myRankId && (
                <Button size="small" variant="sky" onClick={() => openPk(item)}>
                  {t('ranks.pk')}
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
      {ranks.hasNextPage && (
        <Button
          size="small"
          variant="ghost"
          onClick={() => void ranks.fetchNextPage()}
          isLoading={ranks.isFetchingNextPage}
        >
          {t('ranks.more')}
        </Button>
      )}
    </section>
  );
}
