import type { UserSettings } from '@picbook/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Language, setLanguage } from '../../../shared/i18n';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { appEnv } from '../../../shared/platform/env';
import { canUsePoints } from '../../../shared/platform/points-env';
import { api } from '../../../shared/request/api';
import { useLoginLayer } from '../../../shared/session/login-layer';
import { useSession } from '../../../shared/session/session';
import { useSettings } from '../../../shared/settings/user-settings';
import { membershipOf } from '../../../shared/startup/membership';
import { useStartup } from '../../../shared/startup/startup-store';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import logo from '../../../shared/ui/illustrations/logo-mark.svg';
import { ChildSetupFlow } from '../../child';
import { ParentsSlides } from '../../shell';
import { ParentsLearningLinks } from '../components/ParentsLearningLinks';
import { PublicWorksSetting } from '../components/PublicWorksSetting';
import { RecordingPlaceSetting, SpeechPrefetchSetting } from '../components/RecordingPlaceSetting';
import { useSaveSetting } from '../save-setting';
import styles from './Parents.module.css';

type Option = { value: number; label: string };

/** The documents the app serves under /legal/. */
const LEGAL_PAGES = [
  { key: 'userAgreement', href: '/legal/user-agreement.html' },
  { key: 'privacyPolicy', href: '/legal/privacy-policy.html' },
  { key: 'childrenPrivacy', href: '/legal/children-privacy.html' },
] as const;

/**
 * Parents' center: the account, learning settings (with whether others see the child's works),
 * documents, log out and account deletion.
 */
