import type { TOpsMe } from '@picbook/contracts';
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';

/**
 * The console's one door to the server: the operators' API of decision 044 with the header
 * `ops_token` (never a family's token). The session lives in sessionStorage: closing the
 * browser ends it on this machine, and the server ends it after 8 hours anyway.
 */
const KEY = 'picbook_ops_session';

interface OpsSession {
  token: string | null;
  operator: string | null;
  set(token: string, operator: string): void;
  clear(): void;
}

function saved(): { token: string; operator: string } | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as { token: string; operator: string }) : null;
  } catch {
    return null;
  }
}

export const useOpsSession = create<OpsSession>((set) => ({
  token: saved()?.token ?? null,
  operator: saved()?.operator ?? null,
  set(token, operator) {
    sessionStorage.setItem(KEY, JSON.stringify({ token, operator }));
    set({ token, operator });
  },
  clear() {
    sessionStorage.removeItem(KEY);
    set({ token: null, operator: null });
  },
}));

/** A refused or failed call: the server's code and message (shown to the operator as is). */
export class OpsError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'OpsError';
  }
}

const NOT_LOGGED_IN = 10008;

export async function opsFetch<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const token = useOpsSession.getState().token;
  // FormData (an upload) sets its own multipart content type.
  const form = body instanceof FormData;
  const res = await fetch(path, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      ...(token ? { ops_token: token } : {}),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const envelope = (await res.json().catch(() => ({}))) as {
    code?: number;
    msg?: string;
    data?: T;
  };
  if (envelope.code === 0) return envelope.data as T;
  if (envelope.code === NOT_LOGGED_IN) useOpsSession.getState().clear();
  throw new OpsError(envelope.code ?? res.status, envelope.msg ?? `HTTP ${res.status}`);
}

/** Runs an audited action; answers its result and the audit row's id. */
export function runAction<R = unknown>(name: string, input: unknown, reason?: string) {
  return opsFetch<{ result: R; audit_id: number }>('POST', `/api/ops/actions/${name}`, {
    input,
    ...(reason ? { reason } : {}),
  });
}

export function readView<R = unknown>(name: string, input: unknown = {}, reason?: string) {
  return opsFetch<{ result: R; audit_id: number | null }>('POST', `/api/ops/views/${name}`, {
    input,
    ...(reason ? { reason } : {}),
  });
}

/** A console list, refetched after every action (the query client is invalidated). */
export function useView<R>(name: string, input: unknown = {}, enabled = true) {
  return useQuery({
    queryKey: ['ops-view', name, input],
    queryFn: async () => (await readView<R>(name, input)).result,
    enabled,
  });
}

export function useOpsMe() {
  const token = useOpsSession((s) => s.token);
  return useQuery({
    queryKey: ['ops-me', token],
    queryFn: () => opsFetch<TOpsMe>('GET', '/api/ops/me'),
    enabled: token !== null,
  });
}
