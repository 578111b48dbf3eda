import type { TLearnSetting } from '@picbook/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canAskForPush, enablePush } from '../../../shared/push/enable-push';
import { api } from '../../../shared/request/api';
import { queryClient } from '../../../shared/request/query-client';
import { getDeviceSetting, setDeviceSetting } from '../../../shared/settings/device-settings';
import { useStartup } from '../../../shared/startup/startup-store';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import { followLevel } from '../level-switch';
import styles from '../pages/Reports.module.css';
import { reportKeys } from '../report-queries';

const GOALS = [10, 15, 20, 30, 45, 60];

/** The learn setting (POST /api/v1/parent_space/learn_setting): goal, days, reminder, level. */
export function LearnSettingCard({ initial }: { initial: TLearnSetting }) {
  const { t } = useTranslation('reports');
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const weekdays = t('setting.weekdays', { returnObjects: true }) as string[];
  const toggleDay = (day: number) => {
    const has = value.study_days.includes(day);
    const days = has ? value.study_days.filter((d) => d !== day) : [...value.study_days, day];
    if (days.length > 0) setValue({ ...value, study_days: days });
  };
  const save = async () => {
    setBusy(true);
    try {
      await api('learnSetting', { body: value });
      toast.success(t('setting.saved'));
      // A new level: the library and the plan open there (decision 095).
      if (value.level !== initial.level) followLevel(value.level);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.all }),
        useStartup
          .getState()
          .reloadUser()
          .catch(() => undefined),
      ]);
    } catch {
      // The request layer shows the server's message.
    } finally {
      setBusy(false);
    }
  };
  const chip = (on: boolean) => `${styles.chip} ${on ? styles.chipOn : ''}`;
  return (
    <section className={styles.card} data-testid="learn-setting">
      <h2 className={styles.cardTitle}>{t('setting.title')}</h2>
      <div className={styles.field}>
        <span className={styles.muted}>{t('setting.daily')}</span>
        <div className={styles.chips}>
          {GOALS.map((n) => (
            <button
              key={n}
              type="button"
              className={chip(value.daily_minutes === n)}
              aria-pressed={value.daily_minutes === n}
              onClick={() => setValue({ ...value, daily_minutes: n })}
            >
              {t('setting.minutes', { n })}
            </button>
          ))}
        </div>
      </div>
      <div className={styles.field}>
        <span className={styles.muted}>{t('setting.days')}</span>
        <div className={styles.chips}>
          {weekdays.map((label, i) => (
            <button
              key={label}
              type="button"
              className={chip(value.study_days.includes(i + 1))}
              aria-pressed={value.study_days.includes(i + 1)}
              onClick={() => toggleDay(i + 1)}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <label className={styles.field}>
        <span className={styles.muted}>{t('setting.reminder')}</span>
        <input
          className={styles.input}
          type="time"
          value={value.reminder_time ?? ''}
          onChange={(e) => setValue({ ...value, reminder_time: e.target.value || null })}
        />
      </label>
      {value.reminder_time ? <ReminderDevice /> : null}
      <div className={styles.field}>
        <span className={styles.muted}>{t('setting.level')}</span>
        <div className={styles.chips}>
          {[1, 2, 3, 4, 5, 6].map((level) => (
            <button
              key={level}
              type="button"
              className={chip(value.level === level)}
              aria-pressed={value.level === level}
              onClick={() => setValue({ ...value, level })}
            >
              {level}
            </button>
          ))}
        </div>
      </div>
      <Button onClick={() => void save()} disabled={busy}>
        {t('setting.save')}
      </Button>
    </section>
  );
}

/** The reminder's rule, and turning notifications on for this device (decision 100). */
function ReminderDevice() {
  const { t } = useTranslation('reports');
  const userId = useStartup((s) => s.user?.id);
  const [on, setOn] = useState(
    () => userId !== undefined && getDeviceSetting('push_authorised', userId) === '1',
  );
  const enable = async () => {
    const result = await enablePush();
    if (result === 'subscribed' && userId !== undefined) {
      setDeviceSetting('push_authorised', userId, '1');
      setOn(true);
      toast.success(t('setting.reminderEnabled'));
    } else if (result === 'denied') {
      toast.info(t('setting.reminderDenied'));
    }
  };
  return (
    <div className={styles.field} data-testid="reminder-device">
      <span className={styles.muted}>{t('setting.reminderHint')}</span>
      {on ? (
        <span className={styles.muted}>{t('setting.reminderEnabled')}</span>
      ) : canAskForPush() ? (
        <Button variant="secondary" onClick={enable}>
          {t('setting.reminderEnable')}
        </Button>
      ) : null}
    </div>
  );
}
