import type { TEntranceItem } from '@picbook/contracts';
import { parseEnv } from '@picbook/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { returnHistory } from '../../shared/navigation/return-history';
import { toast, useToasts } from '../../shared/toast/toast-store';
import {
  type EntranceDeps,
  type EntranceOutcome,
  resetEntranceDebounce,
  runEntrance,
} from './entrance';

const WEB = parseEnv('Mozilla/5.0 Chrome/120');
const APP = parseEnv('Mozilla/5.0 (Linux; Android 12) PicBookApp/1.6.2 (Android 12; xiaomi)');
const OLD_APP = parseEnv('Mozilla/5.0 (Linux; Android 12) PicBookApp/1.0.0 (Android 12; vivo)');
const XIAODU = parseEnv('Mozilla/5.0 (Linux; Android 9) PicBookApp/1.6.0 (Android 9; xiaodu)');

let clock = 10_000;
function deps(patch: Partial<EntranceDeps> = {}): EntranceDeps & {
  navigate: ReturnType<typeof vi.fn>;
  callNative: ReturnType<typeof vi.fn>;
} {
  return {
    env: WEB,
    isGuest: false,
    isTablet: false,
    currentPath: '/library',
    navigate: vi.fn(),
    requestParental: vi.fn(async () => true),
    requestLogin: vi.fn(),
    showPopup: vi.fn(() => true),
    callNative: vi.fn(async () => ({ code: 0 })),
    openWebScreen: vi.fn(),
    now: () => clock,
    ...patch,
  } as never;
}
const lastToast = () => useToasts.getState().toasts.at(-1);

beforeEach(() => {
  resetEntranceDebounce();
  clock += 5_000;
  useToasts.setState({ toasts: [] });
});

describe('§4 entrance action types 0–5', () => {
  it.each<[string, TEntranceItem, Partial<EntranceDeps>, EntranceOutcome]>([
    ['type 1 pushes an in-app route', { action_type: 1, link: '/mission/growth' }, {}, 'done'],
    ['type 0 in a browser opens an in-app path', { action_type: 0, link: '/act/x' }, {}, 'done'],
    [
      'type 0 in the app asks the native web screen',
      { action_type: 0, link: 'https://a.example/x' },
      { env: APP },
      'done',
    ],
    ['type 2 shows a popup', { action_type: 2, popup_id: 5 }, {}, 'done'],
    [
      'type 2 with an unknown popup',
      { action_type: 2, popup_id: 5 },
      { showPopup: () => false },
      'refused',
    ],
    ['type 3 asks a guest to log in', { action_type: 3 }, { isGuest: true }, 'done'],
    ['type 3 for a member does nothing', { action_type: 3 }, {}, 'ignored'],
    [
      'type 4 in the app opens the mini program',
      { action_type: 4, mini_program: { userName: 'gh_1' } },
      { env: APP },
      'done',
    ],
    [
      'type 5 in the app opens the URI',
      { action_type: 5, uri: 'weixin://x' },
      { env: APP },
      'done',
    ],
    ['another type does nothing', { action_type: 7 }, {}, 'ignored'],
  ])('%s', async (_, item, patch, outcome) => {
    expect(await runEntrance(item, deps(patch))).toBe(outcome);
  });

  it('type 1 remembers the back key for points, lottery and gift list', async () => {
    const d = deps({ currentPath: '/learning' });
    await runEntrance({ action_type: 1, link: '/act/lotteryWheel/3' }, d);
    expect(d.navigate).toHaveBeenCalledWith('/act/lotteryWheel/3');
    expect(returnHistory.get('lotteryWheel')).toBe('/learning');
  });

  it('type 0 in the app passes hideTopBar, orientation (default 2) and networkPolicy', async () => {
    const d = deps({ env: APP });
    await runEntrance({ action_type: 0, link: 'https://a.example', hideTopBar: 1 }, d);
    expect(d.callNative).toHaveBeenCalledWith('openWeb', {
      path: 'https://a.example',
      hideTopBar: 1,
      orientation: 2,
      networkPolicy: 0,
    });
  });

  it('link_phone and link_tablet win over link by device', async () => {
    const item = { action_type: 1, link: '/a', link_phone: '/phone', link_tablet: '/tablet' };
    const phone = deps();
    await runEntrance(item, phone);
    expect(phone.navigate).toHaveBeenCalledWith('/phone');
    resetEntranceDebounce();
    const tablet = deps({ isTablet: true });
    await runEntrance(item, tablet);
    expect(tablet.navigate).toHaveBeenCalledWith('/tablet');
  });
});

