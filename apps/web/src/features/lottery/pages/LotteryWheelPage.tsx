import type { TApplyMethod, TLotteryAward, TLotteryDraw } from '@picbook/contracts';
import { chancesAfterDraw, wheelTarget } from '@picbook/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useParentalMode } from '../../../shared/navigation/parental-mode';
import { requestParentalMode } from '../../../shared/parental-gate';
import { appEnv } from '../../../shared/platform/env';
import { canUsePoints } from '../../../shared/platform/points-env';
import { uuidV4 } from '../../../shared/platform/uuid';
import { api } from '../../../shared/request/api';
import { useSettings } from '../../../shared/settings/user-settings';
import { shareFromScreen } from '../../../shared/share/share';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { PointsUnavailable, refreshPoints, useLotteryInfo } from '../../points';
import { Wheel } from '../components/Wheel';
import { showLotteryError } from '../lottery-errors';
import styles from './LotteryPages.module.css';

const dateOf = (s: number) => new Date(s * 1000).toLocaleDateString('zh-CN');
/** A little longer than the wheel's 4.6 s turn. */
const SPIN_GUARD_MS = 5200;

/**
 * /act/lotteryWheel/{lotteryId}: the child spins; the server draws and the wheel turns to its
 * result. Today's free spins, more spins, the published odds and the rules are on the page.
 */
