import { afterEach, describe, expect, it, vi } from 'vitest';
import { callNative, QUEUE_WARN_EVERY, queuedMessages } from './bridge';
import {
  backPress,
  downloadApp,
  getAppInfo,
  idlePolicyFor,
  marketListFor,
  nativeNetworkType,
  nativeRequest,
  nativeStorage,
  onBroadcast,
  webReady,
} from './native-actions';
import { installBridgeSimulator, type Simulator } from './simulator';

let sim: Simulator | null = null;
afterEach(() => {
  sim?.uninstall();
  sim = null;
});

describe('bridge queue and simulator round trips (§7)', () => {
  it('messages wait in the queue until the shell is ready, then go out and are answered', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const before = queuedMessages().length;
    const pending = Array.from({ length: QUEUE_WARN_EVERY }, (_, i) =>
      callNative('setStorage', { key: `k${i}`, value: 'v' }),
    );
    expect(queuedMessages().length).toBe(before + QUEUE_WARN_EVERY);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('messages waiting for the native shell'),
    );
    sim = installBridgeSimulator();
    const results = await Promise.all(pending);
    expect(results.every((r) => r.code === 0)).toBe(true);
    expect(sim.calls.filter((c) => c.action === 'setStorage')).toHaveLength(QUEUE_WARN_EVERY);
    warn.mockRestore();
  });

  it('storage, app info, webReady and downloadApp go through and come back', async () => {
    sim = installBridgeSimulator();
    await nativeStorage.set('greeting', '你好');
    expect(await nativeStorage.get('greeting')).toBe('你好');
    await nativeStorage.remove('greeting');
    expect(await nativeStorage.get('greeting')).toBeNull();
    expect(await getAppInfo()).toMatchObject({ uuid: 'sim-uuid', sid: 'sim-sid' });
    expect(await nativeNetworkType()).toBe('wifi');
    await webReady();
    await downloadApp('vivo');
    const ready = sim.calls.find((c) => c.action === 'webReady');
    expect(ready?.payload).toMatchObject({
      webVersion: expect.any(String),
      buildSource: expect.any(String),
    });
    const download = sim.calls.find((c) => c.action === 'downloadApp');
    expect(download?.payload).toMatchObject({ marketList: expect.arrayContaining(['vivo']) });
    expect((download?.payload as { marketList?: string[] } | undefined)?.marketList?.[0]).toBe(
      'vivo',
    );
  });

  it('an older shell that does not know the network type answers null', async () => {
    sim = installBridgeSimulator({ answer: () => ({ code: -1 }) });
    expect(await nativeNetworkType()).toBeNull();
    sim.uninstall();
    sim = installBridgeSimulator({ answer: () => ({ code: 0, data: { networkType: '' } }) });
    expect(await nativeNetworkType()).toBeNull();
  });

  it('native request failures -1020 and -1202 carry their messages', async () => {
    sim = installBridgeSimulator({
      answer: (action) => ({ code: action === 'request' ? -1202 : 0 }),
    });
    const result = await nativeRequest({ method: 'GET', url: '/api/v1/user' });
    expect(result).toMatchObject({ code: -1202, message: '网络证书校验失败，请检查网络环境' });
    sim.uninstall();
    sim = installBridgeSimulator();
    expect((await nativeRequest({ method: 'GET', url: '/x' })).message).toBe(
      '数据连接已关闭，请在设置中允许使用网络',
    );
  });

  it('broadcasts from the shell reach their handlers', () => {
    sim = installBridgeSimulator();
    const seen: unknown[] = [];
    const stop = onBroadcast('mainWeb.action', (data) => seen.push(data));
    expect(sim.broadcast('mainWeb.action', { go: '/library' })).toBe(1);
    expect(window.__picbookBroadcast?.('mainWeb.action', 2)).toBe(1);
    stop();
    expect(sim.broadcast('mainWeb.action', 3)).toBe(0);
    expect(seen).toEqual([{ go: '/library' }, 2]);
  });
});

describe('§7 setApp idlePolicy: 1 on reading, learning, word and evaluating pages', () => {
  it.each<[string, 0 | 1]>([
    ['/library', 0],
    ['/library/read/1101/1', 1],
    ['/library/repeat/1101/1', 1],
    ['/library/detail/1101/1/0/0', 0],
    ['/learning/video/3', 1],
    ['/learning', 0],
    ['/words/recite/1101', 1],
    ['/evaluating/finished/2', 1],
    ['/parents/center', 0],
  ])('%s → %i', (path, policy) => expect(idlePolicyFor(path)).toBe(policy));
});

describe('downloadApp store list per channel, double-back quit', () => {
  it('puts the channel’s own store first', () => {
    expect(marketListFor('xiaomi')[0]).toBe('xiaomi');
    expect(marketListFor('xiaomi')).toHaveLength(12);
    expect(marketListFor('unknown')[0]).toBe('huawei');
  });
  it.each<[number | null, number, 'warn' | 'quit']>([
    [null, 1000, 'warn'],
    [1000, 3999, 'quit'],
    [1000, 4001, 'warn'],
  ])('last press %s, now %i → %s', (last, now, expected) =>
    expect(backPress(last, now)).toBe(expected),
  );
});
