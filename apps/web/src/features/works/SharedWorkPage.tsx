import type { TSharedPage, TSharedWorkBody } from '@picbook/contracts';
import { WORK_TYPE } from '@picbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { applyRootFont } from '../../shared/platform/root-font';
import { api } from '../../shared/request/api';
import { RequestError } from '../../shared/request/request-error';
import { Button } from '../../shared/ui/Button';
import logo from '../../shared/ui/illustrations/logo-mark.svg';
import lostArt from '../../shared/ui/illustrations/mascot-lost.svg';
import oopsArt from '../../shared/ui/illustrations/mascot-oops.svg';
import { StateScreen } from '../../shared/ui/StateScreen';
import styles from './SharedWork.module.css';

/**
 * /s/:token — a child's work shared with the family (issue 40 item 2, decision 092). Opens
 * without an account, outside the app's login: the child's nickname, the pages of the book the
 * child read with their pictures and text, and the child's recordings to play, one by one or all
 * in a row. When the guardian has withdrawn consent, or the work is gone, it says so kindly.
 * Portrait first (a grandparent's phone); side by side on a landscape screen.
 */
export default function SharedWorkPage() {
  const { t } = useTranslation('works');
  const { token = '' } = useParams();
  useLayoutEffect(() => applyRootFont('parents'), []);
  const shared = useQuery({
    queryKey: ['shared-work', token],
    queryFn: () => api('sharedWork', { params: { token } }, { silent: true }),
    retry: (count, error) => !(error instanceof RequestError && error.code > 0) && count < 2,
    staleTime: 0,
    gcTime: 0,
  });
  useEffect(() => {
    const name = shared.data?.work?.nickname;
    document.title = name ? t('shared.docTitle', { name }) : t('shared.brand');
  }, [shared.data, t]);

  if (shared.isPending) return <div className={styles.page} data-testid="shared-loading" />;
  if (shared.isError) {
    // A link that is not one of ours (mistyped, altered) says the same kind thing as a withdrawn one.
    const refused = shared.error instanceof RequestError && shared.error.code > 0;
    return refused ? (
      <NoLongerShared />
    ) : (
      <StateScreen
        art={oopsArt}
        title={t('shared.loadFailed')}
        testId="shared-failed"
        actions={<Button onClick={() => void shared.refetch()}>{t('shared.retry')}</Button>}
      />
    );
  }
  if (!shared.data.work) return <NoLongerShared />;
  return <SharedWork work={shared.data.work} />;
}

function NoLongerShared() {
  const { t } = useTranslation('works');
  return (
    <StateScreen
      art={lostArt}
      title={t('shared.gone')}
      hint={t('shared.goneHint')}
      testId="shared-gone"
    />
  );
}

/** One recording's place in the play order. */
interface Take {
  key: string;
  url: string;
  page: number;
  /** The sentence it says (1-based), null for the whole page. */
  sentence: number | null;
}

function takesOf(pages: TSharedPage[]): Take[] {
  return pages.flatMap((p) =>
    p.recordings.map((r) => ({
      key: r.content_id,
      url: r.audio_url,
      page: p.page,
      sentence: r.sentence,
    })),
  );
}

