import type { TMission, TRecommendation } from '@picbook/contracts';
import {
  collectableMissions,
  GROWTH_TYPES,
  kobFeatureOn,
  nextRecommendations,
  type RecommendState,
  recommendPage,
  startRecommendations,
} from '@picbook/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { appEnv } from '../../../shared/platform/env';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import coinIcon from '../../../shared/ui/icons/coin.svg';
import diamondIcon from '../../../shared/ui/icons/diamond.svg';
import oops from '../../../shared/ui/illustrations/mascot-oops.svg';
import { StateScreen } from '../../../shared/ui/StateScreen';
import { GrowthRewardBurst } from '../components/GrowthRewardBurst';
import { KobPanel } from '../components/KobPanel';
import bookIcon from '../icons/book.svg';
import booksIcon from '../icons/books.svg';
import checkIcon from '../icons/check.svg';
import courseIcon from '../icons/course.svg';
import flameIcon from '../icons/flame.svg';
import footprintIcon from '../icons/footprint.svg';
import giftIcon from '../icons/gift.svg';
import medalIcon from '../icons/medal.svg';
import micIcon from '../icons/mic.svg';
import refreshIcon from '../icons/refresh.svg';
import speakIcon from '../icons/speak.svg';
import trophyIcon from '../icons/trophy.svg';
import { takeKobGuide } from '../kob-guide';
import {
  type CollectResult,
  useCollectMissions,
  useFootprints,
  useMissions,
} from '../missions-queries';
import styles from './GrowthPage.module.css';

const TYPE_ICON: Record<number, string> = {
  1: bookIcon,
  2: courseIcon,
  3: micIcon,
  4: flameIcon,
  5: booksIcon,
  6: medalIcon,
  7: speakIcon,
};

/**
 * /mission/growth — today's and this week's missions (collect one, or all at once with the
 * growth-reward animation), the footprint path of the child's level with its current card, and
 * recommendations three at a time (§4). Background music: the growth track (shell §4).
 */
export default function GrowthPage() {
  const { t } = useTranslation('missions');
  const missions = useMissions();
  const prints = useFootprints();
  const collect = useCollectMissions();
  const { go } = useAppNavigate();
  const [burst, setBurst] = useState<CollectResult | null>(null);
  const [kobOpen, setKobOpen] = useState(false);
  const user = useStartup((s) => s.user);
  const gray = useStartup((s) => s.configs?.gray_options);
  // Shell §6: the kob gate (the server checks it again, without knowing the shell).
  const kobOn =
    !!user &&
    !!gray &&
    kobFeatureOn({
      isXiaodu: appEnv().isXiaodu,
      isGuest: user.is_guest,
      doneCourses: user.done_courses,
      gray,
    });
  const [kobGuide, setKobGuide] = useState(false);
  useEffect(() => {
    if (!kobOn || !user) return;
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const input = {
      credits: user.credits,
      coins: user.coins,
      canEnterKob: true,
      planningToKob: false,
      today,
    };
    if (takeKobGuide(user.id, input)) setKobGuide(true);
  }, [kobOn, user]);

  if (missions.isError || prints.isError) {
    return (
      <StateScreen
        art={oops}
        title={t('loadFailed')}
        actions={
          <Button
            onClick={() => {
              void missions.refetch();
              void prints.refetch();
            }}
          >
            {t('retry')}
          </Button>
        }
      />
    );
  }
  const list = missions.data?.list ?? [];
  const footprintMissions = prints.data?.days.flatMap((d) => d.list) ?? [];
  const waiting = collectableMissions([...list, ...footprintMissions]);
  const collectThese = (chosen: readonly TMission[]) =>
    collect.mutate(chosen, { onSuccess: (sum) => sum.collected > 0 && setBurst(sum) });
  const daily = list.filter((m) => !GROWTH_TYPES.includes(m.type));
  const weekly = list.filter((m) => GROWTH_TYPES.includes(m.type));

  return (
    <div
      className={styles.page}
      data-testid="growth-page"
      data-status={missions.data?.status ?? ''}
    >
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        {kobOn && (
          <Button
            size="small"
            variant="sky"
            className={styles.kobButton}
            icon={<img src={trophyIcon} alt="" />}
            onClick={() => {
              setKobGuide(false);
              setKobOpen(true);
            }}
            data-testid="kob-open"
          >
            {t('kob.open')}
          </Button>
        )}
        {kobGuide && (
          <button
            type="button"
            className={styles.kobGuide}
            onClick={() => setKobGuide(false)}
            data-testid="kob-guide"
          >
            {t('kob.guide', { credits: user?.credits ?? 0 })}
          </button>
        )}
        <Button
          size="small"
          variant="grass"
          disabled={waiting.length === 0 || collect.isPending}
          onClick={() => collectThese(waiting)}
          data-testid="collect-all"
        >
          {t('collectAll')}
          {waiting.length > 0 && <span className={styles.badge}>{waiting.length}</span>}
        </Button>
      </header>
      <div className={styles.body}>
        <section className={styles.missions} aria-label={t('today')}>
          <h2>{t('today')}</h2>
          {daily.map((m) => (
            <MissionRow key={m.id} mission={m} onCollect={() => collectThese([m])} onGo={go} />
          ))}
          <h2>{t('weekly')}</h2>
          {weekly.map((m) => (
            <MissionRow key={m.id} mission={m} onCollect={() => collectThese([m])} onGo={go} />
          ))}
        </section>
        <div className={styles.side}>
          <section className={styles.footprints} aria-label={t('footprints')}>
            <h2>
              {t('footprints')} · {t('levelN', { n: prints.data?.level ?? 1 })}
            </h2>
            <ol className={styles.path}>
              {(prints.data?.days ?? []).map((d) => (
                <li
                  key={d.day}
                  className={`${styles.dayCard} ${d.current ? styles.currentCard : ''}`}
                  data-testid="footprint-day"
                  data-current={d.current ? '1' : '0'}
                >
                  <span className={styles.dayTitle}>
                    {t('dayN', { n: d.day })}
                    {d.current && (
                      <em className={styles.currentTag}>
                        <img className={styles.tagIcon} src={footprintIcon} alt="" /> {t('current')}
                      </em>
                    )}
                  </span>
                  <span className={styles.dayBooks}>
                    {d.list.map((m) => (
                      <button
                        key={m.id}
                        type="button"
                        className={`${styles.dayBook} ${styles[`s${m.status}`]}`}
                        onClick={() =>
                          m.status === 1 ? collectThese([m]) : m.link && void go(m.link)
                        }
                        data-testid="footprint-book"
                        data-status={m.status}
                        title={m.book_info?.title_en}
                      >
                        {m.book_info && (
                          <img
                            className={styles.dayCover}
                            src={m.book_info.cover.image_small}
                            alt=""
                          />
                        )}
                        {m.status !== 0 && (
                          <img
                            className={styles.mark}
                            src={m.status === 2 ? checkIcon : giftIcon}
                            alt={m.status === 2 ? t('collected') : t('collect')}
                          />
                        )}
                      </button>
                    ))}
                  </span>
                </li>
              ))}
            </ol>
          </section>
          <Recommendations pool={missions.data?.recommend ?? []} onOpen={(link) => void go(link)} />
        </div>
      </div>
      {kobOpen && <KobPanel onClose={() => setKobOpen(false)} onRead={() => void go('/library')} />}
      {burst && (
        <GrowthRewardBurst
          coins={burst.coins}
          diamonds={burst.diamonds}
          onClose={() => setBurst(null)}
        />
      )}
    </div>
  );
}

