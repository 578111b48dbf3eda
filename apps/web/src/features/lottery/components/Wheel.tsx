import type { TLotteryAward } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import styles from './Lottery.module.css';

const COLORS = [
  '#FF8A3D',
  '#FFC23D',
  '#5CC86B',
  '#3DB6E8',
  '#7C6CF2',
  '#F2609E',
  '#FFB347',
  '#58C4EE',
];
const R = 100;

/** Point at `angle` degrees clockwise from the top, `radius` from the centre. */
const at = (angle: number, radius: number) => {
  const rad = (angle * Math.PI) / 180;
  return { x: radius * Math.sin(rad), y: -radius * Math.cos(rad) };
};

/**
 * The wheel: one segment per award, clockwise from the pointer at the top, turned by `angle`
 * degrees (the page animates it to the server's result). The button in the middle spins it.
 */
export function Wheel({
  awards,
  angle,
  isSpinning,
  canSpin,
  onSpin,
  onStopped,
}: {
  awards: readonly TLotteryAward[];
  angle: number;
  isSpinning: boolean;
  canSpin: boolean;
  onSpin: () => void;
  onStopped: () => void;
}) {
  const { t } = useTranslation('lottery');
  const seg = 360 / Math.max(1, awards.length);
  return (
    <div className={styles.wheelBox} data-testid="wheel">
      <div className={styles.wheelRim}>
        <div
          className={`${styles.wheel} ${isSpinning ? styles.wheelSpinning : ''}`}
          style={{ transform: `rotate(${angle}deg)` }}
          onTransitionEnd={onStopped}
          data-angle={angle}
        >
          <svg viewBox="-100 -100 200 200" aria-hidden="true">
            {awards.map((award, i) => {
              const a = at(i * seg, R);
              const b = at((i + 1) * seg, R);
              const mid = i * seg + seg / 2;
              const label = at(mid, 72);
              const icon = at(mid, 44);
              return (
                <g key={award.id}>
                  <path
                    d={`M0 0L${a.x} ${a.y}A${R} ${R} 0 ${seg > 180 ? 1 : 0} 1 ${b.x} ${b.y}Z`}
                    fill={COLORS[i % COLORS.length]}
                    stroke="#fff"
                    strokeWidth="1.5"
                    opacity={award.sold_out ? 0.55 : 1}
                  />
                  <text
                    x={label.x}
                    y={label.y}
                    transform={`rotate(${mid} ${label.x} ${label.y})`}
                    textAnchor="middle"
                    dominantBaseline="middle"
                    className={styles.segmentText}
                  >
                    {award.name}
                  </text>
                  <image
                    href={award.image}
                    x={icon.x - 13}
                    y={icon.y - 13}
                    width="26"
                    height="26"
                    transform={`rotate(${mid} ${icon.x} ${icon.y})`}
                  />
                </g>
              );
            })}
            <circle r="99" fill="none" stroke="#fff" strokeWidth="2" />
          </svg>
        </div>
        <div className={styles.pointer} aria-hidden="true" />
        <button
          type="button"
          className={styles.spin}
          aria-label={t('spinLabel')}
          disabled={!canSpin || isSpinning}
          onClick={onSpin}
          data-testid="spin-button"
        >
          {t('spin')}
        </button>
      </div>
    </div>
  );
}