describe('§5 link checks and §8 errors', () => {
  it.each<[string, TEntranceItem, Partial<EntranceDeps>, string]>([
    ['no link', { action_type: 1 }, {}, '链接配置错误'],
    ['an empty link', { action_type: 0, link: ' ' }, {}, '链接配置错误'],
    [
      'points on Xiaodu',
      { action_type: 1, link: '/parents/points' },
      { env: XIAODU },
      '设备不支持积分商城',
    ],
    [
      'gift list on Xiaodu',
      { action_type: 1, link: '/parents/giftList' },
      { env: XIAODU },
      '设备不支持我的奖品页面',
    ],
    [
      'a mini program in a browser',
      { action_type: 4, mini_program: { userName: 'gh_1' } },
      {},
      '该功能仅支持在App中使用',
    ],
    [
      'a URI in an old app',
      { action_type: 5, uri: 'x://y' },
      { env: OLD_APP },
      '打开失败，请升级APP到最新版本',
    ],
    [
      'mini program code -1',
      { action_type: 4, mini_program: { userName: 'gh_1' } },
      { env: APP, callNative: async () => ({ code: -1 }) },
      '请安装并登录微信',
    ],
    [
      'mini program other code',
      { action_type: 4, mini_program: { userName: 'gh_1' } },
      { env: APP, callNative: async () => ({ code: 7 }) },
      '无法跳转到微信 #7',
    ],
    [
      'open URI failure',
      { action_type: 5, uri: 'x://y' },
      { env: APP, callNative: async () => ({ code: 3 }) },
      '无法打开此链接 #3',
    ],
  ])('%s → %s', async (_, item, patch, message) => {
    expect(await runEntrance(item, deps(patch))).not.toBe('done');
    expect(lastToast()?.message).toBe(message);
  });

  it('a not_support item warns with its own message for 4 seconds', async () => {
    const d = deps();
    const warning = vi.spyOn(toast, 'warning');
    expect(
      await runEntrance(
        { action_type: 1, link: '/a', not_support: 1, not_support_msg: '请在平板上参加' },
        d,
      ),
    ).toBe('refused');
    expect(warning).toHaveBeenCalledWith('请在平板上参加', 4000);
    expect(lastToast()).toMatchObject({ message: '请在平板上参加', kind: 'warning' });
    expect(d.navigate).not.toHaveBeenCalled();
  });
});

describe('parental flag and debounce', () => {
  it('a parental item goes through the gate first; closing the gate stops it', async () => {
    const closed = deps({ requestParental: vi.fn(async () => false) });
    expect(await runEntrance({ action_type: 1, link: '/parents/store', parental: 1 }, closed)).toBe(
      'refused',
    );
    expect(closed.requestParental).toHaveBeenCalledOnce();
    expect(closed.navigate).not.toHaveBeenCalled();
    resetEntranceDebounce();
    const passed = deps();
    expect(await runEntrance({ action_type: 1, link: '/parents/store', parental: 1 }, passed)).toBe(
      'done',
    );
    expect(passed.navigate).toHaveBeenCalledWith('/parents/store');
  });

  it('taps within 1 s are ignored (§9 link-tap debounce)', async () => {
    const d = deps();
    const item = { action_type: 1, link: '/a' };
    expect(await runEntrance(item, d)).toBe('done');
    clock += 999;
    expect(await runEntrance(item, d)).toBe('ignored');
    clock += 2;
    expect(await runEntrance(item, d)).toBe('done');
    expect(d.navigate).toHaveBeenCalledTimes(2);
  });
});