export default function LotteryWheelPage() {
  const { t } = useTranslation('lottery');
  const id = Number(useParams().lotteryId);
  const { data: info, isError, refetch } = useLotteryInfo(id);
  // §4: after a draw the info is refreshed without resetting the prize pool on the wheel.
  const [pool, setPool] = useState<TLotteryAward[] | null>(null);
  const [chances, setChances] = useState(0);
  const [angle, setAngle] = useState(0);
  const [isSpinning, setSpinning] = useState(false);
  const [result, setResult] = useState<TLotteryDraw | null>(null);
  const pending = useRef<TLotteryDraw | null>(null);
  const guard = useRef<number | undefined>(undefined);
  const [busyMethod, setBusyMethod] = useState<string | null>(null);
  const lockDelayS = useSettings((s) => s.values.parental_gate_lock_delay);

  useEffect(() => {
    if (info && !pool) setPool(info.awards);
    if (info && !isSpinning) setChances(info.chances_count);
  }, [info, pool, isSpinning]);

  if (!canUsePoints(appEnv())) return <PointsUnavailable />;
  if (isError) {
    return (
      <div className={styles.message}>
        <p>{t('loadFailed')}</p>
        <Button onClick={() => void refetch()}>{t('retry')}</Button>
      </div>
    );
  }
  if (!info || !pool) return <div className={styles.page} aria-busy="true" />;

  const isRunning = info.status === 1;
  const handleStopped = () => {
    window.clearTimeout(guard.current);
    if (!pending.current) return;
    setResult(pending.current);
    pending.current = null;
    setSpinning(false);
    void refetch();
    void refreshPoints();
  };
  const handleSpin = async () => {
    if (isSpinning) return;
    setSpinning(true);
    try {
      const draw = await api(
        'lotteryDraw',
        { body: { id, request_id: uuidV4() } },
        { silent: true },
      );
      pending.current = draw;
      setChances((before) => chancesAfterDraw(before, draw.chances_count));
      setAngle((from) => wheelTarget(draw.index, pool.length, from));
      // The wheel's transitionend shows the result; this is the guard if it never comes.
      guard.current = window.setTimeout(handleStopped, SPIN_GUARD_MS);
    } catch (error) {
      setSpinning(false);
      showLotteryError(error, t('loadFailed'));
      void refetch();
    }
  };
  const handleDaily = async () => {
    try {
      const answer = await api('lotteryGetReward', { body: { id } }, { silent: true });
      toast.success(t('daily.got', { n: answer.daily_benefit.chances }));
      setChances(answer.chances_count);
      void refetch();
    } catch (error) {
      showLotteryError(error, t('loadFailed'));
    }
  };
  const handleApply = async (method: TApplyMethod) => {
    // Spending the family's points is a parent's decision: the parental gate first.
    if (method.cost > 0 && !useParentalMode.getState().active) {
      if (!(await requestParentalMode({ lockDelayS }))) return;
    }
    setBusyMethod(method.method);
    try {
      if (method.method === 'share') await shareWheel(t('shareText'), t('shareCopied'));
      const answer = await api(
        'lotteryApplyChance',
        { body: { id, method: method.method as 'share' } },
        { silent: true },
      );
      setChances(answer.chances_count);
      toast.success(t('got', { n: method.chances }));
      void refetch();
      if (method.cost > 0) void refreshPoints();
    } catch (error) {
      showLotteryError(error, t('loadFailed'));
    } finally {
      setBusyMethod(null);
    }
  };

  return (
    <div className={styles.page} data-testid="lottery-wheel">
      <div className={styles.stage}>
        <h1 className={styles.title}>{info.title}</h1>
        <div className={styles.chances} data-testid="chances">
          {t('chances', { n: chances })}
        </div>
        <Wheel
          awards={pool}
          angle={angle}
          isSpinning={isSpinning}
          canSpin={isRunning && chances > 0}
          onSpin={() => void handleSpin()}
          onStopped={handleStopped}
        />
        {!isRunning && (
          <p className={styles.notice}>
            {Date.now() / 1000 < info.start_time ? t('notStarted') : t('ended')}
          </p>
        )}
      </div>
      <div className={styles.panel}>
        {isRunning && (
          <Button
            block
            size="large"
            variant={info.daily_benefit.status ? 'secondary' : 'primary'}
            disabled={info.daily_benefit.status === 1}
            onClick={() => void handleDaily()}
            data-testid="daily-benefit"
          >
            {info.daily_benefit.status ? t('daily.collected') : t('daily.collect')}
          </Button>
        )}
        {info.apply_methods.length > 0 && (
          <section className={styles.card}>
            <h2>{t('more')}</h2>
            {info.apply_methods.map((m) => (
              <div key={m.method} className={styles.method} data-method={m.method}>
                <div className={styles.methodText}>
                  <strong>{m.title}</strong>
                  <span>{m.desc}</span>
                </div>
                <button
                  type="button"
                  className={styles.methodButton}
                  disabled={!m.available || busyMethod !== null}
                  onClick={() => void handleApply(m)}
                >
                  {m.available
                    ? m.cost > 0
                      ? t('costs', { n: m.cost })
                      : t('apply')
                    : t('usedUp')}
                </button>
              </div>
            ))}
          </section>
        )}
        <section className={styles.card} data-testid="lottery-odds">
          <h2>{t('odds')}</h2>
          <table className={styles.odds}>
            <thead>
              <tr>
                <th>{t('oddsPrize')}</th>
                <th>{t('oddsChance')}</th>
                <th>{t('oddsStock')}</th>
              </tr>
            </thead>
            <tbody>
              {info.awards.map((a) => (
                <tr key={a.id}>
                  <td>{a.name}</td>
                  <td>{a.probability.toFixed(2)}%</td>
                  <td>{a.stock === null ? t('unlimited') : a.sold_out ? t('soldOut') : a.stock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className={styles.card}>
          <h2>{t('rules')}</h2>
          <p className={styles.rules}>{info.rules}</p>
          <p className={styles.muted}>
            {t('period', { from: dateOf(info.start_time), to: dateOf(info.end_time) })}
          </p>
        </section>
        <Link className={styles.prizesLink} to="/act/lotteryPrizes">
          🎁 {t('myPrizes')} ›
        </Link>
      </div>
      {result && (
        <Dialog
          title={result.award.kind === 'none' ? t('result.none') : t('result.title')}
          testId="lottery-result"
          actions={
            <Button block onClick={() => setResult(null)}>
              {t('result.ok')}
            </Button>
          }
        >
          <div className={styles.result}>
            <img src={result.award.image} alt="" />
            <strong data-testid="result-name">{result.award.name}</strong>
            <p>
              {result.award.kind === 'none'
                ? t('result.thanks')
                : t(`result.${result.award.kind}`, { n: result.award.amount })}
            </p>
          </div>
        </Dialog>
      )}
    </div>
  );
}

/** Shares the wheel (native share, the system sheet, or its link copied) and records it. */
async function shareWheel(text: string, copied: string): Promise<void> {
  await shareFromScreen({
    key: 'lottery',
    text,
    url: window.location.href,
    copiedMessage: copied,
  });
}
