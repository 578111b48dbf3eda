import type { TPopup } from '@picbook/contracts';
import {
  type ActivityPopup,
  choosePopup,
  type PopupKind,
  type PopupPoint,
  recordShow,
} from '@picbook/domain';
import { create } from 'zustand';
import { appEnv } from '../../shared/platform/env';
import { canAskForPush } from '../../shared/push/push-support';
import { getDeviceSetting } from '../../shared/settings/device-settings';
import { useSettings } from '../../shared/settings/user-settings';
import { useStartup } from '../../shared/startup/startup-store';
import { useActivityData } from './activity-store';
import { useEyeShield } from './eye-shield';
import { popupHistory, savePopupHistory } from './popup-history';

export interface ShownPopup {
  kind: PopupKind;
  /** popup_lib id of an activity popup; -1 official accounts, -2 read camp. */
  popupId?: number;
  /** The point it was chosen at; null when an entrance opened it. */
  point: PopupPoint | null;
}

interface PopupState {
  current: ShownPopup | null;
  /** The last point the scheduler was asked at and what it chose ('none'): shown as data-* for tests and support. */
  last: { point: PopupPoint; choice: PopupKind | 'none'; seq: number } | null;
}

export const usePopups = create<PopupState>(() => ({ current: null, last: null }));

function noteDecision(point: PopupPoint, choice: PopupKind | 'none'): void {
  const seq = (usePopups.getState().last?.seq ?? 0) + 1;
  usePopups.setState({ last: { point, choice, seq } });
}

/** Device kinds a rule's block_device may name: the platform and the channel. */
export function deviceKinds(): string[] {
  const env = appEnv();
  const kinds = env.isApp ? [env.os] : ['web'];
  if (env.channel) kinds.push(env.channel);
  return kinds;
}

/** The §3 popup_lib entry of an id, or null. */
export function findPopup(id: number): TPopup | null {
  return useActivityData.getState().data?.popup_lib.find((p) => p.id === id) ?? null;
}

function activityPopups(): ActivityPopup[] {
  const data = useActivityData.getState().data;
  if (!data) return [];
  return data.auto_popups.flatMap((id) => {
    if (id < 0) return [{ id }];
    const popup = data.popup_lib.find((p) => p.id === id);
    return popup ? [{ id, rule: popup.rule ?? null }] : [];
  });
}

/**
 * A popup point was reached (§4): the scheduler picks the first popup that qualifies, the show is
 * counted for this user on this device, and the popup host shows it. Nothing while one is open.
 */
export function triggerPopup(point: PopupPoint, now = Date.now()): ShownPopup | null {
  if (usePopups.getState().current) return null;
  const user = useStartup.getState().user;
  if (!user || user.children.length === 0) return null;
  const nowS = Math.floor(now / 1000);
  const history = popupHistory(user.id);
  const env = appEnv();
  const choice = choosePopup({
    point,
    now: nowS,
    activeSeconds: Math.floor((now - useEyeShield.getState().startedAt) / 1000),
    devices: deviceKinds(),
    user: {
      isGuest: user.is_guest,
      isNewUser: !user.is_guest && (user.is_first_login || user.reg_days === 0),
      regDays: user.reg_days,
    },
    history,
    readCampId: useActivityData.getState().data?.read_camp?.id ?? null,
    activityPopups: activityPopups(),
    eyeShield: {
      elapsedSeconds: (now - useEyeShield.getState().startedAt) / 1000,
      minutes: useSettings.getState().values.eye_shield,
    },
    push: {
      // The shell's push authorisation (§6), or Web Push in a browser that has not blocked it:
      // read only if the push popup is otherwise due (Notification.permission is a synchronous
      // call to the browser's process, in the first load's popup choice; issue 41).
      get capable() {
        return canAskForPush();
      },
      authorised: getDeviceSetting('push_authorised', user.id) === '1',
      parentEnv: env.isApp,
    },
  });
  noteDecision(point, choice?.kind ?? 'none');
  if (!choice) return null;
  if (choice.kind !== 'eyeShield') {
    savePopupHistory(user.id, recordShow(history, choice.key, { point, at: nowS }));
  }
  const shown: ShownPopup = { kind: choice.kind, popupId: choice.popupId, point };
  usePopups.setState({ current: shown });
  return shown;
}

/** Opens a popup from an entrance (action type 2), outside the scheduler. */
export function openPopup(popup: ShownPopup): void {
  usePopups.setState({ current: popup });
}

/**
 * Closes the popup. §4: closing register success triggers afterSystemPopup; closing the eye
 * shield restarts its timer.
 */
export function closePopup(now = Date.now()): void {
  const closed = usePopups.getState().current;
  usePopups.setState({ current: null });
  if (closed?.kind === 'eyeShield') useEyeShield.getState().restart(now);
  if (closed?.kind === 'registerSuccess' || closed?.kind === 'visitorLogin') {
    triggerPopup('afterSystemPopup', now);
  }
}