export default function ParentsCenterPage() {
  const { t, i18n } = useTranslation('parents');
  const { t: ts } = useTranslation('store');
  const user = useStartup((s) => s.user);
  // The one "valid until" rule (decision 093), as the store and the order pages show it.
  const membership = membershipOf(user);
  const values = useSettings((s) => s.values);
  const { go } = useAppNavigate();
  const [isEditingChild, setEditingChild] = useState(false);
  const [isConfirmingLogout, setConfirmingLogout] = useState(false);
  const child = user?.children[0];

  const settingRows: Array<{ key: keyof UserSettings; label: string; options: Option[] }> = [
    {
      key: 'library_page_type',
      label: t('pageType'),
      options: [
        { value: 1, label: t('pageTypeAuto') },
        { value: 0, label: t('pageTypeManual') },
      ],
    },
    {
      key: 'library_repeat_type',
      label: t('repeatType'),
      options: [
        { value: 0, label: t('repeatSentence') },
        { value: 1, label: t('repeatPage') },
      ],
    },
    {
      key: 'eye_shield',
      label: t('eyeShield'),
      options: [20, 30, 45, 60, 90].map((n) => ({ value: n, label: t('minutes', { n }) })),
    },
    {
      key: 'play_bgm',
      label: t('bgm'),
      options: [
        { value: 1, label: t('on') },
        { value: 0, label: t('off') },
      ],
    },
    {
      key: 'parental_gate_lock_delay',
      label: t('gateDelay'),
      options: [
        { value: 0, label: t('gateEvery') },
        { value: 60, label: t('gateSeconds', { n: 60 }) },
        { value: 300, label: t('gateMinutes', { n: 5 }) },
        { value: 600, label: t('gateMinutes', { n: 10 }) },
      ],
    },
    {
      key: 'kob_schedule',
      label: t('kob'),
      options: [
        { value: 1, label: t('kobDaily') },
        { value: 12345, label: t('kobWeekdays') },
        { value: 67, label: t('kobWeekend') },
        { value: 0, label: t('kobNever') },
      ],
    },
    {
      key: 'home_index',
      label: t('homeIndex'),
      options: [0, 1, 2].map((value) => ({
        value,
        label: i18n.t(`tabs.${(['library', 'learning', 'words'] as const)[value] ?? 'library'}`),
      })),
    },
  ];

  const handleSetting = useSaveSetting();

  const handleLogout = async () => {
    await api('logout', undefined, { silent: true }).catch(() => undefined);
    useSession.getState().logout();
  };

  return (
    <div className={styles.page} data-testid="parents-center">
      <section className={`${styles.card} ${styles.account}`}>
        <img className={styles.avatar} src={child?.avatar || logo} alt="" />
        <div className={styles.accountText}>
          <div className={styles.name}>
            {child?.nickname ?? t('noChild')}
            {user?.is_guest && <span className={styles.badge}>{t('guestBadge')}</span>}
            {user?.vip === 1 && <span className={styles.badge}>{t('vipBadge')}</span>}
          </div>
          <div className={styles.meta}>
            {user?.phone || ''} {t('userId', { id: user?.id ?? '' })}
          </div>
          {membership.kind !== 'none' && (
            <div className={styles.meta} data-testid="parents-vip-until">
              {membership.kind === 'lifetime'
                ? ts('memberLife')
                : ts('memberUntil', { date: membership.date })}
            </div>
          )}
        </div>
        {child && (
          <button
            type="button"
            className={styles.small}
            onClick={() => setEditingChild(true)}
            data-testid="edit-child"
          >
            {t('editChild')}
          </button>
        )}
      </section>
      {user?.is_guest && (
        <Button block onClick={() => useLoginLayer.getState().open()}>
          {t('guestUpgrade')}
        </Button>
      )}

      <ParentsSlides />
      <ParentsLearningLinks />
      {canUsePoints(appEnv()) && !user?.is_guest && (
        <section className={styles.card}>
          <Link className={styles.row} to="/parents/points" data-testid="points-link">
            {t('pointsMall')} <span className={styles.chevron}>›</span>
          </Link>
          <Link className={styles.row} to="/parents/giftList" data-testid="gift-list-link">
            {t('giftListLink')} <span className={styles.chevron}>›</span>
          </Link>
        </section>
      )}
      <h2 className={styles.section}>{t('storeTitle')}</h2>
      <section className={styles.card}>
        <Link className={styles.row} to="/parents/store" data-testid="parents-store-link">
          {t('storeLink')} <span className={styles.chevron}>›</span>
        </Link>
        <Link className={styles.row} to="/parents/store/problem">
          {t('ordersLink')} <span className={styles.chevron}>›</span>
        </Link>
        <Link className={styles.row} to="/parents/giftCard" data-testid="gift-card-link">
          {t('giftCardLink')} <span className={styles.chevron}>›</span>
        </Link>
      </section>

      <h2 className={styles.section}>{t('settingsTitle')}</h2>
      <section className={styles.card}>
        {settingRows.map((row) => (
          <label key={row.key} className={styles.row}>
            <span>{row.label}</span>
            <select
              value={values[row.key]}
              onChange={(e) => void handleSetting(row.key, Number(e.target.value))}
              data-setting={row.key}
            >
              {row.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        <PublicWorksSetting className={styles.row} />
        <RecordingPlaceSetting className={styles.row} />
        <SpeechPrefetchSetting className={styles.row} />
        <label className={styles.row}>
          <span>{t('language')}</span>
          <select value={i18n.language} onChange={(e) => setLanguage(e.target.value as Language)}>
            <option value="zh-CN">中文</option>
            <option value="en">English</option>
          </select>
        </label>
      </section>

      <h2 className={styles.section}>{t('accountTitle')}</h2>
      <section className={styles.card}>
        {LEGAL_PAGES.map((doc) => (
          <a
            key={doc.key}
            className={styles.row}
            href={doc.href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t(doc.key)} <span className={styles.chevron}>›</span>
          </a>
        ))}
        <Link className={`${styles.row} ${styles.danger}`} to="/parents/deleteAccount">
          {t('deleteAccount')} <span className={styles.chevron}>›</span>
        </Link>
      </section>
      <Button
        variant="secondary"
        block
        onClick={() => setConfirmingLogout(true)}
        data-testid="logout"
      >
        {t('logout')}
      </Button>
      {isConfirmingLogout && (
        <Dialog
          title={t('logoutTitle')}
          onClose={() => setConfirmingLogout(false)}
          testId="logout-confirm"
          actions={
            <>
              <Button variant="secondary" block onClick={() => setConfirmingLogout(false)}>
                {t('cancel')}
              </Button>
              <Button
                block
                onClick={() => void handleLogout().then(() => go('/library', { replace: true }))}
              >
                {t('logout')}
              </Button>
            </>
          }
        >
          <p className={styles.confirmText}>{t('logoutConfirm')}</p>
        </Dialog>
      )}
      {isEditingChild && child && (
        <ChildSetupFlow
          child={child}
          onDone={() => {
            setEditingChild(false);
            toast.success(t('saved'));
          }}
          onCancel={() => setEditingChild(false)}
        />
      )}
    </div>
  );
}
