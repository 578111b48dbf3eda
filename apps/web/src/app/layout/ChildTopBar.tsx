import { CHILD_CURRENCIES, type ChildCurrency } from '@picbook/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../shared/navigation/app-navigate';
import { requestParentalMode } from '../../shared/parental-gate';
import { useSettings } from '../../shared/settings/user-settings';
import { useStartup } from '../../shared/startup/startup-store';
import { IconButton } from '../../shared/ui/IconButton';
import musicOffIcon from '../../shared/ui/icons/music-off.svg';
import musicOnIcon from '../../shared/ui/icons/music-on.svg';
import parentsIcon from '../../shared/ui/icons/parents.svg';
import logo from '../../shared/ui/illustrations/logo-mark.svg';
import styles from './ChildTopBar.module.css';
import { CURRENCY_ICONS } from './currency-icons';

/** A balance's record loads when a pill is first pressed: the first screen does not need it. */
const loadWalletDialog = () => import('./WalletDialog');
const WalletDialog = lazy(() => loadWalletDialog().then((m) => ({ default: m.WalletDialog })));

/**
 * Avatar and nickname, coins, credits and diamonds from the server (each pill opens its own
 * record), the background-music switch (the
 * play_bgm setting) and the way to the parents' area.
 */
export function ChildTopBar() {
  const { t } = useTranslation();
  const user = useStartup((s) => s.user);
  const { go } = useAppNavigate();
  const child = user?.children[0];
  const lockDelayS = useSettings((s) => s.values.parental_gate_lock_delay);
  const isMusicOn = useSettings((s) => s.values.play_bgm) === 1;
  const [open, setOpen] = useState<ChildCurrency | null>(null);
  const handleParents = async () => {
    if (await requestParentalMode({ lockDelayS })) await go('/parents/center');
  };
  return (
    <div className={styles.bar}>
      <div className={styles.me}>
        <img className={styles.avatar} src={child?.avatar || logo} alt="" />
        <span className={styles.name}>{child?.nickname || t('shell.defaultNickname')}</span>
      </div>
      <div className={styles.spacer} />
      {CHILD_CURRENCIES.map((currency) => (
        <button
          key={currency}
          type="button"
          className={styles.pill}
          title={t(`shell.${currency}`)}
          data-testid={`pill-${currency}`}
          onPointerDown={() => void loadWalletDialog()}
          onClick={() => setOpen(currency)}
        >
          <img src={CURRENCY_ICONS[currency]} alt={t(`shell.${currency}`)} />
          <span data-testid={currency}>{user?.[currency] ?? 0}</span>
        </button>
      ))}
      <IconButton
        className={styles.music}
        icon={isMusicOn ? musicOnIcon : musicOffIcon}
        label={isMusicOn ? t('shell.musicOff') : t('shell.musicOn')}
        aria-pressed={isMusicOn}
        data-testid="music-toggle"
        onClick={() => void useSettings.getState().save({ play_bgm: isMusicOn ? 0 : 1 })}
      />
      <button type="button" className={styles.parents} onClick={handleParents}>
        <img src={parentsIcon} alt="" />
        {t('shell.parents')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <WalletDialog currency={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
