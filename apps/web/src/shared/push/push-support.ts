import { hasCapability } from '@picbook/domain';
import { hasNativeBridge } from '../bridge/bridge';
import { appEnv } from '../platform/env';

// Whether this device can take push, without the code that subscribes (enable-push.ts): the shell
// asks this when it schedules its popups, and loads the rest only when the family says yes
// (decision 106).

/** The browser can take Web Push here (and the family has not blocked notifications). */
export function webPushAvailable(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    Notification.permission !== 'denied'
  );
}

/** Whether this device can be asked to allow push (the push popup's capability, §4/§6). */
export function canAskForPush(): boolean {
  if (hasNativeBridge()) return hasCapability(appEnv(), 'pushAuth');
  return webPushAvailable();
}

/** The browser already shows our notifications (granted and subscribed before). */
export function webPushGranted(): boolean {
  return webPushAvailable() && Notification.permission === 'granted';
}
