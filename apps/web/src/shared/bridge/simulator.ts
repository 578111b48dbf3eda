import type { NativeResult } from './bridge';
import { receiveBroadcast } from './native-actions';

/**
 * The bridge simulator (development builds): plays the native shell inside the page. It receives
 * the app's messages like the Android shell (window.PicBookNative.postMessage), logs them,
 * answers each through window.__picbookBridgeReply, and sends broadcasts.
 */
export interface SimulatedCall {
  id: string;
  action: string;
  payload: unknown;
  result: NativeResult;
  at: number;
}

export type Answerer = (action: string, payload: unknown) => NativeResult;

/** Plausible native answers for every §7 action. */
export const defaultAnswers: Answerer = (action, payload) => {
  const p = (payload ?? {}) as Record<string, unknown>;
  switch (action) {
    case 'getStorage':
      return { code: 0, data: { value: simulatedStorage.get(String(p.key)) ?? null } };
    case 'setStorage':
      simulatedStorage.set(String(p.key), String(p.value));
      return { code: 0 };
    case 'removeStorage':
      simulatedStorage.delete(String(p.key));
      return { code: 0 };
    case 'clearStorage':
      simulatedStorage.clear();
      return { code: 0 };
    case 'getAppInfo':
      return p.type === 'network'
        ? { code: 0, data: { networkType: 'wifi' } }
        : { code: 0, data: { uuid: 'sim-uuid', sid: 'sim-sid', timestamp: Date.now() } };
    case 'request':
      return { code: -1020 };
    case 'getWeixinAuthCode':
    case 'getHuaweiAuthCode':
    case 'getXiaomiAuthCode':
    case 'getXiaoduAuthCode':
    case 'getAppleAuthCode':
      return { code: 0, data: { authCode: `sim-${action}` } };
    default:
      return { code: 0 };
  }
};

const simulatedStorage = new Map<string, string>();

export interface Simulator {
  calls: SimulatedCall[];
  broadcast(event: string, data?: unknown): number;
  uninstall(): void;
}

export function installBridgeSimulator(
  options: { answer?: Answerer; onCall?: (call: SimulatedCall) => void } = {},
): Simulator {
  const answer = options.answer ?? defaultAnswers;
  const calls: SimulatedCall[] = [];
  const previous = window.PicBookNative;
  window.PicBookNative = {
    postMessage(json: string) {
      const message = JSON.parse(json) as { id: string; action: string; payload: unknown };
      const result = answer(message.action, message.payload);
      const call = { ...message, result, at: Date.now() };
      calls.push(call);
      options.onCall?.(call);
      // Native answers arrive later, on their own turn.
      queueMicrotask(() => window.__picbookBridgeReply?.(message.id, result));
    },
  };
  window.__picbookNativeReady?.();
  return {
    calls,
    broadcast: (event, data) => receiveBroadcast(event, data),
    uninstall() {
      window.PicBookNative = previous;
    },
  };
}
