import type { ThirdPartyType } from '@picbook/contracts';
import { callNative, hasNativeBridge, type NativeResult } from './bridge';

/** Login types whose authorisation comes from the native shell (the web QR one does not). */
export type AppAuthType = Exclude<ThirdPartyType, 'wx_web'>;

/** Native actions of spec §7 that fetch a provider's authorisation for the login. */
export const AUTH_ACTIONS: Record<AppAuthType, string> = {
  wx_app: 'getWeixinAuthCode',
  hw_app: 'getHuaweiAuthCode',
  mi_app: 'getXiaomiAuthCode',
  du_app: 'getXiaoduAuthCode',
  apple: 'getAppleAuthCode',
};

export interface AuthCodeResult {
  /** 0 success; the provider's or shell's error code otherwise (1 = cancelled …). */
  code: number;
  authCode: string | null;
}

/**
 * Asks the native shell for an authorisation code. Without a shell (a browser running the
 * development build, or a demo server), the simulator shows the local consent page instead, so
 * the app login flows run end to end on one machine.
 */
export async function getAppAuthCode(
  type: AppAuthType,
  allowSimulator: boolean,
): Promise<AuthCodeResult> {
  let result: NativeResult;
  if (hasNativeBridge()) {
    result = await callNative(AUTH_ACTIONS[type]);
  } else if (allowSimulator) {
    result = await simulateConsent(type);
  } else {
    return { code: -404, authCode: null };
  }
  const authCode = typeof result.data?.auth_code === 'string' ? result.data.auth_code : null;
  return { code: result.code, authCode };
}

/** The bridge simulator: the local consent page in an overlay, answering like the shell would. */
function simulateConsent(type: AppAuthType): Promise<NativeResult> {
  return new Promise((resolve) => {
    const state = Math.random().toString(36).slice(2);
    const overlay = document.createElement('div');
    overlay.setAttribute('data-testid', 'bridge-simulator');
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2000;background:rgba(45,42,74,.55);display:flex;align-items:center;justify-content:center;flex-direction:column;gap:12px';
    const frame = document.createElement('iframe');
    frame.src = `/dev/oauth/consent?type=${type}&mode=bridge&state=${state}`;
    frame.title = 'consent';
    frame.style.cssText =
      'width:min(380px,92vw);height:min(520px,80vh);border:0;border-radius:16px;background:#fff';
    const cancel = document.createElement('button');
    cancel.textContent = '取消授权';
    cancel.style.cssText =
      'padding:10px 24px;border:0;border-radius:99px;background:#fff;font-size:15px';
    overlay.append(frame, cancel);
    const finish = (result: NativeResult) => {
      window.removeEventListener('message', handleMessage);
      overlay.remove();
      resolve(result);
    };
    const handleMessage = (event: MessageEvent) => {
      const data = event.data as { source?: string; code?: string; state?: string } | null;
      if (
        event.origin !== location.origin ||
        data?.source !== 'picbook-oauth' ||
        data.state !== state
      )
        return;
      finish({ code: 0, data: { auth_code: data.code } });
    };
    cancel.onclick = () => finish({ code: 1 });
    window.addEventListener('message', handleMessage);
    document.body.append(overlay);
  });
}
