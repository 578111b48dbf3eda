import type { TPk } from '@picbook/contracts';
import { WORK_TYPE, workTypeOfParam } from '@picbook/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { createTrack, type Track } from '../../shared/audio';
import { useJump } from '../../shared/navigation/jump';
import { useStartup } from '../../shared/startup/startup-store';
import { Button } from '../../shared/ui/Button';
import oopsArt from '../../shared/ui/illustrations/mascot-oops.svg';
import { StateScreen } from '../../shared/ui/StateScreen';
import { Avatar } from './Avatar';
import styles from './PkPage.module.css';
import { usePk } from './works-queries';

/**
 * /library/pk/:type/:bookId/:rankId — the child's best reading of a book against another child's,
 * sentence by sentence (or page by page in speak mode), both playable, with each score and who won.
 */
export default function PkPage() {
  const { t } = useTranslation('works');
  const { type: typeParam, bookId = '', rankId = '' } = useParams();
  const type = workTypeOfParam(typeParam);
  const pk = usePk(Number(bookId), type, Number(rankId));
  if (pk.isPending) return <div className={styles.page} data-testid="pk-loading" />;
  if (pk.isError || !pk.data) {
    return (
      <StateScreen
        art={oopsArt}
        title={t('pk.loadFailed')}
        actions={<Button onClick={() => void pk.refetch()}>{t('pk.retry')}</Button>}
      />
    );
  }
  return <PkView pk={pk.data} />;
}

function PkView({ pk }: { pk: TPk }) {
  const { t } = useTranslation('works');
  const jump = useJump();
  const me = useStartup((s) => s.user);
  const [playing, setPlaying] = useState<string | null>(null);
  const current = useRef<Track | null>(null);
  useEffect(() => () => current.current?.destroy(), []);
  const play = (url: string) => {
    current.current?.destroy();
    const track = createTrack({ url });
    current.current = track;
    setPlaying(url);
    track.subscribe(() => {
      const state = track.getSnapshot().state;
      if (state === 'ended' || state === 'error') setPlaying((p) => (p === url ? null : p));
    });
    track.play();
  };

  const verdict =
    pk.winner === 'mine' ? t('pk.win') : pk.winner === 'theirs' ? t('pk.lose') : t('pk.draw');
  return (
    <div className={styles.page} data-testid="pk" data-winner={pk.winner}>
      <header className={styles.versus}>
        <div className={`${styles.side} ${pk.winner === 'mine' ? styles.winner : ''}`}>
          <Avatar
            className={styles.avatar}
            src={pk.mine?.avatar || me?.children[0]?.avatar || ''}
            name={pk.mine?.nickname || me?.children[0]?.nickname || t('pk.me')}
          />
          <span className={styles.name}>{t('pk.me')}</span>
          <span className={styles.total} data-testid="pk-mine">
            {pk.totals.mine}
          </span>
        </div>
        <div className={styles.middle}>
          <span className={styles.vs}>{t('pk.vs')}</span>
          <span className={styles.verdict}>{verdict}</span>
        </div>
        <div className={`${styles.side} ${pk.winner === 'theirs' ? styles.winner : ''}`}>
          <Avatar className={styles.avatar} src={pk.theirs.avatar} name={pk.theirs.nickname} />
          <span className={styles.name}>{pk.theirs.nickname}</span>
          <span className={styles.total} data-testid="pk-theirs">
            {pk.totals.theirs}
          </span>
        </div>
      </header>

      {!pk.mine && (
        <div className={styles.noMine}>
          <span>{t('pk.noMine')}</span>
          <Button
            size="small"
            onClick={() =>
              jump(pk.type === WORK_TYPE.speak ? 'librarySpeak' : 'libraryRepeat', {
                bookId: pk.book_id,
                processId: '001',
              })
            }
          >
            {t('pk.goRead')}
          </Button>
        </div>
      )}

      <ol className={styles.items}>
        {pk.list.map((item) => (
          <li key={item.content_id} className={styles.item} data-testid="pk-item">
            <Side
              side={item.mine}
              onPlay={play}
              playing={playing}
              label={t('pk.play')}
              none={t('pk.none')}
            />
            <p className={styles.text} lang="en">
              {item.text}
            </p>
            <Side
              side={item.theirs}
              onPlay={play}
              playing={playing}
              label={t('pk.play')}
              none={t('pk.none')}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

function Side({
  side,
  onPlay,
  playing,
  label,
  none,
}: {
  side: TPk['list'][number]['mine'];
  onPlay: (url: string) => void;
  playing: string | null;
  label: string;
  none: string;
}) {
  if (!side) return <span className={styles.none}>{none}</span>;
  return (
    <button
      type="button"
      className={`${styles.play} ${playing === side.audio_url ? styles.playing : ''}`}
      aria-label={label}
      onClick={() => onPlay(side.audio_url)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M8 5v14l11-7z" fill="currentColor" />
      </svg>
      <span>{side.score}</span>
    </button>
  );
}
