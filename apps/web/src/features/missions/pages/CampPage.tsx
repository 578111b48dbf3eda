import type { TCampState } from '@picbook/contracts';
import type { CampKind } from '@picbook/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { Button } from '../../../shared/ui/Button';
import coinIcon from '../../../shared/ui/icons/coin.svg';
import diamondIcon from '../../../shared/ui/icons/diamond.svg';
import oops from '../../../shared/ui/illustrations/mascot-oops.svg';
import welcome from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { StateScreen } from '../../../shared/ui/StateScreen';
import { chinaDateOf, monthCells, shiftMonth } from '../camp-calendar';
import trophyIcon from '../icons/trophy.svg';
import { useCamp, useCampCalendar, useCampSuggest, useJoinCamp } from '../missions-queries';
import styles from './CampPage.module.css';

/** Which camp each mission route shows (/mission/joinCamp is the training camp's screen). */
const KIND_OF_PATH: Record<string, CampKind> = {
  '/mission/zero': 'freelearn',
  '/mission/freeRead': 'freeread',
  '/mission/freeLearn2': 'freelearn2',
  '/mission/trainingCamp': 'training',
  '/mission/joinCamp': 'training',
};
const ACTIVE_TYPE: Record<CampKind, number> = {
  freelearn: 1,
  freeread: 1,
  freelearn2: 2,
  training: 0,
};

/**
 * A camp: what it is and its reward; join (or choose a level); once joined, the month calendar
 * in China time with each day's state, today's books, and the reward or promotion at the end.
 */
