/**
 * localStorage that never throws: private browsing and some WebViews refuse storage, and a
 * child's app must keep working (values then live for the page's lifetime only).
 */
const memory = new Map<string, string>();

function store(): Storage | null {
  try {
    const s = window.localStorage;
    const probe = '__picbook_probe__';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

const backing = typeof window === 'undefined' ? null : store();

export const storage = {
  get(key: string): string | null {
    return backing ? backing.getItem(key) : (memory.get(key) ?? null);
  },
  set(key: string, value: string): void {
    if (backing) backing.setItem(key, value);
    else memory.set(key, value);
  },
  remove(key: string): void {
    if (backing) backing.removeItem(key);
    else memory.delete(key);
  },
};
