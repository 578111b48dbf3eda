import type { TActivityData } from '@picbook/contracts';
import { POPUP_POINTS } from '@picbook/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSettings } from '../../shared/settings/user-settings';
import { useStartup } from '../../shared/startup/startup-store';
import { buildUserInfo } from '../../test/factories';
import { useActivityData } from './activity-store';
import { useEyeShield } from './eye-shield';
import { DEVICE_WIDE, popupHistory } from './popup-history';
import { closePopup, triggerPopup, usePopups } from './popup-store';

/** The scheduler wired to the app's state, with a fake clock (ms). */
const T0 = Date.UTC(2026, 10, 27, 2, 0, 0);
const HOUR = 3600_000;
const child = {
  id: 1,
  nickname: '宝宝',
  birthday: '2019-01-01',
  gender: 1,
  avatar: '',
  region: 214,
};
const emptyActivity: TActivityData = {
  popup_lib: [],
  auto_popups: [],
  act_popups: [],
  home_pop: [],
  home_pop_2: [],
  home_pop_3: [],
  home_pop_4: [],
  home_pop_5: [],
  parents_slide: [],
  points_slide: [],
  read_camp: null,
  promo_freelearn1: null,
  promo_freelearn2: null,
};

function signIn(patch: Parameters<typeof buildUserInfo>[0] = {}) {
  useStartup.setState({
    user: buildUserInfo({ children: [child as never], ...patch }),
  });
}

beforeEach(() => {
  localStorage.clear();
  usePopups.setState({ current: null });
  useEyeShield.setState({ startedAt: T0 });
  useActivityData.setState({ data: emptyActivity, state: 'done', loadedAt: T0 });
  useSettings.setState((s) => ({ values: { ...s.values, eye_shield: 60 } }));
});

describe('register success at cold boot (new registered user)', () => {
  it('shows once, counts it for the user on the device, then afterSystemPopup on close', () => {
    signIn({ reg_days: 0, is_first_login: true });
    expect(triggerPopup('coldBootToHome', T0)?.kind).toBe('registerSuccess');
    expect(popupHistory(100001).registerSuccess).toEqual([
      { point: 'coldBootToHome', at: T0 / 1000 },
    ]);
    closePopup(T0 + 1000);
    // Nothing else qualifies at afterSystemPopup here.
    expect(usePopups.getState().current).toBeNull();
    for (const later of [1, 15, 17, 48]) {
      // A fresh stretch of use each time, so the eye shield is not due.
      useEyeShield.setState({ startedAt: T0 + later * HOUR });
      expect(triggerPopup('coldBootToHome', T0 + later * HOUR)).toBeNull();
    }
  });

  it('another user on the same device has their own counts', () => {
    signIn({ reg_days: 0 });
    triggerPopup('coldBootToHome', T0);
    closePopup(T0);
    signIn({ id: 100002, reg_days: 0 });
    expect(triggerPopup('coldBootToHome', T0 + 1000)?.kind).toBe('registerSuccess');
  });
});

describe('visitor login for guests: every 16 h, 3 times', () => {
  it('follows the default rule with a fake clock', () => {
    signIn({ is_guest: true, reg_days: 0 });
    const shownAt: number[] = [];
    for (let hour = 0; hour <= 100; hour += 1) {
      useEyeShield.setState({ startedAt: T0 + hour * HOUR });
      const shown = triggerPopup('coldBootToHome', T0 + hour * HOUR);
      if (shown) {
        shownAt.push(hour);
        closePopup(T0 + hour * HOUR);
      }
    }
    // Cold boot max 3, and the parent point keeps one slot of the overall 3: two shows.
    expect(shownAt).toEqual([0, 16]);
  });
});

describe('activity popups from the activity data, read camp never for guests', () => {
  it('a member gets the read camp first, then the auto popup', () => {
    signIn();
    useActivityData.setState({
      data: {
        ...emptyActivity,
        read_camp: { id: 3 },
        popup_lib: [{ id: 7, title: '活动' }],
        auto_popups: [7],
      },
    });
    expect(triggerPopup('coldBootToHome', T0)).toMatchObject({ kind: 'readCamp', popupId: -2 });
    closePopup(T0);
    expect(triggerPopup('parentToHome', T0 + 1000)).toMatchObject({ kind: 'activity', popupId: 7 });
  });

  it('a guest past the visitor popup skips the read camp', () => {
    signIn({ is_guest: true });
    useActivityData.setState({
      data: {
        ...emptyActivity,
        read_camp: { id: 3 },
        popup_lib: [{ id: 7, title: '活动' }],
        auto_popups: [-2, 7],
      },
    });
    triggerPopup('coldBootToHome', T0);
    closePopup(T0);
    expect(triggerPopup('parentToHome', T0 + 1000)).toMatchObject({ kind: 'activity', popupId: 7 });
  });
});

describe('eye shield at the home points', () => {
  it.each(POPUP_POINTS)('%s', (point) => {
    signIn();
    const shown = triggerPopup(point, T0 + 61 * 60_000);
    expect(shown?.kind === 'eyeShield').toBe(point !== 'parent');
  });

  it('not before the configured minutes; closing restarts the timer', () => {
    signIn();
    useSettings.setState((s) => ({ values: { ...s.values, eye_shield: 20 } }));
    expect(triggerPopup('home', T0 + 20 * 60_000)).toBeNull();
    expect(triggerPopup('home', T0 + 21 * 60_000)?.kind).toBe('eyeShield');
    closePopup(T0 + 25 * 60_000);
    expect(useEyeShield.getState().startedAt).toBe(T0 + 25 * 60_000);
    expect(triggerPopup('home', T0 + 30 * 60_000)).toBeNull();
  });
});

describe('device-wide shows (how the browser journeys keep popups out of the way)', () => {
  it('count for every user of the device', () => {
    localStorage.setItem(
      'popup_history',
      JSON.stringify({
        [DEVICE_WIDE]: JSON.stringify({
          registerSuccess: [{ point: 'coldBootToHome', at: 4102444800 }],
        }),
      }),
    );
    signIn({ reg_days: 0 });
    expect(triggerPopup('coldBootToHome', T0)).toBeNull();
  });
});
