import { create } from 'zustand';
import { storage } from '../platform/storage';
import { uuidV4 } from '../platform/uuid';

/** Keys of the values the spec stores on the client. */
export const SESSION_KEYS = { token: 'access_token', childId: 'child_id', uuid: 'uuid' } as const;

interface SessionState {
  token: string | null;
  childId: string | null;
  setLogin(token: string, childId?: number | null): void;
  setChildId(childId: number | null): void;
  /** Forgets the token (logout or a 401); the login screen then shows. */
  logout(): void;
}

export const useSession = create<SessionState>((set) => ({
  token: storage.get(SESSION_KEYS.token),
  childId: storage.get(SESSION_KEYS.childId),
  setLogin(token, childId) {
    storage.set(SESSION_KEYS.token, token);
    if (childId != null) storage.set(SESSION_KEYS.childId, String(childId));
    set({ token, ...(childId != null ? { childId: String(childId) } : {}) });
  },
  setChildId(childId) {
    if (childId == null) storage.remove(SESSION_KEYS.childId);
    else storage.set(SESSION_KEYS.childId, String(childId));
    set({ childId: childId == null ? null : String(childId) });
  },
  logout() {
    storage.remove(SESSION_KEYS.token);
    storage.remove(SESSION_KEYS.childId);
    // The offline copies go with the session (offline-books subscribes to the token).
    set({ token: null, childId: null });
  },
}));

let uuid: string | null = null;
/**
 * The device uuid: persisted random v4, created on first use. Kept after the first read: every
 * request sends it, and each read of localStorage took the first load's main thread ~0.4 ms
 * (issue 41, decision 117). Nothing changes it once made (logging out keeps it).
 */
export function deviceUuid(): string {
  if (uuid) return uuid;
  uuid = storage.get(SESSION_KEYS.uuid);
  if (!uuid) {
    uuid = uuidV4();
    storage.set(SESSION_KEYS.uuid, uuid);
  }
  return uuid;
}

let sid: string | null = null;
/** Session id: one per page session (survives reloads in the same tab). */
export function sessionId(): string {
  if (sid) return sid;
  try {
    sid = window.sessionStorage.getItem('sid');
    if (!sid) {
      sid = uuidV4();
      window.sessionStorage.setItem('sid', sid);
    }
  } catch {
    sid = uuidV4();
  }
  return sid;
}