export default function CampPage() {
  const { t } = useTranslation('missions');
  const { pathname } = useLocation();
  const kind = KIND_OF_PATH[pathname] ?? 'freelearn';
  const camp = useCamp(kind);

  if (camp.isError) {
    return (
      <StateScreen
        art={oops}
        title={t('loadFailed')}
        actions={<Button onClick={() => void camp.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const data = camp.data;
  if (data && !data.camp) return <StateScreen art={oops} title={t('camp.notOpen')} />;
  return (
    <div className={styles.page} data-testid="camp-page" data-kind={kind}>
      {data?.camp && <CampPanel kind={kind} state={data} />}
      {data?.user_active && <Calendar kind={kind} state={data} />}
      {data?.camp && !data.user_active && (
        <aside className={styles.preview} aria-hidden="true">
          <img src={welcome} alt="" />
          <span className={styles.previewDays}>{t('camp.days', { n: data.camp.days })}</span>
          <span className={styles.chips}>
            {Array.from({ length: data.camp.days }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one chip per camp day
              <span key={i}>{i + 1}</span>
            ))}
          </span>
        </aside>
      )}
    </div>
  );
}

function CampPanel({ kind, state }: { kind: CampKind; state: TCampState }) {
  const { t } = useTranslation('missions');
  const join = useJoinCamp(kind);
  const camp = state.camp;
  const active = state.user_active;
  const { go } = useAppNavigate();
  const suggest = useCampSuggest(kind, active !== null, ACTIVE_TYPE[kind]);
  if (!camp) return null;
  const choosesLevel = camp.levels.length > 0;
  return (
    <section className={styles.panel} data-joined={active ? '1' : '0'}>
      <h1 className={styles.name}>{camp.name}</h1>
      <p className={styles.desc}>{camp.desc}</p>
      <p className={styles.reward}>
        {t('camp.reward', { n: camp.days })}
        <img src={coinIcon} alt={t('coins')} /> {camp.reward.coins}
        <img src={diamondIcon} alt={t('diamonds')} /> {camp.reward.diamonds}
      </p>
      {!active ? (
        choosesLevel ? (
          <div className={styles.levels}>
            <span>{t('camp.chooseLevel')}</span>
            {camp.levels.map((l) => (
              <Button
                key={l}
                size="small"
                variant="sky"
                disabled={join.isPending}
                onClick={() => join.mutate(l)}
                data-testid="camp-level"
              >
                L{l}
              </Button>
            ))}
          </div>
        ) : (
          <Button
            size="large"
            className={styles.join}
            disabled={join.isPending}
            onClick={() => join.mutate(undefined)}
            data-testid="camp-join"
          >
            {t('camp.join')}
          </Button>
        )
      ) : (
        <>
          <p className={styles.status} data-testid="camp-status" data-day={active.day}>
            {active.day > camp.days
              ? t('camp.ended')
              : t('camp.dayOfCamp', { day: active.day, days: camp.days })}
            {' · '}
            {t('camp.done', { n: active.done_days })}
            {choosesLevel && ` · ${t('camp.levelChosen', { n: active.level })}`}
          </p>
          {active.finished ? (
            <div className={styles.finished} data-testid="camp-finished">
              <img src={trophyIcon} alt="" />
              {t('camp.finished')}
              {active.promo_link && (
                <Button
                  size="small"
                  onClick={() => active.promo_link && void go(active.promo_link)}
                >
                  {t('camp.promo')}
                </Button>
              )}
            </div>
          ) : (
            <div className={styles.todayBox}>
              <h2>{t('camp.todayBooks')}</h2>
              <div className={styles.books}>
                {(suggest.data?.list ?? []).map((e) => (
                  <button
                    key={e.book_info.id}
                    type="button"
                    className={styles.book}
                    onClick={() =>
                      void go(`/library/detail/${e.book_info.id}/${e.book_info.level}/0/0`)
                    }
                    data-testid="camp-book"
                  >
                    <img src={e.book_info.cover.image_small} alt="" />
                    <span>
                      <strong>{e.title}</strong>
                      <small lang="en">{e.book_info.title_en}</small>
                      <em className={e.done ? styles.doneTag : styles.readTag}>
                        {e.done ? t('camp.readDone') : t('camp.read')}
                      </em>
                    </span>
                  </button>
                ))}
              </div>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function Calendar({ kind, state }: { kind: CampKind; state: TCampState }) {
  const { t } = useTranslation('missions');
  const active = state.user_active;
  const days = state.camp?.days ?? 0;
  const startMonth = active ? chinaDateOf(active.start_time).slice(0, 7) : '';
  const endMonth = active ? chinaDateOf(active.start_time + (days - 1) * 86_400).slice(0, 7) : '';
  const todayMonth = chinaDateOf(Date.now() / 1000).slice(0, 7);
  const initial =
    todayMonth < startMonth ? startMonth : todayMonth > endMonth ? endMonth : todayMonth;
  const [month, setMonth] = useState(initial);
  const calendar = useCampCalendar(kind, month, active !== null);
  const byDate = new Map((calendar.data?.list ?? []).map((e) => [e.date, e]));
  const weekdays = t('camp.weekdays', { returnObjects: true }) as string[];
  const [year, mon] = month.split('-');
  return (
    <section className={styles.calendar} data-testid="camp-calendar" data-month={month}>
      <header className={styles.monthBar}>
        <button
          type="button"
          disabled={month <= startMonth}
          onClick={() => setMonth((m) => shiftMonth(m, -1))}
          aria-label={t('camp.prevMonth')}
        >
          ‹
        </button>
        <strong>{t('camp.monthTitle', { year, month: Number(mon) })}</strong>
        <button
          type="button"
          disabled={month >= endMonth}
          onClick={() => setMonth((m) => shiftMonth(m, 1))}
          aria-label={t('camp.nextMonth')}
          data-testid="camp-next-month"
        >
          ›
        </button>
      </header>
      <div className={styles.grid}>
        {weekdays.map((w, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed weekday header
          <span key={i} className={styles.weekday}>
            {w}
          </span>
        ))}
        {monthCells(month).map((date, i) => {
          const entry = date ? byDate.get(date) : undefined;
          return (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed grid cells
              key={i}
              className={`${styles.cell} ${entry ? styles[entry.state] : ''}`}
              data-testid={entry ? 'camp-day' : undefined}
              data-day={entry?.day}
              data-state={entry?.state}
              title={entry ? `${entry.title} · ${t(`camp.states.${entry.state}`)}` : undefined}
            >
              {date ? Number(date.slice(8)) : ''}
              {entry && <small>{t('dayN', { n: entry.day })}</small>}
            </span>
          );
        })}
      </div>
    </section>
  );
}
