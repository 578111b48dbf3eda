import { track } from '../analytics/pingback';
import { uuidV4 } from '../platform/uuid';

/** A native action's answer: code 0 is success; anything else is the native error code. */
export interface NativeResult {
  code: number;
  data?: Record<string, unknown>;
}

interface NativeMessage {
  id: string;
  action: string;
  payload: unknown;
}

declare global {
  interface Window {
    /** Android shells inject this object. */
    PicBookNative?: { postMessage(json: string): void };
    /** iOS shells register a WKScriptMessageHandler named picbook. */
    webkit?: { messageHandlers?: { picbook?: { postMessage(message: unknown): void } } };
    /** The shell calls this with the id of a message and its result. */
    __picbookBridgeReply?: (id: string, result: NativeResult) => void;
    /** The shell calls this once its handlers are ready; queued messages are sent then. */
    __picbookNativeReady?: () => void;
  }
}

/** Spec §7: pending bridge messages queue and warn every 20 queued. */
export const QUEUE_WARN_EVERY = 20;

const pending = new Map<string, (result: NativeResult) => void>();
let queue: NativeMessage[] = [];

function nativeSender(): ((message: NativeMessage) => void) | null {
  if (typeof window === 'undefined') return null;
  if (window.PicBookNative) {
    const target = window.PicBookNative;
    return (m) => target.postMessage(JSON.stringify(m));
  }
  const ios = window.webkit?.messageHandlers?.picbook;
  return ios ? (m) => ios.postMessage(m) : null;
}

function flushQueue(): void {
  const send = nativeSender();
  if (!send) return;
  const waiting = queue;
  queue = [];
  for (const message of waiting) send(message);
}

if (typeof window !== 'undefined') {
  window.__picbookBridgeReply = (id, result) => {
    pending.get(id)?.(result);
    pending.delete(id);
  };
  window.__picbookNativeReady = flushQueue;
}

/** Calls a native action; resolves with its result (queued until the shell is ready). */
export function callNative(action: string, payload: unknown = {}): Promise<NativeResult> {
  const message: NativeMessage = { id: uuidV4(), action, payload };
  return new Promise((resolve) => {
    pending.set(message.id, resolve);
    const send = nativeSender();
    if (send) {
      send(message);
      return;
    }
    queue.push(message);
    if (queue.length % QUEUE_WARN_EVERY === 0) {
      console.warn(`[bridge] ${queue.length} messages waiting for the native shell`);
      track('bridge_queue', { size: queue.length }, 'warn');
    }
  });
}

export const hasNativeBridge = (): boolean => nativeSender() !== null;

/** Test hook. */
export function queuedMessages(): readonly NativeMessage[] {
  return queue;
}
