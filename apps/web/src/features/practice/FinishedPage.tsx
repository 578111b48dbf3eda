import type { TFinishReward } from '@picbook/contracts';
import { WORK_TYPE, workTypeOfParam } from '@picbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useJump } from '../../shared/navigation/jump';
import { api } from '../../shared/request/api';
import { queryClient } from '../../shared/request/query-client';
import { RequestError } from '../../shared/request/request-error';
import { useStartup } from '../../shared/startup/startup-store';
import { Button } from '../../shared/ui/Button';
import coinIcon from '../../shared/ui/icons/coin.svg';
import creditIcon from '../../shared/ui/icons/credit.svg';
import oopsArt from '../../shared/ui/illustrations/mascot-oops.svg';
import mascot from '../../shared/ui/illustrations/mascot-welcome.svg';
import { StateScreen } from '../../shared/ui/StateScreen';
import { useCountUp } from '../../shared/ui/use-count-up';
import styles from './Finished.module.css';

/**
 * /library/finished/:type/:bookId/:uuid? (and the finished2 / finished4 variants, the same
 * screen): the run is finished on the server, which pays its rewards once; the coins and credits
 * count up from what the server says, and the balances in the top bar are reloaded from it.
 */
export default function FinishedPage() {
  const { t } = useTranslation('practice');
  const { type: typeParam, bookId = '', uuid } = useParams();
  const type = workTypeOfParam(typeParam);
  const id = Number(bookId);
  const jump = useJump();
  const finish = useQuery({
    queryKey: ['finish', id, type, uuid],
    queryFn: () =>
      api('finishBook', { params: { id }, query: { uuid: uuid ?? '', type } }, { silent: true }),
    enabled: Boolean(uuid),
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => !(error instanceof RequestError && error.code === 10400) && count < 1,
  });
  const paid = finish.data;
  useEffect(() => {
    if (!paid) return;
    void useStartup
      .getState()
      .reloadUser()
      .catch(() => undefined);
    // Rankings, "my place" and works lists now include this run.
    void queryClient.invalidateQueries({ queryKey: ['works'] });
  }, [paid]);
  // 10400: nothing was recorded in this run — news for the child, not a failure to retry.
  const nothingRead = finish.error instanceof RequestError && finish.error.code === 10400;

  // Sharing is real: the work's poster page shares it (the native share, the system share sheet,
  // or the poster to save), and the book's share reward is collected after an actual share.
  const share = () =>
    paid &&
    jump('libraryProductionFinished', { bookId: id, rankId: paid.work_id }, { replace: false });

  const again = () =>
    jump(
      type === WORK_TYPE.speak ? 'librarySpeak' : 'libraryRepeat',
      { bookId: id, processId: '001' },
      { replace: true, needBackPath: false, search: { ctn: 2 } },
    );
  const toBook = () =>
    jump(
      'libraryDetail',
      { bookId: id, level: 0, week: 0, day: 0 },
      { replace: true, needBackPath: false },
    );

  if (!uuid || finish.isError) {
    const canRetry = Boolean(uuid) && !nothingRead;
    return (
      <StateScreen
        art={oopsArt}
        title={canRetry ? t('finished.failed') : t('finished.noRun')}
        testId="finished-error"
        actions={
          <>
            {canRetry && <Button onClick={() => void finish.refetch()}>{t('retry')}</Button>}
            <Button variant="secondary" onClick={toBook}>
              {t('finished.toBook')}
            </Button>
          </>
        }
      />
    );
  }

  return (
    <div className={styles.page} data-testid="finished" data-state={paid ? 'done' : 'pending'}>
      <Confetti />
      <img className={styles.mascot} src={mascot} alt="" />
      <h1 className={styles.title}>{t('finished.title')}</h1>
      {!paid ? <p className={styles.loading}>{t('finished.loading')}</p> : <Rewards paid={paid} />}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="large"
          onClick={share}
          disabled={!paid}
          data-testid="finished-share"
        >
          {t('finished.share')}
        </Button>
        <Button
          variant="sky"
          size="large"
          disabled={!paid}
          onClick={() =>
            paid &&
            jump('libraryProduction', { bookId: id, rankId: paid.work_id }, { replace: true })
          }
        >
          {t('finished.production')}
        </Button>
        <Button variant="grass" size="large" onClick={again}>
          {t('finished.again')}
        </Button>
        <Button variant="secondary" size="large" onClick={toBook}>
          {t('finished.toBook')}
        </Button>
      </div>
    </div>
  );
}

function Rewards({ paid }: { paid: TFinishReward }) {
  const { t } = useTranslation('practice');
  const coins = useCountUp(paid.fixed_coins + paid.reward_coins);
  const credits = useCountUp(paid.fixed_credits + paid.reward_credits);
  return (
    <>
      <div className={styles.rewards}>
        <div className={styles.reward} data-testid="finished-coins">
          <img src={coinIcon} alt="" />
          <span className={styles.amount}>+{coins}</span>
          <span className={styles.unit}>{t('finished.coins')}</span>
        </div>
        <div className={styles.reward} data-testid="finished-credits">
          <img src={creditIcon} alt="" />
          <span className={styles.amount}>+{credits}</span>
          <span className={styles.unit}>{t('finished.credits')}</span>
        </div>
      </div>
      <p className={styles.detail}>
        {t('finished.fixed')} +{paid.fixed_coins} · {t('finished.bonus')} +{paid.reward_coins} ·{' '}
        {t('finished.score', { score: paid.score })}
      </p>
      <p className={styles.balance} data-testid="finished-balance">
        {t('finished.balance', { coins: paid.coins, credits: paid.credits })}
      </p>
    </>
  );
}

const PIECES = Array.from({ length: 18 }, (_, i) => i);
const COLORS = ['orange', 'lemon', 'grass', 'sky', 'grape', 'berry'] as const;

/** A short burst of paper pieces falling (CSS only; none with reduced motion). */
function Confetti() {
  return (
    <div className={styles.confetti} aria-hidden="true">
      {PIECES.map((i) => (
        <span
          key={i}
          className={`${styles.piece} ${styles[COLORS[i % COLORS.length] as string]}`}
          style={{ left: `${(i * 37) % 100}%`, animationDelay: `${(i % 6) * 120}ms` }}
        />
      ))}
    </div>
  );
}