function MissionRow({
  mission: m,
  onCollect,
  onGo,
}: {
  mission: TMission;
  onCollect: () => void;
  onGo: (link: string) => void;
}) {
  const { t } = useTranslation('missions');
  return (
    <article
      className={`${styles.mission} ${styles[`s${m.status}`]}`}
      data-testid="mission"
      data-inner={m.inner_id}
      data-status={m.status}
    >
      <img className={styles.icon} src={TYPE_ICON[m.type] ?? bookIcon} alt="" />
      <span className={styles.text}>
        <strong>{m.title}</strong>
        <small>{m.desc}</small>
        <span className={styles.bar}>
          <span style={{ width: `${(100 * m.step) / Math.max(1, m.target)}%` }} />
        </span>
      </span>
      <span className={styles.reward}>
        <img src={coinIcon} alt={t('coins')} />
        {m.reward.coins}
        {m.reward.diamonds > 0 && (
          <>
            <img src={diamondIcon} alt={t('diamonds')} />
            {m.reward.diamonds}
          </>
        )}
      </span>
      {m.status === 1 ? (
        <Button size="small" onClick={onCollect} data-testid="mission-collect">
          {t('collect')}
        </Button>
      ) : m.status === 2 ? (
        <span className={styles.done}>{t('collected')}</span>
      ) : (
        <Button size="small" variant="secondary" onClick={() => m.link && onGo(m.link)}>
          {t('progress', { step: m.step, target: m.target })} {t('go')}
        </Button>
      )}
    </article>
  );
}

/** §4: three at a time; "another three" reshuffles the pool when fewer than six remain. */
function Recommendations({
  pool,
  onOpen,
}: {
  pool: readonly TRecommendation[];
  onOpen: (link: string) => void;
}) {
  const { t } = useTranslation('missions');
  const key = pool.map((p) => p.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pool is identified by its ids
  const fresh = useMemo(() => startRecommendations(pool, Math.random), [key]);
  const [state, setState] = useState<RecommendState<TRecommendation>>(fresh);
  useEffect(() => setState(fresh), [fresh]);
  const page = recommendPage(state);
  return (
    <section className={styles.recommend} aria-label={t('recommend')}>
      <h2>
        {t('recommend')}
        {pool.length > 3 && (
          <button
            type="button"
            className={styles.another}
            onClick={() => setState((s) => nextRecommendations(s, pool, Math.random))}
            data-testid="recommend-next"
          >
            <img className={styles.anotherIcon} src={refreshIcon} alt="" /> {t('another')}
          </button>
        )}
      </h2>
      {page.length === 0 ? (
        <p className={styles.empty}>{t('noRecommend')}</p>
      ) : (
        <div className={styles.cards}>
          {page.map((r) => (
            <button
              key={r.id}
              type="button"
              className={styles.card}
              onClick={() => onOpen(r.link)}
              data-testid="recommend-card"
            >
              <img className={styles.cardCover} src={r.cover} alt="" />
              <span className={styles.kind}>{r.kind === 'book' ? t('book') : t('course')}</span>
              <span className={styles.cardTitle}>{r.title}</span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
