import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
  localStorage.clear();
});

describe('deviceUuid', () => {
  it('reads the stored uuid once: every request sends it (decision 117)', async () => {
    localStorage.setItem('uuid', '0b6f1a52-4d0e-4c51-9d59-6f3a1c9e2b10');
    const { deviceUuid } = await import('./session');
    const { storage } = await import('../platform/storage');
    const read = vi.spyOn(storage, 'get');
    for (let i = 0; i < 5; i++) expect(deviceUuid()).toBe('0b6f1a52-4d0e-4c51-9d59-6f3a1c9e2b10');
    expect(read.mock.calls.filter(([key]) => key === 'uuid')).toHaveLength(1);
  });

  it('makes and keeps one on a device that has none', async () => {
    const { deviceUuid } = await import('./session');
    const made = deviceUuid();
    expect(made).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(localStorage.getItem('uuid')).toBe(made);
    expect(deviceUuid()).toBe(made);
  });
});
