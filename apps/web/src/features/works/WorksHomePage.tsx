import type { TUserOverview, TWorkEntry } from '@picbook/contracts';
import { ErrorCode } from '@picbook/contracts/errors';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppNavigate } from '../../shared/navigation/app-navigate';
import { useJump } from '../../shared/navigation/jump';
import { isRequestError } from '../../shared/request/request-error';
import { useRecordingDeviceOnly } from '../../shared/settings/recording-device-only';
import { Button } from '../../shared/ui/Button';
import lost from '../../shared/ui/illustrations/mascot-lost.svg';
import oops from '../../shared/ui/illustrations/mascot-oops.svg';
import welcome from '../../shared/ui/illustrations/mascot-welcome.svg';
import { Avatar } from './Avatar';
import { WorkCard, WorkCardSkeleton } from './WorkCard';
import styles from './WorksHome.module.css';
import { WorksMessage } from './WorksMessage';
import { useWorksOwner } from './works-owner';
import { useUserOverview } from './works-queries';

/**
 * /works/home/:userId? — a child's works home: who they are, how many works and likes, and their
 * best works (up to 10) as covers to replay. Without a userId it is the current child's own home.
 * Another child's home shows only while their guardian has made the works public (10024
 * otherwise, said kindly); the choice itself lives in the parents' center, behind the gate.
 */
export default function WorksHomePage() {
  const { t } = useTranslation('works');
  const { userId: param } = useParams();
  const { userId, isOwn, isValid } = useWorksOwner(param);
  const overview = useUserOverview(userId, isOwn);

  const isHidden =
    !isValid ||
    (!isOwn && isRequestError(overview.error) && overview.error.code === ErrorCode.RecordNotFound);
  if (isHidden) {
    return (
      <div className={styles.page}>
        <WorksMessage art={welcome} title={t('home.notPublic')} hint={t('home.notPublicHint')} />
      </div>
    );
  }
  if (overview.isError) {
    return (
      <div className={styles.page}>
        <WorksMessage art={oops} title={t('home.loadFailed')}>
          <Button variant="secondary" onClick={() => void overview.refetch()}>
            {t('common.retry', { ns: 'translation' })}
          </Button>
        </WorksMessage>
      </div>
    );
  }
  if (overview.isPending) return <HomeSkeleton />;
  return <HomeView home={overview.data} isOwn={isOwn} />;
}

function HomeView({ home, isOwn }: { home: TUserOverview; isOwn: boolean }) {
  const { t } = useTranslation('works');
  const jump = useJump();
  const { go } = useAppNavigate();
  const { user } = home;
  const title = isOwn ? t('home.mine') : t('home.theirs', { name: user.nickname });
  // 录音只保存在本机 (decision 110): new readings are not filed, so no new works or rankings.
  const deviceOnly = useRecordingDeviceOnly();

  const handleOpen = (entry: TWorkEntry) =>
    jump('libraryProduction', { bookId: entry.work_info.book_id, rankId: entry.work_info.id });
  const handleAll = () => jump('worksList', {}, isOwn ? {} : { search: { user: user.id } });

  return (
    <div className={styles.page} data-testid="works-home" data-own={isOwn ? '1' : '0'}>
      <section className={styles.hero} aria-label={title}>
        <Avatar className={styles.avatar} src={user.avatar} name={user.nickname} />
        <div className={styles.who}>
          <h1 className={styles.name}>{user.nickname}</h1>
          <p className={styles.meta}>
            {user.regionName && <span className={styles.region}>{user.regionName}</span>}
            <span className={styles.levelChip}>{t('home.levelName', { level: user.level })}</span>
          </p>
        </div>
        <dl className={styles.stats}>
          <div className={styles.stat}>
            <dt>{t('home.works')}</dt>
            <dd data-testid="works-count">{home.works_count}</dd>
          </div>
          <div className={`${styles.stat} ${styles.likes}`}>
            <dt>{t('home.likes')}</dt>
            <dd data-testid="likes-total">
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
              </svg>
              {home.likes_total}
            </dd>
          </div>
        </dl>
        {home.works_count > 0 && (
          <Button size="large" className={styles.all} onClick={handleAll}>
            {t('home.all')}
          </Button>
        )}
      </section>

      <section className={styles.best}>
        <h2 className={styles.sectionTitle}>{t('home.best')}</h2>
        {home.best.length === 0 ? (
          <div className={styles.empty} data-testid="works-empty">
            <img src={lost} alt="" />
            <p>{isOwn ? t('home.emptyMine') : t('home.emptyTheirs')}</p>
            {isOwn && <Button onClick={() => go('/library')}>{t('home.toLibrary')}</Button>}
          </div>
        ) : (
          <ol className={styles.row}>
            {home.best.map((entry) => (
              <li key={entry.work_info.id}>
                <WorkCard entry={entry} onOpen={handleOpen} />
              </li>
            ))}
          </ol>
        )}
      </section>

      {isOwn && deviceOnly && (
        <p className={styles.hint} data-testid="works-device-only">
          {t('home.deviceOnly')}
        </p>
      )}
      {isOwn && (
        <p className={styles.hint} data-testid="works-parents-hint">
          <span className={home.is_public ? styles.public : styles.private}>
            {home.is_public ? t('home.isPublic') : t('home.isPrivate')}
          </span>
          {t('home.parentsHint')}
        </p>
      )}
    </div>
  );
}

function HomeSkeleton() {
  return (
    <div className={styles.page} aria-busy="true" data-testid="works-home-loading">
      <section className={`${styles.hero} ${styles.heroSkeleton}`} />
      <ol className={styles.row}>
        {[1, 2, 3, 4, 5].map((n) => (
          <li key={n}>
            <WorkCardSkeleton />
          </li>
        ))}
      </ol>
    </div>
  );
}
