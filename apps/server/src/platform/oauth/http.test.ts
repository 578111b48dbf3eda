import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch, jsonResponse, textResponse } from './fake-fetch';
import { codeField, fetchJson, idField, PROVIDER_TIMEOUT_MS, requireOk } from './http';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('fetchJson', () => {
  it('puts a 10 s timeout signal on every call', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const fake = createFakeFetch(() => jsonResponse({ a: 1 }));
    await fetchJson(fake.fetch, 'https://p.example/x', { method: 'GET' }, 'test');
    expect(PROVIDER_TIMEOUT_MS).toBe(10_000);
    expect(timeout).toHaveBeenCalledWith(10_000);
    expect(fake.calls[0]?.signal).toBe(timeout.mock.results[0]?.value);
  });

  it('returns status and body of a non-2xx JSON answer instead of throwing', async () => {
    const fake = createFakeFetch(() => jsonResponse({ error: 1102 }, 400));
    await expect(fetchJson(fake.fetch, 'https://p.example/x', {}, 'test')).resolves.toEqual({
      status: 400,
      ok: false,
      body: { error: 1102 },
    });
  });

  it('reports a timeout as a provider error', async () => {
    const fake = createFakeFetch(() =>
      Promise.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    );
    const result = fetchJson(fake.fetch, 'https://p.example/x', {}, 'test');
    await expect(result).rejects.toMatchObject({ reason: 'provider_error' });
    await expect(result).rejects.toThrow('timed out');
  });

  it('reports a non-JSON body as a provider error, naming the status', async () => {
    const fake = createFakeFetch(() => textResponse('<html>Bad Gateway</html>', 502));
    const result = fetchJson(fake.fetch, 'https://p.example/x?secret=abc', {}, 'test');
    await expect(result).rejects.toMatchObject({ reason: 'provider_error' });
    await expect(result).rejects.toThrow('HTTP 502');
    await expect(result).rejects.not.toThrow('secret=abc');
  });
});

describe('requireOk', () => {
  it('turns a non-2xx status into a provider error even with a JSON body', () => {
    expect(() => requireOk({ status: 500, ok: false, body: {} }, 'test')).toThrow(
      expect.objectContaining({ reason: 'provider_error' }),
    );
  });

  it('refuses a JSON array or scalar where an object is expected', () => {
    expect(() => requireOk({ status: 200, ok: true, body: [1] }, 'test')).toThrow('not a JSON');
    expect(() => requireOk({ status: 200, ok: true, body: 'x' }, 'test')).toThrow('not a JSON');
  });
});

describe('field readers', () => {
  it('read codes and ids sent as numbers or strings', () => {
    expect(codeField({ c: '40029' }, 'c')).toBe(40029);
    expect(codeField({ c: 40029 }, 'c')).toBe(40029);
    expect(codeField({ c: 'x' }, 'c')).toBeUndefined();
    expect(idField({ id: 2346677 }, 'id')).toBe('2346677');
    expect(idField({ id: '' }, 'id')).toBeUndefined();
    expect(idField({ id: 1.5 }, 'id')).toBeUndefined();
  });
});
