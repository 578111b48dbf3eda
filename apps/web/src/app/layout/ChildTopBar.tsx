import { useTranslation } from 'react-i18next';
import { requestParentalMode } from '../../features/parents/gate';
import { useSettings } from '../../shared/settings/user-settings';
import { IconButton } from '../../shared/ui/IconButton';
import coinIcon from '../../shared/ui/icons/coin.svg';
import creditIcon from '../../shared/ui/icons/credit.svg';
import diamondIcon from '../../shared/ui/icons/diamond.svg';
import musicOffIcon from '../../shared/ui/icons/music-off.svg';
import musicOnIcon from '../../shared/ui/icons/music-on.svg';
import parentsIcon from '../../shared/ui/icons/parents.svg';
import logo from '../../shared/ui/illustrations/logo-mark.svg';
import { useAppNavigate } from '../navigation/app-navigate';
import { useStartup } from '../startup/startup-store';
import styles from './ChildTopBar.module.css';

/**
 * Avatar and nickname, coins and credits from the server, the background-music switch (the
 * play_bgm setting) and the way to the parents' area.
 */
export function ChildTopBar() {
  const { t } = useTranslation();
  const user = useStartup((s) => s.user);
  const { go } = useAppNavigate();
  const child = user?.children[0];
  const lockDelayS = useSettings((s) => s.values.parental_gate_lock_delay);
  const isMusicOn = useSettings((s) => s.values.play_bgm) === 1;
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
      <div className={styles.pill} title={t('shell.coins')}>
        <img src={coinIcon} alt={t('shell.coins')} />
        <span data-testid="coins">{user?.coins ?? 0}</span>
      </div>
      <div className={styles.pill} title={t('shell.credits')}>
        <img src={creditIcon} alt={t('shell.credits')} />
        <span data-testid="credits">{user?.credits ?? 0}</span>
      </div>
      <div className={styles.pill} title={t('shell.diamonds')}>
        <img src={diamondIcon} alt={t('shell.diamonds')} />
        <span data-testid="diamonds">{user?.diamonds ?? 0}</span>
      </div>
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
    </div>
  );
}