function SharedWork({ work }: { work: TSharedWorkBody }) {
  const { t } = useTranslation('works');
  const player = usePlayer(takesOf(work.pages));
  const name = work.nickname || t('shared.child');
  const kind = work.type === WORK_TYPE.speak ? t('card.speak') : t('card.repeat');
  return (
    <main className={styles.page} data-testid="shared-work" data-playing={player.current ?? ''}>
      <header className={styles.header}>
        <img className={styles.cover} src={work.book.cover.image_small} alt="" />
        <div className={styles.heading}>
          <p className={styles.brand}>
            <img src={logo} alt="" />
            {t('shared.brand')}
          </p>
          <h1 className={styles.title} data-testid="shared-title">
            {t('shared.title', { name, kind })}
          </h1>
          <p className={styles.book}>
            《{work.book.title_cn}》 {work.book.title_en}
          </p>
          <p className={styles.score}>{t('shared.score', { score: work.score })}</p>
        </div>
        <Button
          size="large"
          variant={player.playingAll ? 'secondary' : 'primary'}
          onClick={player.playingAll ? player.stop : player.playAll}
          disabled={player.count === 0}
          data-testid="shared-play-all"
        >
          {player.playingAll ? t('shared.stop') : t('shared.playAll')}
        </Button>
      </header>
      {work.pages.length === 0 && <p className={styles.empty}>{t('shared.empty')}</p>}
      <ol className={styles.pages}>
        {work.pages.map((page) => (
          <li key={page.page} className={styles.card} data-testid="shared-page">
            <img
              className={styles.picture}
              src={page.image}
              alt={t('shared.pageAlt', { page: page.page })}
              style={{ backgroundImage: page.placeholder ? `url(${page.placeholder})` : undefined }}
            />
            <div className={styles.text}>
              {page.sentences.map((s, i) => {
                const n = i + 1;
                const lit = player.isOn(page.page, n);
                return (
                  <p key={s.en} className={`${styles.sentence} ${lit ? styles.lit : ''}`}>
                    <span className={styles.en}>{s.en}</span>
                    <span className={styles.zh}>{s.zh}</span>
                  </p>
                );
              })}
              <div className={styles.takes}>
                {page.recordings.map((r) => {
                  const on = player.current === r.content_id;
                  return (
                    <button
                      type="button"
                      key={r.content_id}
                      className={`${styles.take} ${on ? styles.takeOn : ''}`}
                      onClick={() => (on ? player.stop() : player.playOne(r.content_id))}
                      aria-pressed={on}
                      data-testid="shared-take"
                      data-content-id={r.content_id}
                    >
                      <span className={styles.takeIcon} aria-hidden="true">
                        {on ? '❚❚' : '▶'}
                      </span>
                      {r.sentence === null
                        ? t('shared.listenPage', { name })
                        : page.recordings.length > 1
                          ? t('shared.listenSentence', { name, n: r.sentence })
                          : t('shared.listen', { name })}
                    </button>
                  );
                })}
              </div>
            </div>
          </li>
        ))}
      </ol>
      <footer className={styles.footer}>{t('shared.footer')}</footer>
    </main>
  );
}

/**
 * Plays the child's recordings with one <audio> element: one on a tap, or all in reading order.
 * A recording that fails to play is skipped (the next one plays).
 */
function usePlayer(takes: Take[]) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [playingAll, setPlayingAll] = useState(false);
  const queue = useRef<Take[]>([]);

  const stop = useCallback(() => {
    queue.current = [];
    audio.current?.pause();
    setCurrent(null);
    setPlayingAll(false);
  }, []);

  const playNext = useCallback(() => {
    const next = queue.current.shift();
    if (!next) {
      setCurrent(null);
      setPlayingAll(false);
      return;
    }
    audio.current ??= new Audio();
    const element = audio.current;
    element.onended = () => playNext();
    element.onerror = () => playNext();
    element.src = next.url;
    setCurrent(next.key);
    void element.play().catch(() => playNext());
  }, []);

  useEffect(() => () => stop(), [stop]);

  const playOne = (key: string) => {
    queue.current = takes.filter((take) => take.key === key);
    setPlayingAll(false);
    playNext();
  };
  const playAll = () => {
    queue.current = [...takes];
    setPlayingAll(true);
    playNext();
  };
  const on = takes.find((take) => take.key === current) ?? null;
  return {
    current,
    playingAll,
    count: takes.length,
    stop,
    playOne,
    playAll,
    /** Whether sentence `n` of `page` is being heard (a page's recording lights all its lines). */
    isOn: (page: number, n: number) =>
      on !== null && on.page === page && (on.sentence === null || on.sentence === n),
  };
}
