import { WORK_SORTS } from '@picbook/domain';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLevelColor } from '../../shared/startup/level-color';
import styles from './WorksFilters.module.css';
import { WORK_LEVELS } from './works-filter';
import type { WorksFilter } from './works-queries';

export interface WorksFilterProps {
  filter: WorksFilter;
  onChange: (filter: WorksFilter) => void;
}

const MODES = [
  { type: -1, key: 'all' },
  { type: 1, key: 'repeat' },
  { type: 2, key: 'speak' },
] as const;

/** Mode: 全部 / 跟读 / 口语. */
export function ModePicker({ filter, onChange }: WorksFilterProps) {
  const { t } = useTranslation('works');
  return (
    <Group label={t('list.modeLabel')}>
      {MODES.map((m) => (
        <Chip
          key={m.key}
          isOn={filter.type === m.type}
          onPick={() => onChange({ ...filter, type: m.type })}
        >
          {t(`list.mode.${m.key}`)}
        </Chip>
      ))}
    </Group>
  );
}

/** Book level: 全部, L1–L6 in the levels' colours. */
export function LevelPicker({ filter, onChange }: WorksFilterProps) {
  const { t } = useTranslation('works');
  return (
    <Group label={t('list.levelLabel')}>
      <Chip
        isOn={filter.level === null}
        label={t('list.levelAll')}
        onPick={() => onChange({ ...filter, level: null })}
      >
        {t('list.mode.all')}
      </Chip>
      {WORK_LEVELS.map((level) => (
        <LevelChip
          key={level}
          level={level}
          isOn={filter.level === level}
          onPick={() => onChange({ ...filter, level })}
        />
      ))}
    </Group>
  );
}

/** Order: 最新 / 最早 / 最高分 / 最多赞. */
export function SortPicker({ filter, onChange }: WorksFilterProps) {
  const { t } = useTranslation('works');
  return (
    <Group label={t('list.sortLabel')}>
      {WORK_SORTS.map((sort) => (
        <Chip key={sort} isOn={filter.sort === sort} onPick={() => onChange({ ...filter, sort })}>
          {t(`list.sort.${sort}`)}
        </Chip>
      ))}
    </Group>
  );
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.group} role="radiogroup" aria-label={label}>
      {children}
    </div>
  );
}

function Chip({
  isOn,
  onPick,
  label,
  className,
  style,
  children,
}: {
  isOn: boolean;
  onPick: () => void;
  label?: string;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of big candy buttons, not tiny native radios
    <button
      type="button"
      role="radio"
      aria-checked={isOn}
      aria-label={label}
      className={`${styles.chip} ${isOn ? styles.on : ''} ${className ?? ''}`}
      style={style}
      onClick={onPick}
    >
      {children}
    </button>
  );
}

function LevelChip({ level, isOn, onPick }: { level: number; isOn: boolean; onPick: () => void }) {
  const { t } = useTranslation('works');
  const color = useLevelColor(level);
  return (
    <Chip
      isOn={isOn}
      onPick={onPick}
      label={t('list.levelName', { level })}
      className={styles.level}
      style={{ '--level': color } as CSSProperties}
    >
      {t('list.levelShort', { level })}
    </Chip>
  );
}
