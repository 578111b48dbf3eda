import type { TEntranceItem } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import giftIcon from '../../../shared/ui/icons/coin.svg';
import { useActivityData } from '../activity-store';
import { useEntrance } from '../use-entrance';
import styles from './Shell.module.css';

/** A stable empty list (a new [] per render would loop the store subscription). */
const NONE: TEntranceItem[] = [];

/** The home activity icons (home_pop): each runs its entrance action. */
export function HomeEntrances() {
  const { t } = useTranslation('shell');
  const items = useActivityData((s) => s.data?.home_pop ?? NONE);
  const run = useEntrance();
  if (items.length === 0) return null;
  return (
    <nav className={styles.entrances} aria-label={t('activities')} data-testid="home-entrances">
      {items.map((item) => (
        <EntranceButton
          key={entranceKey(item)}
          item={item}
          onRun={run}
          className={styles.entrance}
        />
      ))}
    </nav>
  );
}

/** The parents' slides (parents_slide) on the parents' center. */
export function ParentsSlides() {
  const { t } = useTranslation('shell');
  const items = useActivityData((s) => s.data?.parents_slide ?? NONE);
  const run = useEntrance();
  if (items.length === 0) return null;
  return (
    <section className={styles.slides} aria-label={t('activities')} data-testid="parents-slides">
      {items.map((item) => (
        <EntranceButton key={entranceKey(item)} item={item} onRun={run} className={styles.slide} />
      ))}
    </section>
  );
}

/** Entrances have no id of their own: what they show and where they go tells them apart. */
function entranceKey(item: TEntranceItem): string {
  return [
    item.actId ?? item.id,
    item.title,
    item.link ?? item.uri ?? item.popup_id,
    item.image,
  ].join('|');
}

function EntranceButton({
  item,
  onRun,
  className,
}: {
  item: TEntranceItem;
  onRun: (item: TEntranceItem) => void;
  className: string | undefined;
}) {
  const { t } = useTranslation('shell');
  return (
    <button type="button" className={className} onClick={() => onRun(item)}>
      <img src={item.image || giftIcon} alt="" />
      <span>{item.title || t('activities')}</span>
    </button>
  );
}
